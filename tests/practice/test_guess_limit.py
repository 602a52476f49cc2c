"""The guess counter slows the guessing device, never the owner (OWASP ASVS 2.2, device
cookies): the waits fall on the device that guessed, and on new devices at its address once
many tries came from there, never on a device that opened the target before."""

from __future__ import annotations

from pathlib import Path

from sq_edu.practice.guess_limit import (
    ADDRESS_FREE,
    TARGET_FREE,
    Device,
    GuessLimit,
    client_device,
)

GUESSER = Device("10.0.0.9", "guesser")


def test_the_guessing_device_waits_and_another_device_does_not(tmp_path: Path) -> None:
    limit = GuessLimit(tmp_path)
    waits = [limit.failed("class", GUESSER) for _ in range(TARGET_FREE + 1)]
    assert waits[:TARGET_FREE - 1] == [0] * (TARGET_FREE - 1) and waits[-1] >= 30
    assert limit.wait_left("class", GUESSER) >= 30
    assert limit.wait_left("class", Device("10.0.0.5", "latechild")) == 0
    assert limit.wait_left("class", Device("10.0.0.9", "deskmate")) == 0   # same address
    assert limit.wait_left("teacher", GUESSER) == 0   # the lock is on this target only
    assert limit.tries_on("class") == TARGET_FREE + 1


def test_a_script_throwing_its_cookies_away_is_caught_by_its_address(tmp_path: Path) -> None:
    limit = GuessLimit(tmp_path)
    anna = Device("10.0.0.9", "annatablet")
    limit.succeeded("learner:anna", anna)   # Anna opened her record from here before
    for n in range(ADDRESS_FREE + 1):
        limit.failed("learner:anna", Device("10.0.0.9", f"fresh{n}"))
    assert limit.wait_left("learner:anna", Device("10.0.0.9", "another")) >= 30
    assert limit.wait_left("learner:anna", Device("10.0.0.9")) >= 30   # no cookie at all
    assert limit.wait_left("learner:anna", anna) == 0   # her own tablet opens at once
    assert limit.wait_left("learner:anna", Device("10.0.0.77", "athome")) == 0
    assert limit.wait_left("class", Device("10.0.0.9", "another")) == 0
    kinds = {lock["kind"] for lock in limit.locks()}
    assert kinds == {"address"}, limit.locks()


def test_a_new_device_behind_a_guessers_address_tries_a_password_once(tmp_path: Path) -> None:
    """The class and teacher passwords are strong (zxcvbn 3+): a late child's new tablet
    behind the guesser's NAT is checked at once; once it is wrong, it waits like the rest.
    A learner's secret (160,000 of them) keeps the whole address's wait."""
    limit = GuessLimit(tmp_path)
    for target in ("class", "learner:anna"):
        for n in range(ADDRESS_FREE + 1):
            limit.failed(target, Device("10.0.0.9", f"fresh{n}"))
    late = Device("10.0.0.9", "latechild")
    assert limit.wait_left("class", late) == 0
    assert limit.wait_left("class", Device("10.0.0.9")) >= 30   # no cookie: the address's
    assert limit.failed("class", late) >= 30 and limit.wait_left("class", late) >= 30
    assert limit.wait_left("learner:anna", Device("10.0.0.9", "newtablet")) >= 30


def test_free_tries_do_not_come_back_after_an_hour(tmp_path: Path) -> None:
    """An address's free tries came back after an hour's rest: 20 an hour, 480 tries a day
    where the waits allow 97. Counts last a day now."""
    clock = [1000.0]
    limit = GuessLimit(tmp_path, clock=lambda: clock[0])
    for n in range(ADDRESS_FREE):
        limit.failed("learner:anna", Device("10.0.0.9", f"fresh{n}"))
    clock[0] += 3601
    assert limit.failed("learner:anna", Device("10.0.0.9", "after-an-hour")) >= 30
    clock[0] += 86401
    assert limit.failed("learner:anna", Device("10.0.0.9", "next-day")) == 0


