"""Exit tickets: the code round-trips, a changed or made-up code is refused with its reason,
the teacher's side counts only what the answers earn (a forged 10/10 needs the right answers),
refuses tickets from the future, copies under another name and nicknames the server refuses,
folds nicknames as the server does, counts the same ticket once, and never raises."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sq_edu.i18n import t
from sq_edu.practice import load_lessons, typed_form
from sq_edu.practice.classroom.diagnosis import class_csv, skill_grid
from sq_edu.practice.classroom.exit_ticket import (
    ALPHABET,
    VERSION,
    Item,
    Ticket,
    TicketError,
    decode,
    encode,
    encode_long,
    from_code,
    item_of,
    key_id,
    new_key,
    to_code,
)
from sq_edu.practice.classroom.ticket_box import TicketBox, activity_of, ticket_of
from sq_edu.practice.classroom.ticket_proof import checked
from sq_edu.practice.generators import generate
from sq_edu.practice.mastery import Mastery
from tests.apps.lesson.test_lesson_app import wrong_answer

KEY = "k" * 22
NOW = datetime(2026, 12, 2, 9, 15)
LESSON = load_lessons().lessons["equations"]


def items(right: int, wrong: int = 0, level: int = 1, first: int = 1) -> list[Item]:
    """`right` items answered right, then `wrong` answered wrong (as a page gives them)."""
    out = []
    for n in range(right + wrong):
        ex = generate(LESSON, level, first + n)
        answer = typed_form(ex, ex.answers[0]) if n < right else wrong_answer(ex)
        out.append(item_of(level, ex.seed, answer))
    return out


def a_ticket(nickname: str = "Mila", right: int = 3, wrong: int = 2, level: int = 2,
             minute: int = 9 * 60 + 15) -> Ticket:
    return Ticket(nickname, "equations", level, 3, NOW.date().toordinal(), minute,
                  items=tuple(items(right, wrong)))


def read(box: TicketBox, ticket: Ticket, key: str = KEY) -> str:
    return box.read(encode(ticket, key), now=NOW + timedelta(minutes=5)).key


def test_round_trip_keeps_every_field() -> None:
    ticket = a_ticket("Мила Ё")
    got = decode(encode(ticket, KEY), KEY)
    assert (got.nickname, got.lesson, got.level, got.unlocked, got.items, got.when) == (
        ticket.nickname, ticket.lesson, 2, 3, ticket.items, NOW)


def test_every_kind_of_answer_checks_the_same_on_the_teachers_side() -> None:
    """The right answer, as each lesson's page gives it, travels and is judged right."""
    for lesson in load_lessons().lessons.values():
        for level in lesson.levels:
            ex = generate(lesson, level.number, 7)
            item = item_of(level.number, ex.seed, typed_form(ex, ex.answers[0]))
            ticket = Ticket("Mila", lesson.id, level.number, level.number,
                            NOW.date().toordinal(), 0, items=(item,))
            [day] = checked(decode(encode(ticket, KEY), KEY)).skills
            assert (day.attempts, day.right) == (1, 1), (lesson.id, level.number, item)


def test_code_is_grouped_and_typable() -> None:
    code = encode(a_ticket(), KEY)
    groups = code.split("-")
    assert all(len(g) == 5 for g in groups[:-1]) and 1 <= len(groups[-1]) <= 5
    assert set(code.replace("-", "")) <= set(ALPHABET)
    assert not set(code) & set("ILOU")
    assert len(code) <= 200, code
    typed = code.replace("-", " ").lower().replace("0", "o").replace("1", "l")
    assert decode(typed, KEY) == decode(code, KEY)
    russian = code.translate(str.maketrans({"A": "А", "B": "В", "E": "Е", "K": "К", "M": "М"}))
    assert decode(russian, KEY) == decode(code, KEY)


