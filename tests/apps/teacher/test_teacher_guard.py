"""The teacher's locks-and-free-places controls, without a browser (the server side of "free
the class" is tested through a real server in tests/security/test_security_flood.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sq_edu.apps.teacher.guard import ClassGuard
from sq_edu.practice import Progress
from sq_edu.practice.guess_limit import ADDRESS_FREE, TARGET_FREE, Device, GuessLimit
from sq_edu.practice.learner_guard import (
    hash_pin,
    is_picture_record,
    nickname_skeleton,
    pin_matches,
)
from sq_edu.practice.progress import ProgressStore
from sq_edu.practice.secret_pictures import PICTURE_IDS, secret_matches, symbol
from sq_edu.practice.standing import Standing
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.picture_picker import picture_name


def _learner(folder: Path, nickname: str, pin: str) -> ProgressStore:
    store = ProgressStore.for_learner(nickname, folder)
    progress = Progress()
    progress.nickname, progress.secret = nickname, hash_pin(pin)
    store.save(progress)
    return store


def test_look_alike_nicknames_fold_to_one_learner(tmp_path: Path) -> None:
    names = ["Nina", "ΝΙΝΑ", "Нина", "Nina.", "N ina", "nina", "Ｎｉｎａ", "N1na"]
    assert len({nickname_skeleton(name) for name in names}) == 1
    assert nickname_skeleton("Nina") != nickname_skeleton("Nino")
    store = _learner(tmp_path, "Nina", "2581")
    assert {ProgressStore.for_learner(name, tmp_path).path for name in names} == {store.path}


def test_the_teacher_sees_a_lock_and_lifts_it(tmp_path: Path) -> None:
    _learner(tmp_path, "Cleo", "1234")
    for _ in range(TARGET_FREE):
        GuessLimit(tmp_path).failed("learner:cleo", "10.0.0.7")
    guard = ClassGuard(tmp_path, Feedback("en"), "en", free_class=lambda: 3)
    assert ("cleo: 5 wrong tries from one device (10.0.0.7). That device waits until"
            in guard.locks.value)
    assert guard.lift_all.layout.display == ""
    guard.nickname.value = "CLEO"
    guard.lift.click()
    assert GuessLimit(tmp_path).wait_left("learner:cleo", "10.0.0.7") == 0
    assert guard.lift_all.layout.display == "none"
    assert "Nobody is waiting" in guard.locks.value
    guard.set_lang("ru")
    guard.feedback.set_lang("ru")   # the app sets both
    guard.free.click()
    assert "Закрыто страниц уроков: 3" in guard.feedback.text


def test_one_click_lifts_every_lock_and_says_why_each_was_on(tmp_path: Path) -> None:
    limit = GuessLimit(tmp_path)
    for n in range(ADDRESS_FREE):   # a script at one address, a fresh device each try
        limit.failed("class", Device("10.0.0.8", f"script{n}"))
    for _ in range(TARGET_FREE):
        limit.failed("teacher", Device("10.0.0.9", "tablet"))
    guard = ClassGuard(tmp_path, Feedback("ru"), "ru", free_class=lambda: 0)
    said = guard.locks.value
    assert "Пароль класса: неверных попыток с устройств по адресу 10.0.0.8: 20." in said, said
    assert "новое устройство оттуда может попробовать один раз" in said, said   # a password
    assert "Пароль учителя: неверных попыток с одного устройства (10.0.0.9): 5." in said, said
    guard.lift_all.click()
    assert "Снято блокировок: 2." in guard.feedback.text
    assert not limit.locks() and "Никто не ждёт" in guard.locks.value
    assert limit.wait_left("teacher", Device("10.0.0.9", "tablet")) == 0


def test_a_squatted_nickname_is_freed_and_a_forgotten_secret_reset(tmp_path: Path) -> None:
    squatter = _learner(tmp_path, "Cleo", "1111")
    guard = ClassGuard(tmp_path, Feedback("en"), "en", free_class=lambda: -1)
    assert guard.release_nickname("Cleo")
    assert not squatter.path.exists() and list(tmp_path.glob("cleo.json.released-*.bak"))
    assert "is free again" in guard.feedback.text
    real = _learner(tmp_path, "Cleo", "2222")
    assert guard.reset_secret("cleo")
    shown = re.search(r"picture “([^”]+)” and the number (\d{4})", guard.feedback.text)
    assert shown is not None, guard.feedback.text
    picture = next(p for p in PICTURE_IDS if picture_name(p, "en") == shown.group(1))
    record = real.secret()
    assert secret_matches(picture, shown.group(2), record) and is_picture_record(record)
    assert not secret_matches(picture, "2222", record) and not pin_matches("2222", record)
    card = guard.secret_card.value   # shown big for the teacher to hand over
    assert shown.group(2) in card and symbol(picture) in card and "Secret of cleo" in card
    assert not guard.reset_secret("Nobody") and "no learner Nobody" in guard.feedback.text
    guard.free.click()
    assert "could not be freed" in guard.feedback.text


def test_a_big_uploaded_report_is_drawn_a_page_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """120 rows: 50 in the page at once, the other pages a click away; a CSV too big for a
    data link is not put into the page (on a class server the server streams the CSV)."""
    from sq_edu.apps.teacher import report as section_module
    from sq_edu.apps.teacher.report import PAGE_ROWS, ReportSection
    from sq_edu.practice.classroom.report import Report, ReportRow

    section = ReportSection("en", Feedback("en"))
    section.report = Report([ReportRow(f"learner{n:03d}", "equations.sum", 3, 2, 0, 50,
                                       Standing("learning")) for n in range(120)])
    section._show()
    assert section.view.value.count("<tr>") == PAGE_ROWS + 1   # and the header row
    assert "learner000" in section.view.value and "learner050" not in section.view.value
    assert section.pages.value == "Rows 1–50 of 120" and section.prev_button.disabled
    section.next_button.click()
    section.next_button.click()
    assert "learner119" in section.view.value and section.pages.value == "Rows 101–120 of 120"
    assert section.next_button.disabled and "data:text/csv" in section.csv_link.value
    monkeypatch.setattr(section_module, "MAX_LINK_BYTES", 1000)
    section.turn(-1)
    assert "data:" not in section.csv_link.value and "too big" in section.csv_link.value
