"""The live class data: activity files per learner and class, rows, stuck flags, sorting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sq_edu.practice.classroom.live import (
    GONE_SECONDS,
    RECENT_SECONDS,
    STUCK_SECONDS,
    ActivityLog,
    ClassCodeError,
    class_folder,
    class_rows,
    clean_class_code,
    server_class,
    sort_rows,
)
from sq_edu.practice.progress import learner_files

T0 = 1_800_000_000.0


def test_class_codes_are_checked_and_case_folded(monkeypatch: pytest.MonkeyPatch) -> None:
    assert clean_class_code(" 5B ") == "5b" and clean_class_code("") == ""
    assert clean_class_code("Математика-2") == "математика-2"
    for bad in ("../x", "a/b", "x" * 31, ".hidden", "a b"):
        with pytest.raises(ClassCodeError):
            clean_class_code(bad)
    monkeypatch.setenv("SQ_EDU_CLASS", "../../etc")
    assert server_class() == ""
    monkeypatch.setenv("SQ_EDU_CLASS", "5B")
    assert server_class() == "5b"


def test_activity_lives_beside_progress_but_is_not_a_learner_file(tmp_path: Path) -> None:
    log = ActivityLog(tmp_path, "5b", "Masha K")
    log.visit("equations", 2, now=T0)
    assert log.path == tmp_path / "classes" / "5b" / "masha_k.json"
    assert learner_files(tmp_path) == []          # the teacher's upload folder is untouched
    assert class_folder(tmp_path, "") == tmp_path / "classes" / "_all"


def test_rows_show_lesson_level_recent_answers_and_streak(tmp_path: Path) -> None:
    ann = ActivityLog(tmp_path, "5b", "Ann")
    ann.visit("equations", 1, now=T0)
    ann.answer("equations", 1, False, now=T0 + 10)
    ann.answer("equations", 1, True, now=T0 + 20)
    ann.answer("equations", 2, True, now=T0 + RECENT_SECONDS + 100)
    other_class = ActivityLog(tmp_path, "6a", "Bob")
    other_class.answer("chances", 1, True, now=T0)
    [row] = class_rows(tmp_path, "5B", now=T0 + RECENT_SECONDS + 110)
    assert (row.nickname, row.lesson, row.level) == ("Ann", "equations", 2)
    assert row.recent == 1            # the first two answers are older than 10 minutes
    assert row.streak == 2 and row.wrong_run == 0 and not row.is_stuck
    assert row.last_active == T0 + RECENT_SECONDS + 100


def test_three_wrong_in_a_row_is_stuck(tmp_path: Path) -> None:
    log = ActivityLog(tmp_path, "", "Kim")
    log.answer("chances", 1, True, now=T0)
    for i in range(3):
        log.answer("chances", 1, False, now=T0 + 5 + i)
    [row] = class_rows(tmp_path, "", now=T0 + 10)
    assert row.stuck == "struggling" and row.wrong_run == 3 and row.streak == 0
    log.answer("chances", 1, True, now=T0 + 20)     # 2 of 5 right: still struggling
    assert class_rows(tmp_path, "", now=T0 + 21)[0].stuck == "struggling"
    log.answer("chances", 1, True, now=T0 + 22)     # 3 of 6: practising, in the grid too
    assert not class_rows(tmp_path, "", now=T0 + 23)[0].is_stuck


def test_no_progress_for_five_minutes_is_stuck_while_the_learner_is_here(
    tmp_path: Path,
) -> None:
    log = ActivityLog(tmp_path, "", "Lee")
    log.visit("equations", 1, now=T0)
    log.answer("equations", 1, False, now=T0 + 60)
    assert not class_rows(tmp_path, "", now=T0 + STUCK_SECONDS - 1)[0].is_stuck
    assert class_rows(tmp_path, "", now=T0 + STUCK_SECONDS)[0].stuck == "idle"
    # Gone for good (the tab was closed long ago): not "stuck", just not active.
    assert not class_rows(tmp_path, "", now=T0 + 60 + GONE_SECONDS + 1)[0].is_stuck


def test_sorting_by_every_column(tmp_path: Path) -> None:
    for name, answers in (("Cat", [True, True]), ("amy", [False, False, False]),
                          ("Bea", [True])):
        log = ActivityLog(tmp_path, "x", name)
        for i, right in enumerate(answers):
            log.answer("equations", 1, right, now=T0 + i)
    rows = class_rows(tmp_path, "x", now=T0 + 30)
    assert [r.nickname for r in rows] == ["amy", "Bea", "Cat"]      # stuck first, then names
    assert [r.nickname for r in sort_rows(rows, "nickname")] == ["amy", "Bea", "Cat"]
    assert [r.nickname for r in sort_rows(rows, "streak", True)] == ["Cat", "Bea", "amy"]
    assert [r.nickname for r in sort_rows(rows, "recent", False)] == ["Bea", "Cat", "amy"]
    assert [r.nickname for r in sort_rows(rows, "nonsense")] == ["amy", "Bea", "Cat"]


def test_unreadable_activity_files_are_skipped_not_fatal(tmp_path: Path) -> None:
    ActivityLog(tmp_path, "x", "Ann").answer("equations", 1, True, now=T0)
    folder = class_folder(tmp_path, "x")
    (folder / "junk.json").write_text("{", encoding="utf-8")
    (folder / "wrong.json").write_text(json.dumps({"format": "sq_edu.activity",
                                                   "nickname": 3}), encoding="utf-8")
    assert [r.nickname for r in class_rows(tmp_path, "x", now=T0)] == ["Ann"]
    # The learner's own log starts again rather than failing the lesson.
    (folder / "ann.json").write_text("[]", encoding="utf-8")
    assert ActivityLog(tmp_path, "x", "Ann").answer("equations", 1, False, now=T0 + 1).answers \
        == [(T0 + 1, False)]


def test_missing_folder_is_an_empty_class(tmp_path: Path) -> None:
    assert class_rows(tmp_path / "nowhere", "5b") == []


def test_answers_before_the_nickname_reach_the_class_under_it(tmp_path: Path) -> None:
    """Issue 40: a child who answered before saving a nickname showed as 0 answers."""
    import time

    from sq_edu.practice.classroom.live import ClassTrace

    trace = ClassTrace(tmp_path, "5b")
    trace.visit("", "queen_points", 1)
    trace.answer("", "queen_points", 1, False, skill="points")
    trace.answer("", "queen_points", 1, True, skill="points")
    assert class_rows(tmp_path, "5b") == []          # nobody to name yet
    trace.visit("Petya", "queen_points", 1)
    [row] = class_rows(tmp_path, "5b", now=time.time())
    assert (row.nickname, row.recent, row.streak) == ("Petya", 2, 1)
    trace.visit("Petya", "queen_points", 1)           # flushed once, not twice
    assert class_rows(tmp_path, "5b", now=time.time())[0].recent == 2
