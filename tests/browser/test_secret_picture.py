"""The learner's secret on a phone (390x844, touch), in English and Russian, in real Chromium:
a new learner picks a picture with the keyboard and types 4 digits; a fresh page welcomes them
back with the same picture and number. Every picture button is a big target with its name on
it; screenshots go to test-artifacts/ (`secret-new-<lang>.png`, `secret-back-<lang>.png`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sq_edu.i18n import t
from sq_edu.server.server import VoilaServer
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
        assert f"«{crown}»" in text, text
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
