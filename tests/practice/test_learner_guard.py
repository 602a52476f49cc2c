"""Secret numbers, look-alike nicknames, the learner's lock and stale temporary files."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sq_edu.practice.learner_guard import (
    check_secret_record,
    hash_pin,
    locked,
    lookalike_problem,
    pin_matches,
    remove_stale_temp_files,
    use_tab_lock,
    valid_pin,
)


@pytest.mark.parametrize(("typed", "pin"), [("2581", "2581"), (" 0007 ", "0007"),
                                            ("٢٥٨١", "2581"), ("２５８１", "2581")])
def test_four_digits_in_any_script_are_a_secret_number(typed: str, pin: str) -> None:
    assert valid_pin(typed) == pin


@pytest.mark.parametrize("typed", ["", "123", "12345", "12a4", "1 2 3 4", None, "12\u00bd4"])
def test_anything_else_is_not(typed: object) -> None:
    assert valid_pin(typed) is None


def test_the_hash_opens_only_for_the_same_number_and_never_holds_it() -> None:
    record = hash_pin("2581")
    assert "2581" not in str(record)
    assert pin_matches("2581", record) and pin_matches("٢٥٨١", record)
    assert not pin_matches("2582", record) and not pin_matches("", record)
    assert hash_pin("2581")["salt"] != record["salt"]
    assert check_secret_record(record) == record
    with pytest.raises(ValueError):
        check_secret_record({**record, "hash": "not hex"})


@pytest.mark.parametrize(("name", "problem"), [
    ("masha", None), ("Маша", None), ("Masha 2", None), ("राम", None), ("Ｍａｓｈａ", None),
    ("m\u0430sha", "mixed"), ("\u3164", "invisible"), ("ma\u200bsha", "invisible"),
    ("fox\u2800", "invisible"), ("Ivan Иван", "mixed"),
])
def test_look_alike_nicknames(name: str, problem: str | None) -> None:
    assert lookalike_problem(name) == problem


def test_the_lock_makes_two_writers_take_turns(tmp_path: Path) -> None:
    path, inside, overlaps = tmp_path / "fox.json", [], []

    def writer() -> None:
        with locked(path):
            inside.append(1)
            overlaps.append(len(inside))
            time.sleep(0.05)
            inside.pop()

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert overlaps == [1, 1, 1, 1]


def test_where_the_os_has_no_file_lock_the_pages_lock_is_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's Python has no flock: the static site's page hands over its lock across
    tabs, and every locked read-merge-write goes through it."""
    import sys
    import types

    monkeypatch.setitem(sys.modules, "fcntl", types.ModuleType("fcntl"))
    taken: list[str] = []

    @contextlib.contextmanager
    def tab_lock(path: Path) -> Iterator[None]:
        taken.append(f"take {path.name}")
        yield
        taken.append(f"give {path.name}")

    path = tmp_path / "fox.json"
    with locked(path):
        taken.append("inside")
    assert taken == ["inside"]   # no lock handed over: none taken, as before
    use_tab_lock(tab_lock)
    try:
        with locked(path):
            taken.append("inside")
    finally:
        use_tab_lock(None)
    assert taken == ["inside", "take fox.json", "inside", "give fox.json"]


def test_the_pages_lock_is_taken_even_where_python_has_flock(tmp_path: Path) -> None:
    """Pyodide's Python has an `fcntl.flock` (as here, on Linux) that locks nothing across the
    browser's tabs: the lock the page hands over is the one taken, not a `.lock` file's."""
    taken: list[str] = []

    @contextlib.contextmanager
    def tab_lock(path: Path) -> Iterator[None]:
        taken.append(f"take {path.name}")
        yield
        taken.append(f"give {path.name}")

    path = tmp_path / "fox.json"
    use_tab_lock(tab_lock)
    try:
        with locked(path):
            taken.append("inside")
    finally:
        use_tab_lock(None)
    assert taken == ["take fox.json", "inside", "give fox.json"]
    assert not list(tmp_path.iterdir()), "a lock file was made beside the progress"


def test_only_old_temporary_files_are_removed(tmp_path: Path) -> None:
    old, fresh = tmp_path / ".fox.json.1.tmp", tmp_path / ".owl.json.2.tmp"
    for temp in (old, fresh):
        temp.write_text("{", encoding="utf-8")
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    assert remove_stale_temp_files(tmp_path) == [old.name]
    assert fresh.exists() and not old.exists()


def test_pbkdf2_without_openssl_gives_hashlibs_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's Python (Pyodide) has neither scrypt nor pbkdf2_hmac: the hand-written
    PBKDF2 must give exactly hashlib's bytes, so a record made there opens on a server too."""
    import hashlib

    from sq_edu.practice import learner_guard

    expected = hashlib.pbkdf2_hmac("sha256", b"2468", b"salt-16-bytes!!!", 1000, 32)
    monkeypatch.delattr(hashlib, "pbkdf2_hmac")
    assert learner_guard.pbkdf2_sha256(b"2468", b"salt-16-bytes!!!", 1000) == expected
    monkeypatch.delattr(hashlib, "scrypt")
    record = learner_guard.hash_pin("2468")
    assert record["scheme"] == learner_guard.PBKDF2_SCHEME
    assert learner_guard.check_secret_record(record) == record
    assert learner_guard.pin_matches("2468", record)
    assert not learner_guard.pin_matches("2469", record)
    monkeypatch.undo()
    assert learner_guard.pin_matches("2468", record)   # the server checks it with hashlib


def test_a_record_made_with_the_old_browser_cost_still_opens() -> None:
    """Files saved on the site before its key derivation got dearer (20,000 rounds)."""
    import hashlib

    from sq_edu.practice import learner_guard

    salt = bytes(range(16))
    old = {"scheme": learner_guard.OLD_PBKDF2_SCHEME, "salt": salt.hex(),
           "hash": hashlib.pbkdf2_hmac("sha256", b"1357", salt, 20_000, 32).hex()}
    assert learner_guard.check_secret_record(old) == old
    assert learner_guard.pin_matches("1357", old) and not learner_guard.pin_matches("1358", old)
    assert learner_guard.PBKDF2_ROUNDS >= 5 * 20_000
