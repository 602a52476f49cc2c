"""TeacherApp without a browser: share link, report from uploads with CSV, worksheets."""

from __future__ import annotations

import base64
import csv
import io
import re
from datetime import datetime, timezone

import pytest

from sq_edu.apps.teacher.app import MAX_FILES, TeacherApp
from sq_edu.links import BINDER_REPOSITORY, binder_link
from sq_edu.practice import Progress
from sq_edu.practice.progress import to_bytes


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


PAGE = "http://127.0.0.1:8866/voila/render/teacher.ipynb?lang=en"


def at(page: str, **kwargs: object) -> TeacherApp:
    """A teacher page whose browser reported `page` as its address (what page_address.js does)."""
    app = TeacherApp(teacher_key="", **kwargs)
    app.address.href = page
    return app


def test_on_binder_the_link_starts_a_session_and_no_class_server_is_advised(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Binder session's own address is private to the teacher: pupils get a Binder link,
    built from the one repository setting, and advice that can be followed there."""
    monkeypatch.setenv("BINDER_LAUNCH_HOST", "https://mybinder.org/")
    app = at("https://hub.mybinder.example/user/abc-123/voila/render/notebooks/teacher.ipynb",
             lang="ru", level=2, seed=12)
    assert app.share_link() == binder_link("equations", "lang=ru&level=2&seed=12")
    assert app.share_link().startswith(f"https://mybinder.org/v2/gh/{BINDER_REPOSITORY}/HEAD?")
    assert "abc-123" not in app.link.value and "Binder" in app.link.value
    advice = app.live_off.value
    assert "sq-edu serve" not in advice and "Скачать мой прогресс" in advice
    app.set_lang("en")
    assert "sq-edu serve" not in app.live_off.value and "Binder" in app.live_off.value


def test_class_settings_make_a_shareable_link() -> None:
    app = at(PAGE, lang="en", level=2, seed=12)
    assert app.lesson_select.value == "equations"
    assert app.share_link() == ("http://127.0.0.1:8866/voila/render/equations.ipynb"
                                "?lang=en&level=2&seed=12")
    app.lesson_select.value = "chances"
    app.seed_box.value = 99
    app.class_lang.value = "ru"
    assert app.level_select.value == 1  # a new lesson starts at its first level
    assert app.url.value.endswith("/voila/render/chances.ipynb?lang=ru&level=1&seed=99")
    assert 'chances.ipynb?lang=ru&amp;level=1&amp;seed=99"' in app.link.value
    assert "Какие шансы?" in app.link.value  # named in the pupils' language


@pytest.mark.parametrize("host", ["127.0.0.1:8866", "localhost:8866", "school.example:443"])
def test_link_names_the_host_the_teacher_opened_and_is_absolute(host: str) -> None:
    app = at(f"http://{host}/teacher.ipynb", lang="en", seed=5)
    assert app.url.value == f"http://{host}/equations.ipynb?lang=en&level=1&seed=5"
    assert f'href="http://{host}/equations.ipynb?' in app.link.value


def test_no_link_before_the_browser_says_where_the_page_is() -> None:
    app = TeacherApp("en", teacher_key="")
    assert app.url.value == "" and "href" not in app.link.value
    app.address.href = "http://localhost:8866/teacher.ipynb"
    assert app.url.value.startswith("http://localhost:8866/equations.ipynb?")


def test_dungeon_scoring_is_in_the_lesson_list_and_opens_the_dungeon_page() -> None:
    app = at(PAGE, lang="en", lesson="dungeon_scoring", level=2, seed=3)
    assert "dungeon_scoring" in [value for _label, value in app.lesson_select.options]
    assert app.lesson_select.value == "dungeon_scoring"
    assert app.share_link().endswith("/voila/render/dungeon.ipynb?lang=en&level=2&seed=3")


def test_class_code_and_fixed_level_travel_in_the_link() -> None:
    app = at(PAGE, lang="en", level=3, seed=4, class_code="5b")
    assert app.share_link().endswith("equations.ipynb?lang=en&level=3&seed=4&class=5b")
    app.fix_level.value = True
    assert app.url.value.endswith("&class=5b&fixed=1")


def test_level_outside_the_lesson_is_the_nearest_it_has() -> None:
    """The one level policy (sq_edu.links.clamp_level), as the lesson page applies it."""
    app = TeacherApp("en", level=19, teacher_key="")
    assert app.level_select.value == len(app.lesson.levels)
    assert TeacherApp("en", level=0, teacher_key="").level_select.value == 1


def test_report_from_uploaded_files_with_csv_and_a_bad_file() -> None:
    app = TeacherApp("en", teacher_key="")
    assert "No progress files yet." in app.report_view.value and app.csv_link.value == ""
    upload(app, [("ann.json", progress_file("Ann", right=3, wrong=0)),
                 ("bob.json", progress_file("Bob", skill="sums_within_10")),
                 ("junk.json", b"not json at all")])
    assert app.feedback.tone == "good"   # a report was made: success, the bad file is listed
    assert app.feedback.value.count("✔") == 1 and "✘" not in app.feedback.value
    assert "Files read: 2; files that could not be read: 1." in app.feedback.text
    assert ">Ann</td>" in app.report_view.value and "junk.json" in app.report_view.value
    rows = list(csv.reader(io.StringIO(downloaded(app.csv_link.value).decode("utf-8"))))
    assert rows[0][0] and len(rows) == 3
    by_name = {row[0]: row for row in rows[1:]}
    assert by_name["Ann"][1:5] == ["Pairs", "3", "3", "0"]
    assert by_name["Bob"][1:5] == ["Adding within 10", "3", "2", "0"]


def test_too_many_files_are_refused_kindly() -> None:
    app = TeacherApp("ru", teacher_key="")
    app.add_progress_files([(f"{i}.json", b"{}") for i in range(MAX_FILES + 1)])
    assert app.feedback.tone == "bad" and str(MAX_FILES) in app.feedback.text
    assert "Файлов прогресса пока нет." in app.report_view.value


def test_worksheet_for_the_class_settings_has_an_answer_key() -> None:
    app = TeacherApp("en", level=2, seed=12, teacher_key="")
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
    app = at(PAGE, lang="en", level=3, seed=7)
    app.lesson_select.value = "queen_points"
    app.level_select.value = 2
    before = app.share_link()
    app.language.value = "ru"
    assert app.share_link() == before
    assert app.lesson_select.label == "Очки королев"
    assert app.level_select.value == 2 and app.level_select.label.startswith("2. ")
    assert "Страница учителя" in app.title.value
    assert app.make.description == "Сделать лист заданий"