def test_the_teacher_lifts_every_lock(tmp_path: Path) -> None:
    limit = GuessLimit(tmp_path)
    for _ in range(TARGET_FREE):
        limit.failed("teacher", GUESSER)
    assert limit.wait_left("teacher", GUESSER) and limit.locks()
    assert limit.release_all() == 1
    assert limit.wait_left("teacher", GUESSER) == 0 and not limit.locks()


def test_a_lock_is_lifted_for_one_target_or_one_lock(tmp_path: Path) -> None:
    limit = GuessLimit(tmp_path)
    for _ in range(TARGET_FREE):
        limit.failed("learner:cleo", GUESSER)
        limit.failed("class", GUESSER)
    limit.release("learner:cleo")
    assert limit.wait_left("learner:cleo", GUESSER) == 0
    assert limit.wait_left("class", GUESSER) > 0
    (lock,) = limit.locks()
    assert (lock["kind"], lock["target"], lock["address"]) == ("pair", "class", "10.0.0.9")
    limit.lift(lock["key"])
    assert limit.wait_left("class", GUESSER) == 0


def test_the_page_learns_its_device_from_the_server() -> None:
    device = client_device({"HTTP_X_SQ_CLIENT": "10.0.0.4", "HTTP_X_SQ_DEVICE": "ab12"})
    assert device == Device("10.0.0.4", "ab12")
    forged = client_device({"HTTP_X_SQ_CLIENT": "10.0.0.4", "HTTP_X_SQ_DEVICE": "a|b\t"})
    assert forged == Device("10.0.0.4", "")


def test_fresh_devices_cannot_push_an_addresss_count_out_of_the_file(tmp_path: Path) -> None:
    """The file keeps MAX_ENTRIES counts and each fresh device adds two: a guesser's fresh
    devices are dropped before their address's live count on Anna's secret, and before
    the marks of the devices that opened a record."""
    import json
    import time

    from sq_edu.practice.guess_limit import GUESS_FILE, MAX_ENTRIES

    limit = GuessLimit(tmp_path)
    anna = Device("10.0.0.9", "annatablet")
    limit.succeeded("learner:anna", anna)
    for n in range(ADDRESS_FREE + 1):   # Anna's secret, from fresh devices at one address
        limit.failed("learner:anna", Device("10.0.0.9", f"fresh{n}"))
    assert limit.wait_left("learner:anna", Device("10.0.0.9")) >= 30
    # Later fresh devices elsewhere fill the file (seeded: the file's own form).
    data = json.loads((tmp_path / GUESS_FILE).read_text(encoding="utf-8"))
    later = time.time() + 1
    for n in range(MAX_ENTRIES - len(data["counters"])):
        data["counters"][f"device\t10.0.0.50|seed{n}"] = {"fails": 1, "last": later,
                                                          "until": later}
    (tmp_path / GUESS_FILE).write_text(json.dumps(data), encoding="utf-8")
    for n in range(40):   # 80 more entries, each written past the file's limit
        limit.failed("learner:boris", Device("10.0.0.50", f"more{n}"))
    counters = json.loads((tmp_path / GUESS_FILE).read_text(encoding="utf-8"))["counters"]
    assert len(counters) == MAX_ENTRIES
    assert limit.wait_left("learner:anna", Device("10.0.0.9")) >= 30   # still waits
    assert limit.wait_left("learner:anna", Device("10.0.0.9", "another")) >= 30
    assert limit.wait_left("learner:anna", anna) == 0   # her tablet is still her own
    assert limit.wait_left("learner:boris", Device("10.0.0.50")) >= 30


def test_a_count_is_in_play_only_for_the_device_or_its_address(tmp_path: Path) -> None:
    """The class login writes a right password's mark only where a count is in play."""
    limit = GuessLimit(tmp_path)
    assert not limit.in_play("class", Device("10.0.0.9", "child"))
    limit.failed("class", Device("10.0.0.9", "guesser"))
    assert limit.in_play("class", Device("10.0.0.9", "child"))   # the address's count
    assert not limit.in_play("class", Device("10.0.0.5", "late"))
    assert not limit.in_play("learner:anna", Device("10.0.0.9", "child"))
