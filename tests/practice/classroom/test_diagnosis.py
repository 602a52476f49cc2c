"""What the teacher learns about errors: every answer recorded with its misconception, the
level the learner is on now, the skill-by-learner grid with the most common mistake per skill,
the class CSV, and "mastered" meaning the same in the report as on the learner's page."""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sq_edu.practice import Progress
from sq_edu.practice.classroom.diagnosis import CSV_COLUMNS, class_csv, grid_html, skill_grid
from sq_edu.practice.classroom.live import ActivityLog, class_rows, read_class
from sq_edu.practice.classroom.report import Report, rows_for

T0 = 1_800_000_000.0
SLIP = "mistakes.jester_start_next"


def _class(tmp_path: Path) -> None:
    ana = ActivityLog(tmp_path, "5b", "Ana")
    for i in range(3):   # the same exercise wrong three times, then stepped back to level 3
        ana.answer("chances", 4 if i < 2 else 3, False, now=T0 + i, skill="jester_count",
                   misconception=SLIP, answered_at=4)
    ben = ActivityLog(tmp_path, "5b", "Ben")
    ben.answer("chances", 4, False, now=T0, skill="jester_count", misconception=SLIP)
    for i in range(5):   # his page says when the level opened: only then "mastered"
        ben.answer("chances", 4, True, now=T0 + 1 + i, skill="jester_count", opened=i == 4)
    ActivityLog(tmp_path, "5b", "Cleo").answer("equations", 1, True, now=T0, skill="pairs")


def test_every_answer_is_kept_with_its_misconception_and_the_level_now(tmp_path: Path) -> None:
    _class(tmp_path)
    rows = {r.nickname: r for r in class_rows(tmp_path, "5b", now=T0 + 10)}
    assert rows["Ana"].level == 3                # the level the learner is on now
    assert rows["Ana"].wrong_run == 3 and rows["Ana"].stuck == "struggling"
    ana = next(a for a in read_class(tmp_path, "5b") if a.nickname == "Ana")
    assert [(t[2], t[4], t[5]) for t in ana.tries] == [(4, False, SLIP)] * 3


def test_the_grid_names_the_common_mistake_and_who_makes_it(tmp_path: Path) -> None:
    _class(tmp_path)
    grid = skill_grid(read_class(tmp_path, "5b"))
    assert grid.learners == ["Ana", "Ben", "Cleo"]
    assert grid.cells[("Ana", "jester_count")].state == "struggling"
    assert grid.cells[("Ben", "jester_count")].state == "mastered"
    assert grid.common_slip("jester_count") == (SLIP, ["Ana", "Ben"])
    for lang, words in (("en", "starts counting at the next player"),
                        ("ru", "начинает счёт со следующего игрока")):
        html = grid_html(grid, lang, lambda lesson, skill: skill,
                         lambda lesson, level: f"{lesson}.ipynb?level={level}&class=5b")
        assert words in html and "sq-grid-struggling" in html   # colour and words
        assert 'href="chances.ipynb?level=4&amp;class=5b"' in html
        assert "<caption" in html and 'scope="col"' in html and "background:#fee2e2" in html


def test_the_class_csv_has_one_row_per_learner_and_skill(tmp_path: Path) -> None:
    _class(tmp_path)
    rows = list(csv.reader(io.StringIO(class_csv(read_class(tmp_path, "5b"), "5b"))))
    assert rows[0] == ["class", "learner", "lesson", "level", "skill", "attempts",
                       "right at the first try", "help used", "standing",
                       "most frequent misconception", "times", "time"]
    assert len(rows[0]) == len(CSV_COLUMNS)
    by_name = {r[1]: r for r in rows[1:]}
    assert by_name["Ana"][:11] == ["5b", "Ana", "chances", "4", "jester_count", "3", "0", "0",
                                   "struggling: starts counting at the next player",
                                   "starts counting at the next player", "3"]
    assert by_name["Ben"][5:11] == ["6", "5", "0", "mastered",
                                    "starts counting at the next player", "1"]
    assert by_name["Cleo"][2] == "equations"
    assert all(len(r) == len(CSV_COLUMNS) for r in rows)


