"""Through a real JupyterHub: two learners log in, each answers in a lesson, and each one's
progress lands in their own home folder and nowhere else (Chromium through the hub's proxy)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.practice.exercise import typed_form
from sq_edu.practice.progress import learner_file_name
from tests.support.browser import assert_no_error_output, wait_rendered

from .conftest import LEARNERS, Hub

pytestmark = [pytest.mark.hub, pytest.mark.browser]
LESSON, LEVEL, SEED = "queen_points", 1, 5


def learn(browser: Any, hub: Hub, user: str) -> None:
    """Log in as `user`, open the lesson, save a nickname and answer one exercise right."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    try:
        page.goto(f"{hub.url}hub/login")
        page.locator("input[name=username]").fill(user)
        page.locator("input[name=password]").fill(hub.password)
        page.locator("input[type=submit], button[type=submit]").first.click()
        # The hub starts the learner's server, then sends them to the lesson index.
        page.wait_for_url(f"**/user/{user}/voila/render/index.ipynb*", timeout=180_000)
        wait_rendered(page, ".sq-app", timeout=120)
        page.goto(f"{hub.url}user/{user}/voila/render/{LESSON}.ipynb?level={LEVEL}&seed={SEED}")
        wait_rendered(page, ".sq-lesson-app", timeout=120)
        page.locator(".sq-nickname input").fill(user.title())
        page.locator(".sq-secret-picture button").first.click()   # the secret picture
        page.locator(".sq-secret input").fill("2468")          # and number
        page.locator("button.sq-save-nickname").click()
        page.locator(".sq-progress-notice", has_text=user.title()).wait_for()
        twin = LessonApp(LESSON, "en", LEVEL, SEED)   # the same deal the page shows
        page.locator(".sq-answer-text input").fill(
            str(typed_form(twin.exercise, twin.exercise.answers[0])))
        page.locator("button.sq-submit").click()
        # Not just any good line (saving the nickname gave one): the answer's own.
        page.locator(".sq-feedback .sq-status-good", has_text="right").wait_for()
        assert_no_error_output(page)
    finally:
        context.close()


def test_each_learner_progress_lands_in_their_own_folder(browser: Any, hub: Hub) -> None:
    for user in LEARNERS:
        learn(browser, hub, user)
    for user in LEARNERS:
        folder = hub.progress_folder(user)
        own = folder / learner_file_name(user.title())
        saved = json.loads(own.read_text(encoding="utf-8"))
        assert saved["nickname"] == user.title()
        assert sum(skill["correct"] for skill in saved["mastery"]["skills"].values()) == 1
        others = [learner_file_name(o.title()) for o in LEARNERS if o != user]
        assert sorted(p.name for p in folder.glob("*.json")) == [own.name]
        assert not any((folder / name).exists() for name in others)
