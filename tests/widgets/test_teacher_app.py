"""TeacherApp without a browser: share link, report from uploads with CSV, worksheets."""

from __future__ import annotations

import base64
import csv
import io
import re
from datetime import datetime, timezone

import pytest

from sq_edu.practice import Progress
from sq_edu.practice.progress import to_bytes
from sq_edu.widgets.teacher_app import MAX_FILES, TeacherApp


def progress_file(nickname: str, skill: str = "pairs", right: int = 2, wrong: int = 1) -> bytes:
    progress = Progress(nickname=nickname)
    for correct in [True] * right + [False] * wrong:
        progress.mastery.record("equations", 1, skill, correct, levels=7)
    return to_bytes(progress)


def upload(app: TeacherApp, files: list[tuple[str, bytes]]) -> None:
    """What the browser does when files are picked in the FileUpload control."""
    app.upload.value = tuple(
        {"name": name, "type": "application/json", "size": len(data),
         "content": memoryview(data), "last_modified": datetime.now(timezone.utc)}
        for name, data in files)


def downloaded(link_html: str) -> bytes:
    found = re.search(r'href="data:[^;]+;base64,([^"]+)"', link_html)
    assert found, link_html
    return base64.b64decode(found.group(1))


def test_class_settings_make_a_shareable_link() -> None:
    app = TeacherApp("en", level=2, seed=12)
    assert app.lesson_select.value == "equations"
    assert app.share_link() == "equations.ipynb?lang=en&level=2&seed=12"
    app.lesson_select.value = "chances"
    app.seed_box.value = 99
    app.class_lang.value = "ru"
    assert app.level_select.value == 1  # a new lesson starts at its first level
    assert app.url.value == "chances.ipynb?lang=ru&level=1&seed=99"
    assert 'href="chances.ipynb?lang=ru&amp;level=1&amp;seed=99"' in app.link.value
    assert "Какие шансы?" in app.link.value  # named in the pupils' language


def test_link_is_absolute_when_voila_gave_the_page_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("VOILA_REQUEST_URL",
                       "http://school:8866/voila/render/teacher.ipynb?lang=ru")
    app = TeacherApp("ru", seed=5)
    assert app.share_link() == ("http://school:8866/voila/render/equations.ipynb"
                                "?lang=ru&level=1&seed=5")


def test_level_outside_the_lesson_is_the_nearest_it_has() -> None:
    """The one level policy (sq_edu.links.clamp_level), as the lesson page applies it."""
    app = TeacherApp("en", level=19)
    assert app.level_select.value == len(app.lesson.levels)
    assert TeacherApp("en", level=0).level_select.value == 1


def test_report_from_uploaded_files_with_csv_and_a_bad_file() -> None:
    app = TeacherApp("en")
    assert "No progress files yet." in app.report_view.value and app.csv_link.value == ""
    upload(app, [("ann.json", progress_file("Ann", right=3, wrong=0)),
                 ("bob.json", progress_file("Bob", skill="sums_within_10")),
                 ("junk.json", b"not json at all")])
    assert app.feedback.tone == "bad"
    assert "Files read: 2; files that could not be read: 1." in app.feedback.text
    assert "<td>Ann</td>" in app.report_view.value and "junk.json" in app.report_view.value
    rows = list(csv.reader(io.StringIO(downloaded(app.csv_link.value).decode("utf-8"))))
    assert rows[0][0] and len(rows) == 3
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["Ann"][1:5] == ["Pairs", "3", "3", "0"]
    assert by_name["Bob"][1:5] == ["Two cards make a third", "3", "2", "0"]


def test_too_many_files_are_refused_kindly() -> None:
    app = TeacherApp("ru")
    app.add_progress_files([(f"{i}.json", b"{}") for i in range(MAX_FILES + 1)])
    assert app.feedback.tone == "bad" and str(MAX_FILES) in app.feedback.text
    assert "Файлов прогресса пока нет." in app.report_view.value


def test_worksheet_for_the_class_settings_has_an_answer_key() -> None:
    app = TeacherApp("en", level=2, seed=12)
    app.count.value = 5
    app.class_lang.value = "ru"
    app.make.click()
    page = downloaded(app.worksheet_link.value).decode("utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<html lang="ru">' in page
    assert page.count('<li class="exercise">') == 5
    assert 'class="answer-key"' in page
    assert 'download="worksheet-equations-2-12.html"' in app.worksheet_link.value
    app.seed_box.value = 13
    assert app.worksheet_link.value == ""  # never a worksheet for settings no longer shown


def test_switching_language_keeps_the_settings_and_translates() -> None:
    app = TeacherApp("en", level=3, seed=7)
    app.lesson_select.value = "queen_points"
    app.level_select.value = 2
    before = app.share_link()
    app.language.value = "ru"
    assert app.share_link() == before
    assert app.lesson_select.label == "Очки королев"
    assert app.level_select.value == 2 and app.level_select.label.startswith("2. ")
    assert "Страница учителя" in app.title.value
    assert app.make.description == "Сделать лист заданий"
