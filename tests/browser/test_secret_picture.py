"""The learner's secret on a phone (390x844, touch), in English and Russian, in real Chromium:
a new learner picks a picture with the keyboard and types 4 digits; a fresh page welcomes them
back with the same picture and number. Every picture button is a big target with its name on
it; screenshots go to test-artifacts/ (`secret-new-<lang>.png`, `secret-back-<lang>.png`).
The game app asks the same secret: on a class server, a classmate who types another learner's
nickname with the wrong picture plays on, and none of it reaches her file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.i18n import t
from sq_edu.practice.classroom.teacher_key import hash_password
from sq_edu.practice.progress import ProgressStore
from sq_edu.server.server import VoilaServer
from tests.browser.test_play import (
    APP,
    MAX_CLICKS,
    QUESTION_TYPES,
    answer_coach,
    child_turn,
    coach_waiting,
    open_settings,
    settle,
    take_a_chance,
)
from tests.support.browser import ConsoleLog, assert_no_error_output, keep_offline, wait_rendered

pytestmark = pytest.mark.browser
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def _open(browser: Any, server: VoilaServer, lang: str) -> tuple[Any, Any, ConsoleLog]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True,
                                  device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    console = ConsoleLog().attach(page)
    keep_offline(page, server.url)
    page.goto(f"{server.url}voila/render/equations.ipynb?lang={lang}&level=1&seed=3")
    wait_rendered(page, ".sq-lesson-app")
    return context, page, console


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_new_learner_picks_a_picture_and_comes_back_with_it(
        browser: Any, voila_server: VoilaServer, lang: str) -> None:
    nickname = f"Pip{lang}"
    context, page, console = _open(browser, voila_server, lang)
    try:
        pictures = page.locator(".sq-secret-picture button")
        assert pictures.count() == 16
        for n in range(16):   # big targets, each with its name on it
            box = pictures.nth(n).bounding_box()
            assert box is not None and box["width"] >= 48 and box["height"] >= 48, (n, box)
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (n, box)
        crown = t("safety.picture_crown", lang)
        assert crown in pictures.nth(14).inner_text()
        page.locator(".sq-nickname input").fill(nickname)
        pictures.nth(13).focus()
        page.keyboard.press("Tab")          # the keyboard reaches the next picture ...
        page.keyboard.press("Enter")        # ... and picks it
        said = page.locator(".sq-secret-picture-said")
        said.filter(has_text=crown).wait_for()
        page.locator(".sq-secret input").fill("2581")
        said.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"secret-new-{lang}.png"))
        page.locator("button.sq-save-nickname").click()
        page.locator(".sq-feedback", has_text=nickname).first.wait_for()
        text = page.locator(".sq-feedback").first.inner_text()
        assert (f"«{crown}»" if lang == "ru" else f"“{crown}”") in text, text
        assert not console.errors, console.errors
        assert_no_error_output(page)
    finally:
        context.close()

    context, page, console = _open(browser, voila_server, lang)   # a fresh page, next day
    try:
        page.locator(".sq-nickname input").fill(nickname)
        page.locator(".sq-secret-picture button").nth(14).click()
        page.locator(".sq-secret input").fill("2581")
        page.locator("button.sq-save-nickname").click()
        back = t("lesson_app.welcome_back", lang, nickname=nickname)
        page.locator(".sq-feedback", has_text=back).first.wait_for()
        page.locator(".sq-feedback").first.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"secret-back-{lang}.png"))
        assert not console.errors, console.errors
    finally:
        context.close()


# --- The game app asks the same secret --------------------------------------------------------

@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A class running, as `sq-edu serve --class 5b --teacher-password ...` starts it."""
    server = VoilaServer(log_path=ARTIFACTS / "voila-game-secret.log")
    server.env.update(SQ_EDU_CLASS="5b", SQ_EDU_TEACHER_KEY=hash_password("owls-at-noon"),
                      SQ_EDU_PROGRESS_DIR=str(tmp_path_factory.mktemp("game-secret")))
    with server:
        yield server


def _play_page(browser: Any, server: VoilaServer, seed: int) -> tuple[Any, Any, ConsoleLog]:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(60_000)
    console = ConsoleLog().attach(page)
    keep_offline(page, server.url)
    page.goto(f"{server.url}voila/render/play.ipynb?lang=en&seed={seed}")
    wait_rendered(page, APP)
    return context, page, console


def _name(page: Any, nickname: str, picture: int, digits: str) -> None:
    """Name the player under "For grown-ups": nickname, secret picture and number, Save."""
    open_settings(page)
    page.locator(f"{APP} .sq-nickname input").fill(nickname)
    page.locator(f"{APP} .sq-secret-picture button").nth(picture).click()
    page.locator(f"{APP} .sq-secret input").fill(digits)
    page.locator(f"{APP} .sq-auto input[type=checkbox]").check()   # bots move at once
    page.locator(f"{APP} button.sq-save-nickname").click()


def _answer(page: Any, wanted: int) -> int:
    """Play on, answering the coach's questions, until `wanted` were answered."""
    answered = 0
    for _ in range(MAX_CLICKS):
        settle(page)
        if answered >= wanted or page.locator(f"{APP} .sq-game-over").is_visible():
            break
        if coach_waiting(page):
            text = page.locator(f"{APP} .sq-coach-question").inner_text()
            kind = next(k for k, words in QUESTION_TYPES.items() if words[0] in text)
            answer_coach(page, kind, True, answered, "en")
            answered += 1
        elif not take_a_chance(page):
            child_turn(page)
    return answered


def test_a_wrong_picture_in_play_does_not_reach_anas_record(
        browser: Any, class_server: VoilaServer) -> None:
    """Ana saves a game answer; a classmate on another device types "Ana" with the wrong
    picture, is told so kindly, plays on, and nothing of it reaches Ana's file on disk."""
    folder = Path(class_server.env["SQ_EDU_PROGRESS_DIR"])
    context, page, console = _play_page(browser, class_server, 3)
    try:
        _name(page, "Ana", 14, "2581")                      # the crown and 2581
        page.locator(f"{APP} .sq-learner", has_text="saved as Ana").wait_for()
        assert _answer(page, 1) == 1
        assert not console.errors, console.errors
    finally:
        context.close()
    store = ProgressStore.for_learner("Ana", folder)
    saved = store.load()
    assert saved.secret is not None and saved.secret.get("form") == "picture"
    assert sum(r.play_attempts for r in saved.mastery.skills.values()) == 1
    before = store.path.read_bytes()

    context, page, console = _play_page(browser, class_server, 4)   # a fresh device
    try:
        _name(page, "Ana", 0, "2581")                       # the star: not her picture
        page.locator(f"{APP} .sq-status", has_text="not the secret of Ana").first.wait_for()
        assert "You can go on playing" in page.locator(f"{APP} .sq-status").first.inner_text()
        assert page.locator(f"{APP} .sq-learner", has_text="saved as Ana").count() == 0
        assert _answer(page, 2) == 2                        # the game goes on, coached
        assert not console.errors, console.errors
        assert_no_error_output(page)
    finally:
        context.close()
    assert store.path.read_bytes() == before                # Ana's record as she left it
