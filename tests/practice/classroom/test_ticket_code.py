"""The short exit-ticket code (version 3): the same content as before in about half the
characters, typed in any case, with spaces, look-alikes or Russian letters; a one-character
typo names its group kindly; a changed bit with every check put right is still refused by the
HMAC, and a forged score still counts only what its answers earn."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from sq_edu.i18n import t
from sq_edu.practice import load_lessons, typed_form
from sq_edu.practice.classroom import exit_ticket as tickets
from sq_edu.practice.classroom.exit_ticket import Ticket, TicketError, decode, encode
from sq_edu.practice.classroom.ticket_box import TicketBox
from sq_edu.practice.classroom.ticket_code import clean, from_text, to_text
from sq_edu.practice.generators import exercise_seed, generate
from tests.apps.lesson.test_lesson_app import wrong_answer

KEY = "k" * 22
NOW = datetime(2026, 12, 2, 9, 15)
LESSONS = load_lessons().lessons


def _ticket(lesson: str = "equations", level: int = 1, n: int = 10, right: bool = True,
            nickname: str = "Mila") -> Ticket:
    items = []
    for i in range(n):
        ex = generate(LESSONS[lesson], level, exercise_seed(4321, i))
        answer = typed_form(ex, ex.answers[0]) if right else wrong_answer(ex)
        items.append(tickets.item_of(level, ex.seed, answer))
    return Ticket(nickname, lesson, level, level, NOW.date().toordinal(), 9 * 60 + 10,
                  items=tuple(items))


@pytest.mark.parametrize(("lesson", "level"), [("equations", 1), ("chances", 1),
                                               ("chances", 3), ("card_detective", 1)])
def test_about_half_the_characters_and_the_same_items(lesson: str, level: int) -> None:
    ticket = _ticket(lesson, level)
    short, long = encode(ticket, KEY), tickets.encode_long(ticket, KEY)
    assert short.startswith("3") and all(len(group) == 5 for group in short.split("-"))
    assert len(short.replace("-", "")) < 0.6 * len(long.replace("-", ""))
    assert len(short.replace("-", "")) <= 110, short
    got = decode(short, KEY)
    assert (got.nickname, got.level, got.when) == ("Mila", level, NOW - timedelta(minutes=5))
    assert [(i.level, i.seed) for i in got.items] == [(i.level, i.seed) for i in ticket.items]
    assert got == decode(long, KEY)   # what the teacher's page re-checks is unchanged


def test_typed_with_spaces_lower_case_look_alikes_and_russian_letters() -> None:
    code = encode(_ticket(nickname="Мила"), KEY)
    want = decode(code, KEY)
    typed = "  " + code.replace("-", " ").lower().replace("0", "o").replace("1", "l") + " "
    russian = code.replace("-", "").translate(str.maketrans(
        {"A": "а", "B": "в", "E": "е", "K": "к", "M": "м", "H": "н", "P": "р", "C": "с",
         "T": "т", "X": "х", "3": "З"}))
    for form in (typed, russian, code.replace("-", "")):
        assert decode(form, KEY) == want


def test_a_typo_names_its_group_kindly() -> None:
    code = encode(_ticket(), KEY)
    groups = code.split("-")
    wrong = groups[2][:1] + ("Z" if groups[2][1] != "Z" else "Y") + groups[2][2:]
    typed = "-".join([*groups[:2], wrong, *groups[3:]])
    with pytest.raises(TicketError) as refused:
        decode(typed, KEY)
    assert refused.value.key == "exit_ticket.typo"
    assert refused.value.params == {"group": 3, "chars": wrong}
    reading = TicketBox(KEY).read(typed, now=NOW)
    said = t(reading.key, "en", nickname="", **reading.params)
    assert said.startswith(f"Group 3 ({wrong}) has a typo") and reading.tone == "bad"
    assert "опечатка" in t(reading.key, "ru", **reading.params)
    swapped = "-".join([*groups[:2], groups[3], groups[2], *groups[4:]])   # two groups swapped
    with pytest.raises(TicketError) as refused:
        decode(swapped, KEY)
    assert refused.value.key == "exit_ticket.typo"
    with pytest.raises(TicketError) as refused:
        decode(code[:-1], KEY)   # a character left out
    assert refused.value.key == "exit_ticket.typo_length"


def test_a_changed_bit_with_every_check_put_right_is_forged() -> None:
    """The group checks only help with typing: the HMAC still signs every bit."""
    bits = from_text(clean(encode(_ticket(), KEY)))
    for at in (60, 100, len(bits.bits) - 25):   # the key, the nickname, an item
        changed = bits.bits[:at] + ("1" if bits.bits[at] == "0" else "0") + bits.bits[at + 1:]
        with pytest.raises(TicketError) as refused:
            decode(to_text(type(bits)(changed)), KEY)
        assert refused.value.key in ("exit_ticket.forged", "exit_ticket.other_class")


def test_a_forged_score_in_a_short_code_counts_only_what_its_answers_earn() -> None:
    box = TicketBox(KEY)
    forged = replace(_ticket(right=False, nickname="Anna"), level=9, unlocked=9)
    assert box.read(encode(forged, KEY), now=NOW).key == "exit_ticket.added"
    kept = box.tickets[("anna.json", "equations")][1]
    assert kept.level == 1 and [(d.attempts, d.right) for d in kept.skills] == [(10, 0)]
