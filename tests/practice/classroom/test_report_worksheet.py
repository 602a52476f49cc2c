"""Teacher reports from several progress files, and printable worksheets for every level."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sq_edu.practice.classroom.report import teacher_report
from sq_edu.practice.classroom.worksheet import worksheet_html
from sq_edu.practice.lesson import load_lessons
from sq_edu.practice.progress import Progress, ProgressStore

LEVELS = [(lesson.id, level.number) for lesson in load_lessons().lessons.values()
          for level in lesson.levels]


def test_report_rows_and_csv(tmp_path: Path) -> None:
    fox = Progress("fox")
    fox.mastery.record("equations", 1, "pairs", True, 0, levels=7)
    fox.mastery.record("equations", 1, "pairs", False, 0, levels=7)
    fox.mastery.record("equations", 2, "sums_within_10", True, 2, levels=7)
    owl = Progress("owl")
    owl.mastery.record("chances", 1, "chance_count", True, 0, levels=7)
    ProgressStore(tmp_path / "fox.json").save(fox)
    ProgressStore(tmp_path / "owl.json").save(owl)
    (tmp_path / "junk.json").write_text("not json")
    report = teacher_report(sorted(tmp_path.glob("*.json")))
    assert [(r.nickname, r.skill, r.attempts, r.correct, r.hints) for r in report.rows] == [
        ("fox", "pairs", 2, 1, 0), ("fox", "sums_within_10", 1, 1, 2),
        ("owl", "chance_count", 1, 1, 0)]
    assert report.problems == [("junk.json", "practice.progress_not_ours")]
    rows = list(csv.reader(io.StringIO(report.to_csv("ru"))))
    assert rows[0][:2] == ["Ник", "Навык"] and len(rows) == 4
    table = report.to_html("en")
    assert table.count("<tr>") == 4 and "junk.json" in table and "Mastery" in table
    assert rows[1][1:6] == ["Пары", "2", "1", "0", str(fox.mastery.skill("pairs").score)]


def test_csv_never_starts_a_cell_with_a_formula() -> None:
    hacked = Progress("=HYPERLINK()")
    hacked.mastery.record("chances", 1, "chance_count", True, 0, levels=7)
    rows = list(csv.reader(io.StringIO(teacher_report([hacked]).to_csv())))
    assert rows[1][0] == "'=HYPERLINK()"


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        if self.tags[-1:] != ["style"]:
            self.text.append(data)


@pytest.mark.parametrize(("lesson_id", "level"), LEVELS)
def test_worksheet_renders(lessons: dict, lesson_id: str, level: int) -> None:
    page = worksheet_html(lessons[lesson_id], level, seed=12, count=5, lang="ru")
    parser = _Collect()
    parser.feed(page)
    text = " ".join(parser.text)
    assert parser.tags.count("li") >= 10 and "Ответы" in text
    assert "break-before: page" in page and "{" not in text
    assert page == worksheet_html(lessons[lesson_id], level, seed=12, count=5, lang="ru")
    key = text.split("Ответы", 1)[1]
    assert key.count("Ответ") + key.count("ответы") >= 5


def test_worksheet_shows_cards_and_escapes(lessons: dict) -> None:
    page = worksheet_html(lessons["equations"], 1, seed=3, count=2, lang="en")
    assert page.count("<svg") >= 10 and 'role="img"' in page and 'aria-label="' in page
    assert "Answer key" in page and "<script" not in page


def test_neighbours_get_different_sheets_from_one_class_link(lessons: dict) -> None:
    from sq_edu.practice.classroom.worksheet import worksheet_exercises

    lesson = lessons["queen_points"]
    one, two = (worksheet_exercises(lesson, 2, 12, 6, sheet=n) for n in (1, 2))
    assert [e.seed for e in one] != [e.seed for e in two]
    assert not {e.seed for e in one} & {e.seed for e in two}
    assert one == worksheet_exercises(lesson, 2, 12, 6)           # sheet 1 is the deal itself
    page = worksheet_html(lesson, 2, seed=12, count=6, lang="en", sheet=2)
    assert "Sheet 2" in page and page != worksheet_html(lesson, 2, seed=12, count=6, lang="en")


def test_answer_keys_are_worked_solutions_in_the_form_asked(lessons: dict) -> None:
    page = worksheet_html(lessons["chances"], 2, seed=5, count=3, lang="en")
    key = page.split("Answer key", 1)[1]
    assert key.count("Step by step") == 3 and " out of " in key
    assert "What is in the deck" in page and page.count("×8") >= 3   # eight kings, on each item
    ru = worksheet_html(lessons["chances"], 2, seed=5, count=3, lang="ru")
    assert ru.split("Ответы", 1)[1].count("По шагам") == 3


def test_mixed_review_sheet_takes_every_level(lessons: dict) -> None:
    from sq_edu.practice.classroom.worksheet import review_exercises, review_html

    lesson = lessons["equations"]
    items = review_exercises(lesson, 7, 14)
    assert {e.level for e in items} == set(range(1, len(lesson.levels) + 1))
    page = review_html(lesson, 7, 14, "ru")
    assert "повторение" in page and page.count('class="exercise"') == 14
