"""Teacher reports from several progress files, and printable worksheets for every level."""

from __future__ import annotations

import csv
import io
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sq_edu.practice.lesson import load_lessons
from sq_edu.practice.progress import Progress, ProgressStore
from sq_edu.practice.report import teacher_report
from sq_edu.practice.worksheet import worksheet_html

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
