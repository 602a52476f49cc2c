"""The grown-ups' summary from progress records: the week's answers, the teacher's standing,
the mistakes that come back and the one next step (`sq_edu.practice.grownups`)."""

from __future__ import annotations

from pathlib import Path

from sq_edu.practice.classroom.report import teacher_report
from sq_edu.practice.grownups import summaries, summarise
from sq_edu.practice.mastery import today_number
from sq_edu.practice.progress import Progress, ProgressStore
from sq_edu.practice.week import monday_of

WEDNESDAY = today_number(__import__("datetime").date(2026, 12, 2))
ADDED = "lessons.eq_trap_added"


def _masha() -> Progress:
    """Struggling on sums this week (the same named mistake three times), pairs last week."""
    progress = Progress("Masha")
    rec = progress.mastery.record
    for _ in range(3):
        rec("equations", 2, "sums_within_10", False, guess=0.1, today=WEDNESDAY, slip=ADDED)
    rec("equations", 2, "sums_within_10", True, guess=0.1, today=WEDNESDAY - 1)
    for _ in range(5):
        rec("equations", 1, "pairs", True, today=WEDNESDAY - 7)
    rec("card_detective", 1, "count_seen", False, today=WEDNESDAY, slip="lessons.det_trap_seen")
    return progress


def test_monday_starts_the_week() -> None:
    monday = monday_of(WEDNESDAY)
    assert monday == WEDNESDAY - 2
    assert monday_of(monday) == monday and monday_of(monday + 6) == monday
    assert monday_of(monday + 7) == monday + 7


def test_this_week_counts_only_this_weeks_answers() -> None:
    child = summarise(_masha(), WEDNESDAY)
    week = {line.row.skill: line.this_week for line in child.this_week}
    assert week == {"sums_within_10": 4, "count_seen": 1}   # pairs was last week
    assert [line.row.skill for line in child.skills][-1] == "pairs"   # this week's first
    assert summarise(_masha(), WEDNESDAY + 7).this_week == ()         # a week later: none


def test_standing_is_the_teachers_and_mistakes_that_come_back_are_named() -> None:
    progress = _masha()
    child = summarise(progress, WEDNESDAY)
    teacher = {row.skill: row.standing for row in teacher_report([progress]).rows}
    assert {line.row.skill: line.row.standing for line in child.skills} == teacher
    sums = next(line for line in child.skills if line.row.skill == "sums_within_10")
    assert sums.row.standing.word == "struggling" and sums.row.standing.mistake == ADDED
    assert sums.mistakes == (ADDED,)
    seen_once = next(line for line in child.skills if line.row.skill == "count_seen")
    assert seen_once.mistakes == ()   # made once: not "keeps coming back"


def test_next_step_is_the_struggling_skill_at_its_level() -> None:
    step = summarise(_masha(), WEDNESDAY).next
    assert step is not None
    assert (step.lesson, step.level, step.skill, step.why) == (
        "equations", 2, "sums_within_10", "struggling")


def test_next_step_is_a_due_review_then_the_current_level_then_a_new_lesson() -> None:
    progress = Progress("Lev")
    for _ in range(8):
        progress.mastery.record("equations", 1, "pairs", True, today=WEDNESDAY - 3, levels=7)
    pairs = progress.mastery.skills["pairs"]
    assert pairs.due is not None
    step = summarise(progress, pairs.due).next
    assert step is not None and (step.lesson, step.skill, step.why) == (
        "equations", "pairs", "review")
    step = summarise(progress, WEDNESDAY - 3).next   # no review due yet: carry on at level 2
    assert step is not None and (step.lesson, step.level, step.why) == ("equations", 2, "level")
    new = summarise(Progress("Ira"), WEDNESDAY).next
    assert new is not None and (new.lesson, new.level, new.why) == ("equations", 1, "start")


def test_every_child_in_the_folder_and_no_bad_file_stops_the_page(tmp_path: Path) -> None:
    ProgressStore.for_learner("Masha", tmp_path).save(_masha())
    ProgressStore.for_learner("anna", tmp_path).save(Progress("anna"))
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    found = summaries(tmp_path, WEDNESDAY)
    assert [child.nickname for child in found] == ["anna", "Masha"]
    assert summaries(tmp_path / "none", WEDNESDAY) == []