def test_a_changed_character_is_refused() -> None:
    """In a short code every changed character is a typo in its own group; in the version 2
    code (still read) the HMAC refuses it."""
    code = encode(a_ticket(right=1, wrong=1), KEY).replace("-", "")
    for at in range(1, len(code)):
        char = "Z" if code[at] != "Z" else "Y"
        with pytest.raises(TicketError) as refused:
            decode(code[:at] + char + code[at + 1:], KEY)
        assert (refused.value.key, refused.value.params["group"]) == ("exit_ticket.typo",
                                                                      at // 5 + 1)
    code = encode_long(a_ticket(right=1, wrong=1), KEY).replace("-", "")
    for at in range(len(code)):
        char = "Z" if code[at] != "Z" else "Y"
        with pytest.raises(TicketError) as refused:
            decode(code[:at] + char + code[at + 1:], KEY)
        assert refused.value.key in {"exit_ticket.forged", "exit_ticket.damaged",
                                     "exit_ticket.other_class", "exit_ticket.not_a_ticket",
                                     "exit_ticket.old_ticket"}


def test_another_class_and_an_old_ticket_are_named() -> None:
    with pytest.raises(TicketError) as refused:
        decode(encode(a_ticket(), new_key()), KEY)
    assert refused.value.key == "exit_ticket.other_class"
    data = bytearray(from_code(encode_long(a_ticket(), KEY)))
    data[-1] ^= 1
    with pytest.raises(TicketError) as refused:
        decode(to_code(bytes(data)), KEY)
    assert refused.value.key == "exit_ticket.forged"
    old = bytes([VERSION - 1, *key_id(KEY)]) + bytes(20)   # a version 1 ticket: a signed score
    with pytest.raises(TicketError) as refused:
        decode(to_code(old), KEY)
    assert refused.value.key == "exit_ticket.old_ticket"


def test_a_forged_score_counts_only_what_its_answers_earn() -> None:
    """The key is in every child's link: a child can make a ticket. "Level 9, 10/10" made of
    wrong answers counts 0 right at level 1; one right item sent ten times counts once."""
    box = TicketBox(KEY)
    forged = replace(a_ticket("Anna", right=0, wrong=10), level=9)
    assert read(box, forged) == "exit_ticket.added"
    [cell] = skill_grid(box.activities()).cells.values()
    assert (cell.attempts, cell.right) == (10, 0)
    assert box.tickets[("anna.json", "equations")][1].level == 1
    one = items(1)[0]
    repeated = replace(a_ticket("Boris"), items=(one,) * 10, minute=9 * 60 + 20)
    assert read(box, repeated) == "exit_ticket.added"
    assert box.tickets[("boris.json", "equations")][1].skills[0].attempts == 1
    honest = a_ticket("Anna", right=5, wrong=0, minute=9 * 60 + 30)
    assert read(box, honest) == "exit_ticket.updated"
    assert box.tickets[("anna.json", "equations")][1].skills[0].right == 5


def test_a_ticket_from_the_future_is_refused_and_a_real_one_is_kept() -> None:
    box = TicketBox(KEY)
    assert read(box, a_ticket("Anna", right=3)) == "exit_ticket.added"
    ahead = replace(a_ticket("Anna", right=4), day=NOW.date().toordinal() + 3650)
    reading = box.read(encode(ahead, KEY), now=NOW)
    assert (reading.key, reading.tone) == ("exit_ticket.from_future", "bad")
    assert box.tickets[("anna.json", "equations")][1].skills[0].right == 3   # still hers
    a_little = replace(a_ticket("Anna", right=4), minute=9 * 60 + 20)   # 5 min ahead
    assert box.read(encode(a_little, KEY), now=NOW).key == "exit_ticket.updated"


def test_a_copy_under_another_name_is_refused() -> None:
    box = TicketBox(KEY)
    assert read(box, a_ticket("Anna")) == "exit_ticket.added"
    reading = box.read(encode(a_ticket("Boris"), KEY), now=NOW)
    assert (reading.key, reading.tone) == ("exit_ticket.copied", "bad")
    assert reading.ticket is not None and reading.ticket.nickname == "Anna"
    assert len(box.activities()) == 1


@pytest.mark.parametrize("nickname", [
    "<b>Anna</b>", '=HYPERLINK("http://x","Anna")', "\u3164", "Anna\u200f", "\u202eannA",
    "A" * 31, "Аnna", "Anna\u200b", "Ann\u0430",
])
def test_nicknames_the_server_refuses_are_refused(nickname: str) -> None:
    assert read(TicketBox(KEY), a_ticket(nickname)) == "exit_ticket.bad_nickname"


def test_nicknames_fold_as_the_server_folds_them() -> None:
    box = TicketBox(KEY)
    assert read(box, a_ticket("Anna", right=1)) == "exit_ticket.added"
    assert read(box, a_ticket("ANNA ", right=2, minute=9 * 60 + 16)) == "exit_ticket.updated"
    assert read(box, a_ticket("ａｎｎａ", right=3, minute=9 * 60 + 17)) == "exit_ticket.updated"
    assert [a.nickname for a in box.activities()] == ["ａｎｎａ"]


def test_ticket_becomes_the_same_grid_and_csv_as_the_live_view() -> None:
    box = TicketBox(KEY)
    read(box, a_ticket("Mila", right=5, wrong=2))
    read(box, a_ticket("Bo", right=1, wrong=0, minute=9 * 60 + 18))
    grid = skill_grid(box.activities())
    assert grid.learners == ["Bo", "Mila"]
    cell = grid.cells[("Mila", "pairs")]
    assert (cell.attempts, cell.right, cell.level) == (7, 5, 1)
    table = class_csv(box.activities(), "5b", "ru")
    assert table.splitlines()[0].startswith(t("classroom.csv_class", "ru"))
    assert "5b,Mila,equations,1,pairs,7,5," in table


def test_the_child_side_shows_what_the_teacher_will_count() -> None:
    mastery = Mastery()
    mastery.lesson("equations").level = 2
    ticket = ticket_of("Mila", "equations", mastery, items(2, 1), NOW)
    assert [(d.attempts, d.right) for d in ticket.skills] == [(3, 2)]
    box = TicketBox(KEY)
    assert box.read(encode(ticket, KEY), now=NOW).ticket == replace(ticket, key_id=key_id(KEY))
    assert activity_of(ticket).nickname == "Mila"


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=120), st.text(alphabet=ALPHABET + "-", max_size=120),
                 st.binary(max_size=60).map(to_code), st.none(), st.integers()))
def test_bad_input_is_a_refusal_never_a_traceback(code: object) -> None:
    reading = TicketBox(KEY).read(code)
    assert reading.tone == "bad" and reading.key.startswith("exit_ticket.")
    assert t(reading.key, "ru") != reading.key
