"""Who a device is for the page caps (`DeviceStanding`), from a real guess counter's file; the
same through a real class server in tests/security/test_security_flood.py."""

from __future__ import annotations

from pathlib import Path

from sq_edu.practice.guess_limit import Device, GuessLimit
from sq_edu.server.device_standing import SETTLE, VOUCHES, DeviceStanding


def at(key: str) -> Device:
    """The device of a key ("address|cookie")."""
    address, _, cookie = key.partition("|")
    return Device(address, cookie)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def _standing(folder: Path) -> tuple[GuessLimit, DeviceStanding, Clock]:
    clock = Clock()
    limit = GuessLimit(folder, clock=clock)
    return limit, DeviceStanding(lambda: limit, clock=clock), clock


def test_a_record_made_here_vouches_only_once_it_is_of_age(tmp_path: Path) -> None:
    limit, standing, clock = _standing(tmp_path)
    limit.succeeded("learner:junk", at("10.0.0.9|script1"), made=True)
    limit.succeeded("learner:junk", at("10.0.0.9|script2"))
    assert standing("10.0.0.9|script1") == standing("10.0.0.9|script2") == ""
    clock.now += SETTLE + 1   # the file did not change: the answer does, with the time
    assert standing("10.0.0.9|script1") == standing("10.0.0.9|script2") == "owner"


def test_a_returning_childs_record_vouches_at_once_for_its_first_devices(tmp_path: Path) -> None:
    limit, standing, clock = _standing(tmp_path)
    devices = [f"10.0.0.9|cookie{n}" for n in range(VOUCHES + 2)]
    for device in devices:   # a record from an earlier lesson: never made under this counter
        clock.now += 1
        limit.succeeded("learner:anna", at(device))
    assert [standing(d) for d in devices] == ["owner"] * VOUCHES + ["", ""]
    limit.succeeded("teacher", at("10.0.0.9|laptop"))
    assert standing("10.0.0.9|laptop") == "teacher"
    assert standing("10.0.0.9|-") == standing("10.0.0.9|never") == ""


def test_the_mark_of_when_a_device_first_opened_survives_later_answers(tmp_path: Path) -> None:
    limit, standing, clock = _standing(tmp_path)
    limit.succeeded("learner:anna", at("10.0.0.9|tablet"))
    first = clock.now
    for n in range(VOUCHES):
        clock.now += 120
        limit.succeeded("learner:anna", at(f"10.0.0.9|other{n}"))
    clock.now += 120
    limit.succeeded("learner:anna", at("10.0.0.9|tablet"))   # she comes back: still among the first
    assert ("learner:anna", "10.0.0.9|tablet", first) in limit.opened()
    assert standing("10.0.0.9|tablet") == "owner"
    assert standing(f"10.0.0.9|other{VOUCHES - 1}") == ""


def test_a_device_the_door_code_let_in_is_an_owner(tmp_path: Path) -> None:
    """The teacher's one-time door code, spent by a late child's new tablet: that device is
    an owner at once (no record, no age); the next cookie at the address is not."""
    from sq_edu.practice.classroom.door_code import OPEN, DoorCode

    limit, standing, _clock = _standing(tmp_path)
    doors = DoorCode(tmp_path, clock=limit.clock)
    assert doors.open_with(doors.current(), at("10.0.0.9|tablet"))[0] == OPEN
    assert standing("10.0.0.9|tablet") == "owner"
    assert standing("10.0.0.9|script") == ""
    limit.succeeded("teacher", at("10.0.0.9|laptop"))
    doors.open_with(doors.current(), at("10.0.0.9|laptop"))
    assert standing("10.0.0.9|laptop") == "teacher"   # the door does not demote the teacher