def test_mastered_means_a_level_opened_in_the_report_too() -> None:
    """Two right answers lift the skill score, but the level is not open: "practising" in the
    report as on the learner's page; answers from the game alone never make "mastered"."""
    progress = Progress(nickname="Dana")
    m = progress.mastery
    for _ in range(2):
        m.record("equations", 1, "pairs", True, guess=0.01)
    assert m.skill("pairs").score >= 80 and not m.level_mastered("equations", 1)
    assert rows_for(progress)[0].stage == "practising"
    for _ in range(6):
        outcome = m.record("chances", 0, "chance_words", True, guess=0.01, source="play")
    assert outcome.stage == "practising"
    assert {r.skill: r.stage for r in rows_for(progress)}["chance_words"] == "practising"
    for _ in range(12):
        m.record("equations", 1, "pairs", True, guess=0.01)
    stages = {r.skill: r.stage for r in rows_for(progress)}
    assert stages["pairs"] == "mastered" and m.level_mastered("equations", 1)


def test_two_wrong_answers_are_struggling_in_the_table_and_in_the_grid(tmp_path: Path) -> None:
    """The reported defect: "fine" in the live table, "struggling 0 of 2" in the grid."""
    kim = ActivityLog(tmp_path, "5b", "Kim")
    for i in range(2):
        kim.answer("chances", 2, False, now=T0 + i, skill="denominator")
    [row] = class_rows(tmp_path, "5b", now=T0 + 5)
    grid = skill_grid(read_class(tmp_path, "5b"))
    assert grid.cells[("Kim", "denominator")].state == "struggling"
    assert row.stuck == "struggling" and (row.skill_right, row.skill_attempts) == (0, 2)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["pairs", "jester_count"]), st.booleans()),
                max_size=14))
def test_the_table_needs_help_exactly_when_the_grid_says_struggling(
        answers: list[tuple[str, bool]]) -> None:
    """Any answers at all: the two views of the teacher's page never disagree."""
    with tempfile.TemporaryDirectory() as folder:
        log = ActivityLog(folder, "5b", "Kim")
        log.visit("chances", 1, now=T0)
        for i, (skill, right) in enumerate(answers):
            log.answer("chances", 1, right, now=T0 + i, skill=skill)
        now = T0 + len(answers) + 1          # just answered: never "idle"
        [row] = class_rows(folder, "5b", now=now)
        grid = skill_grid(read_class(folder, "5b"))
        struggling = {skill for (_name, skill), cell in grid.cells.items()
                      if cell.state == "struggling"}
        assert row.is_stuck == bool(struggling)
        assert (row.stuck == "struggling") == bool(struggling)
        if struggling:
            assert row.skill in struggling


def test_the_report_csv_has_first_tries_help_standing_and_the_top_mistake() -> None:
    """Issue 38, the server's class CSV (the report's): per learner and skill, the items, right
    at the first try, help used, the standing and the most frequent named mistake, counted."""
    progress = Progress(nickname="=Mo")               # a formula-like nickname stays text
    m = progress.mastery
    for _ in range(3):
        m.record("chances", 4, "jester_count", False, slip=SLIP)
        m.record("chances", 4, "jester_count", True, hints=1)
    [row] = list(csv.reader(io.StringIO(Report(rows_for(progress)).to_csv("en"))))[1:]
    assert row[0] == "'=Mo" and row[6] == "struggling: starts counting at the next player"
    assert row[8:] == ["6", "0", "3", "starts counting at the next player", "3"]
    [ru] = list(csv.reader(io.StringIO(Report(rows_for(progress)).to_csv("ru"))))[1:]
    assert ru[6] == "трудности: начинает счёт со следующего игрока"
