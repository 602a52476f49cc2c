"""The live class view in Chromium: a teacher behind a password watches a learner work.

A Voila server of its own is started as `sq-edu serve --class 5b --teacher-password ...`
starts one (class code and password hash in the kernels' environment, a fresh progress
folder). The teacher opens the page, gets the class link from it, a learner opens that link in
another tab, saves a nickname and answers wrongly three times; without any reload the
teacher's table lists the learner as stuck, sorts, and opens the learner's skills.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from sq_edu.practice.classroom.teacher_key import hash_password
from sq_edu.server.server import VoilaServer
from tests.support.browser import keep_offline, wait_rendered

pytestmark = pytest.mark.browser
PASSWORD = "owls-at-noon"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
APP = ".sq-teacher-app"


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    server = VoilaServer(log_path=ARTIFACTS / "voila-class.log")
    server.env.update(SQ_EDU_CLASS="5b", SQ_EDU_TEACHER_KEY=hash_password(PASSWORD),
                      SQ_EDU_PROGRESS_DIR=str(tmp_path_factory.mktemp("class-progress")))
    with server:
        yield server


def open_page(context: Any, url: str, selector: str, errors: list[str] | None = None) -> Any:
    page = context.new_page()
    page.set_default_timeout(60_000)
    if errors is not None:
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    keep_offline(page, url.split("/voila/")[0] + "/")
    page.goto(url)
    wait_rendered(page, selector)
    return page


def test_teacher_sees_a_stuck_learner_live(browser: Any, class_server: VoilaServer) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 1000}, locale="en-GB")
    try:
        errors: list[str] = []
        teacher = open_page(context, f"{class_server.url}voila/render/teacher.ipynb",
                            ".sq-teacher-login", errors)
        assert teacher.locator(f"{APP} .sq-class-lesson").count() == 0   # nothing before it
        teacher.locator(".sq-teacher-password input").fill("owls-at-midnight")
        teacher.locator("button.sq-teacher-open").click()
        teacher.locator(".sq-status", has_text="not the teacher password").first.wait_for()
        teacher.locator(".sq-teacher-password input").fill(PASSWORD)
        teacher.locator(".sq-teacher-password input").press("Enter")   # keyboard works too
        teacher.locator(".sq-class-view .sq-class-empty", has_text="Nobody").wait_for()
        assert teacher.locator(".sq-teacher-login").count() == 0

        teacher.locator(f"{APP} .sq-class-lesson select").select_option(label="Queen points")
        teacher.locator(f"{APP} .sq-class-fix input").check()
        url_box = teacher.locator(f"{APP} .sq-class-url input")
        teacher.wait_for_function(
            "() => document.querySelector('.sq-class-url input').value.includes('fixed=1')")
        link = url_box.input_value()
        assert link.startswith(f"{class_server.url}voila/render/queen_points.ipynb?")
        assert "class=5b" in link and "fixed=1" in link

        learner = open_page(context, link, ".sq-lesson-app", errors)
        assert learner.locator(".sq-level select").is_disabled()     # a test: level fixed
        learner.locator(".sq-nickname input").fill("Masha")
        learner.locator(".sq-secret-picture button").first.click()   # her secret picture
        learner.locator(".sq-secret input").fill("4321")        # and number
        learner.locator("button.sq-save-nickname").click()
        learner.locator(".sq-feedback", has_text="Masha").first.wait_for()
        for n in range(3):
            learner.locator(".sq-answer-text input").fill("999")
            learner.locator("button.sq-submit").click()
            learner.locator(".sq-feedback.sq-status-bad, .sq-feedback .sq-status-bad").first \
                .wait_for()
            if n < 2:
                learner.locator("button.sq-next-exercise").click()
                learner.wait_for_function(
                    "() => !document.querySelector('.sq-feedback .sq-status-bad')")

        row = teacher.locator(".sq-class-table tbody tr", has_text="Masha")
        row.wait_for(timeout=30_000)                  # refreshed by itself, no reload
        teacher.locator(".sq-class-table tbody tr", has_text="Needs help: struggling") \
            .wait_for(timeout=30_000)
        expect(row.locator("td").nth(3)).to_have_text("3", timeout=30_000)  # all three answers
        assert row.locator("td").all_inner_texts()[:2] == ["Queen points", "1"]
        assert "Learners: 1; need help: 1." in teacher.locator(".sq-class-summary").inner_text()

        header = teacher.locator(".sq-class-table thead button.sq-sort-recent")
        header.click()
        teacher.locator(".sq-class-table th[aria-sort='descending'] .sq-sort-recent").wait_for()
        row.locator("button.sq-learner-open").click()
        skills = teacher.locator(".sq-learner-skills")
        skills.locator("h4", has_text="Skills of Masha").wait_for()
        assert skills.locator("tbody tr").count() >= 1
        ARTIFACTS.mkdir(exist_ok=True)
        teacher.screenshot(path=str(ARTIFACTS / "teacher-live.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_class_link_names_the_host_the_teacher_used(browser: Any, voila_server: VoilaServer,
                                                    host: str) -> None:
    """Opened at either name, the link to copy is absolute and names that host - even
    right after another teacher opened the page under the other name."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        base = voila_server.url.replace("127.0.0.1", host)
        teacher = open_page(context, f"{base}voila/render/teacher.ipynb?seed=3",
                            ".sq-class-link a")
        link = f"{base}voila/render/equations.ipynb?lang=en&level=1&seed=3"
        # Relative until the browser has told the kernel the page's address; then absolute.
        shown = teacher.locator(f"{APP} .sq-class-url input")
        expect(shown).to_have_value(link, timeout=30_000)
        anchor = teacher.locator(f"{APP} .sq-class-link a")
        expect(anchor).to_have_attribute("href", link, timeout=30_000)
    finally:
        context.close()


