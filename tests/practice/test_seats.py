"""The seat model of a shared table: who may sit, and when the screen must be handed over."""

from __future__ import annotations

import pytest

from sq_edu.practice.seats import BOT, PERSON, Seat, SeatError, check_seats, needs_pass, solo


def test_a_table_of_two_people_and_a_bot_is_made_ready() -> None:
    ready = check_seats([Seat(PERSON, "  Mum ", "helper"), Seat(PERSON, "Masha", "quiz"),
                         Seat(BOT, bot="counting")])
    assert [s.name for s in ready] == ["Mum", "Masha", ""]
    assert [s.coach for s in ready] == ["helper", "quiz", "off"]
    assert ready[2].bot == "counting" and not ready[2].is_person


@pytest.mark.parametrize(("seats", "key"), [
    ([Seat(PERSON, "Masha")], "seats.error_count"),
    ([Seat(PERSON, f"P{i}") for i in range(6)], "seats.error_count"),
    ([Seat(BOT), Seat(BOT)], "seats.error_no_person"),
    ([Seat(PERSON, "Masha"), Seat(PERSON, "masha")], "seats.error_same_name"),
    ([Seat(PERSON, "Masha"), Seat(PERSON, "")], "seats.error_name"),
    ([Seat(PERSON, "Masha"), Seat("dragon", "x")], "seats.error_kind"),
])
def test_a_table_that_cannot_start_says_why_in_both_languages(seats: list[Seat],
                                                              key: str) -> None:
    with pytest.raises(SeatError) as caught:
        check_seats(seats)
    assert caught.value.msg.key == key
    en, ru = caught.value.msg.render("en"), caught.value.msg.render("ru")
    assert en and ru and en != ru and "{" not in en + ru


def test_the_screen_is_passed_only_between_two_people() -> None:
    table = [Seat(PERSON, "Mum"), Seat(BOT), Seat(PERSON, "Masha")]
    assert needs_pass(table, None, 0)            # nobody's cards shown yet
    assert not needs_pass(table, 0, 0)           # Mum still has the screen
    assert not needs_pass(table, 0, 1)           # a bot decides: no pass
    assert needs_pass(table, 0, 2)               # Masha after Mum
    assert not any(needs_pass(solo(3), shown, seat) for shown in (None, 0)
                   for seat in range(4))          # one child against bots never passes
