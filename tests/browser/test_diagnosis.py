"""Errors named and acted on, in Chromium: a learner on a choice level picks the answer a
named misconception gives and reads that misconception's message; the same error again
brings the re-teach (another worked example of that trap); the teacher's live view then shows
the skill-by-learner grid with the class's most common mistake, who makes it and a practice
link. English and Russian; screenshots in test-artifacts/ (diagnosis-*.png).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.practice import generate, get_lesson
from sq_edu.practice.classroom.teacher_key import hash_password
from sq_edu.practice.generators import exercise_seed
from sq_edu.server.server import VoilaServer
from tests.support.browser import keep_offline, wait_rendered

pytestmark = pytest.mark.browser
PASSWORD = "owls-at-noon"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SLIP = "mistakes.words_reversed"
SEED = 7
WORDS = {"en": ("NOT taking", "The same slip twice", "gives the chance of NOT getting it",
                "Most common mistake", "struggling"),
         "ru": ("НЕ вытянуть", "Та же ошибка второй раз", "называет шанс НЕ вытянуть",
                "Самая частая ошибка", "затрудняется")}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A class 5b on a server of its own, its progress in a fresh folder."""
    server = VoilaServer(log_path=ARTIFACTS / "voila-diagnosis.log")
    server.env |= {"SQ_EDU_CLASS": "5b", "SQ_EDU_TEACHER_KEY": hash_password(PASSWORD),
                   "SQ_EDU_PROGRESS_DIR": str(tmp_path_factory.mktemp("diagnosis"))}
    with server:
        yield server


def open_page(context: Any, url: str, selector: str) -> Any:
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, url.split("/voila/")[0] + "/")
    page.goto(url)
    wait_rendered(page, selector)
    return page


def _trap_index(index: int) -> int:
    """Which option of item `index` of the deal the misconception picks."""
    ex = generate(get_lesson("chances"), 1, exercise_seed(SEED, index))
    value = next(v for v, why in ex.traps if why.key == SLIP)
    return [o.id for o in ex.options].index(value)


def _make_the_slip_twice(context: Any, server: VoilaServer, lang: str, name: str) -> None:
    url = f"{server.url}voila/render/chances.ipynb?lang={lang}&level=1&seed={SEED}&class=5b"
    page = open_page(context, url, ".sq-lesson-app")
    page.locator(".sq-nickname input").fill(name)
    page.locator(".sq-secret-picture button").first.click()   # the secret: a picture
    page.locator(".sq-secret input").fill("4321")
    page.locator("button.sq-save-nickname").click()
    page.locator(".sq-feedback", has_text=name).first.wait_for()
    said, again, _name, _col, _state = WORDS[lang]
    for index in range(2):
        if index:
            page.locator("button.sq-next-exercise").click()
            page.wait_for_function(
                "() => !document.querySelector('.sq-interpretation p')")
        page.locator(".sq-answer-choice input[type=radio]").nth(_trap_index(index)).check()
        page.locator("button.sq-submit").click()
        page.locator(".sq-interpretation", has_text=said).wait_for()
        if index == 0:
            assert page.locator(".sq-reteach").count() == 0
            page.screenshot(path=str(ARTIFACTS / f"diagnosis-choice-message-{lang}.png"),
                            full_page=True)
    box = page.locator(".sq-interpretation .sq-reteach")
    box.wait_for()
    assert again in box.inner_text()
    page.screenshot(path=str(ARTIFACTS / f"diagnosis-reteach-{lang}.png"), full_page=True)


def test_a_named_error_is_answered_retaught_and_shown_to_the_teacher(
        browser: Any, class_server: VoilaServer) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1200, "height": 1000}, locale="en-GB")
    try:
        _make_the_slip_twice(context, class_server, "en", "Ana")
        _make_the_slip_twice(context, class_server, "ru", "Боря")
        for lang in ("en", "ru"):
            teacher = open_page(context, f"{class_server.url}voila/render/teacher.ipynb"
                                f"?lang={lang}", ".sq-teacher-login")
            teacher.locator(".sq-teacher-password input").fill(PASSWORD)
            teacher.locator(".sq-teacher-password input").press("Enter")
            grid = teacher.locator(".sq-class-grid")
            _said, _again, name, column, state = WORDS[lang]
            grid.locator("table.sq-grid-slips td", has_text=name).wait_for(timeout=30_000)
            assert column in grid.locator("table.sq-grid-slips thead").inner_text()
            assert grid.locator("table.sq-grid td.sq-grid-struggling",
                                has_text=state).count() == 2
            who = grid.locator("table.sq-grid-slips td", has_text="Ana").inner_text()
            assert "Боря" in who
            link = grid.locator("a.sq-grid-practice").get_attribute("href")
            assert "chances.ipynb" in link and "level=1" in link and "class=5b" in link
            assert grid.locator("a[download$='.csv']").count() == 1
            grid.scroll_into_view_if_needed()
            teacher.screenshot(path=str(ARTIFACTS / f"diagnosis-teacher-grid-{lang}.png"),
                               full_page=True)
    finally:
        context.close()