def test_answers_before_the_nickname_reach_the_teacher(browser: Any,
                                                       class_server: VoilaServer) -> None:
    """Issue 40: a class page asks for the nickname before the first task, the nickname typed
    on the index is already in its box, and answers given before saving it reach the
    teacher's page under it (they used to show as 0 answers, "all fine")."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB",
                                  has_touch=True, is_mobile=True)
    try:
        errors: list[str] = []
        index = open_page(context, f"{class_server.url}voila/render/index.ipynb",
                          ".sq-index-nickname", errors)
        index.locator(".sq-index-nickname input").fill("Petya")
        index.locator(".sq-index-nickname input").press("Enter")   # sent on leaving the box
        card = index.locator('.sq-lesson-card[data-lesson="queen_points"] a')
        index.wait_for_function(
            "() => document.querySelector('.sq-lesson-card[data-lesson=\"queen_points\"] a')"
            ".href.includes('nickname=Petya')")
        card.click()
        wait_rendered(index, ".sq-lesson-app")
        learner = index
        first = learner.locator(".sq-class-nickname")
        first.wait_for(state="visible")
        assert first.locator(".sq-nickname input").input_value() == "Petya"
        answer = learner.locator(".sq-answer-text input")
        assert first.bounding_box()["y"] < answer.bounding_box()["y"]   # before the task
        ARTIFACTS.mkdir(exist_ok=True)
        learner.screenshot(path=str(ARTIFACTS / "class-nickname-first-phone-en.png"))
        for n in range(2):   # answers before any nickname is saved
            answer.fill("999")
            learner.locator("button.sq-submit").click()
            learner.locator(".sq-feedback .sq-status-bad").first.wait_for()
            if n == 0:
                learner.locator("button.sq-next-exercise").click()
                learner.wait_for_function(
                    "() => !document.querySelector('.sq-feedback .sq-status-bad')")
        first.locator(".sq-secret-picture button").first.click()
        first.locator(".sq-secret input").fill("2468")
        first.locator("button.sq-save-nickname").click()
        learner.locator(".sq-feedback", has_text="Petya").first.wait_for()
        first.wait_for(state="hidden")
        assert learner.locator(".sq-progress-box .sq-nickname input").input_value() == "Petya"

        teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        try:
            teacher = open_page(teacher_ctx, f"{class_server.url}voila/render/teacher.ipynb",
                                ".sq-teacher-login", errors)
            teacher.locator(".sq-teacher-password input").fill(PASSWORD)
            teacher.locator("button.sq-teacher-open").click()
            row = teacher.locator(".sq-class-table tbody tr", has_text="Petya")
            row.wait_for(timeout=30_000)
            cells = row.locator("td").all_inner_texts()
            assert cells[0] == "Queen points" and cells[3] == "2", cells
        finally:
            teacher_ctx.close()
        assert not errors, errors
    finally:
        context.close()
