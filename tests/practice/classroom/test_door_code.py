"""The teacher's one-time door code (`classroom.door_code`) on a real class folder: it opens
once, wrong codes count like every other secret (per device and per address, never on the
code), and the device it let in is marked as one that opened "door" (an owner for the page
caps: tests/server/test_device_standing.py). Through a real class server:
tests/security/test_security_flood.py."""

from __future__ import annotations

from pathlib import Path

from sq_edu.practice.classroom.door_code import (
    LIFETIME,
    OPEN,
    SPENT,
    WAIT,
    WRONG,
    DoorCode,
    spoken,
    typed_code,
)
from sq_edu.practice.guess_limit import ADDRESS_FREE, Device, GuessLimit


def test_a_code_is_six_digits_however_it_is_typed() -> None:
    assert typed_code("482 913") == typed_code("482-913") == typed_code("４８２９１３") == "482913"
    assert typed_code("48291") == typed_code("482913a") == typed_code(None) == ""
    assert spoken("482913") == "482 913"


def test_the_code_opens_once_and_the_next_is_drawn(tmp_path: Path) -> None:
    doors = DoorCode(tmp_path)
    code = doors.current()
    assert len(code) == 6 and doors.current() == code   # drawn once, then kept
    late, second = Device("10.0.0.8", "tablet"), Device("10.0.0.8", "phone")
    assert doors.open_with(spoken(code), late) == (OPEN, 0)
    assert doors.current() != code
    assert doors.open_with(code, second) == (SPENT, 0)
    assert [(u["address"], u["device"], u["code"]) for u in doors.uses()] == [
        ("10.0.0.8", "10.0.0.8|tablet", code)]
    assert GuessLimit(tmp_path).opened()[0][:2] == ("door", late.key)


def test_a_flood_of_wrong_codes_locks_neither_the_code_nor_a_new_device_out(
        tmp_path: Path) -> None:
    doors = DoorCode(tmp_path)
    code = doors.current()
    wrong = f"{(int(code) + 1) % 10**6:06d}"
    results = [doors.open_with(wrong, Device("10.0.0.8", f"script{n}"))[0]
               for n in range(ADDRESS_FREE + 30)]
    assert set(results) == {WRONG}   # each fresh cookie's first try is checked
    guesser = Device("10.0.0.8", "guesser")
    for _ in range(5):
        doors.open_with(wrong, guesser)
    assert doors.open_with(code, guesser)[0] == WAIT   # the guessing device waits, unchecked
    assert doors.current() == code
    assert doors.open_with(code, Device("10.0.0.8", "late"))[0] == OPEN


def test_there_is_no_door_code_without_a_folder() -> None:
    doors = DoorCode(None)
    assert doors.current() == "" and doors.open_with("000000", Device("1.2.3.4", "x"))[0] == WRONG


def test_a_code_opens_for_its_lifetime_only_and_is_not_redrawn_until_asked(
        tmp_path: Path) -> None:
    """2,000-4,000 checked guesses a minute from fresh cookies would find a code left open all
    day; a code opens for LIFETIME after it is drawn, and none opens until the teacher asks."""
    now = [1000.0]
    doors = DoorCode(tmp_path, clock=lambda: now[0])
    code = doors.current()
    now[0] += LIFETIME - 1
    assert doors.current() == code
    now[0] += 1
    assert doors.current() == ""   # expired, and not replaced by itself
    late = Device("10.0.0.8", "tablet")
    assert doors.open_with(code, late) == (WRONG, 0)
    fresh = doors.renew()   # the teacher's "New door code"
    assert fresh and doors.current() == fresh
    assert doors.open_with(fresh, Device("10.0.0.8", "phone")) == (OPEN, 0)
    assert doors.current() not in ("", fresh)   # after a use the next opens at once
