"""The lean page in Chromium: a child picks cards, presses Check and reads the feedback.

    .venv/bin/python -m pytest lite/lean/test_lean_page.py -q -p no:cacheprovider
(after `python lite/lean/build.py`; SQ_LEAN_OUT=<folder> tests another build, e.g. the
snapshot one.) Real Pyodide, real widgets, a plain static server, no mocks.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from tests.site.test_site import QuietHandler
from tests.support.browser import ConsoleLog, launch_chromium

OUT = Path(os.environ.get("SQ_LEAN_OUT", Path(__file__).resolve().parent / "out"))
LEVEL, SEED = 1, 4
LOAD_MS = 300_000


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    if not (OUT / "equations.html").is_file():
        pytest.skip("the lean page is not built: python lite/lean/build.py")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(OUT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, url: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    foreign: list[str] = []
    context.on("request", lambda r: None if r.url.startswith((url, "blob:", "data:"))
               else foreign.append(r.url))
    tab = context.new_page()
    console = ConsoleLog().attach(tab)
    tab.goto(f"{url}equations.html?level={LEVEL}&seed={SEED}")
    tab.wait_for_selector("#loading", state="hidden", timeout=LOAD_MS)
    yield tab
    assert not foreign, f"requests to other hosts: {foreign[:5]}"
    assert not console.errors, f"console errors: {console.errors[:5]}"
    context.close()


def pick(page: Any, hand: list[Any], chosen: list[Any]) -> None:
    left = list(hand)
    cards = page.locator(".sq-answer-cards button[data-index]")
    for card in chosen:
        index = left.index(card)
        left[index] = None
        cards.nth(index).click()


def test_right_answer_gets_good_feedback_and_progress(page: Any) -> None:
    twin = LessonApp("equations", "en", level=LEVEL, seed=SEED)   # the same deal, in Python
    before = page.locator(".sq-mastery").inner_text()
    pick(page, list(twin.exercise.hand), list(twin.exercise.answers[0]))
    page.locator(".sq-submit").click()
    page.locator(".sq-feedback .sq-status-good").wait_for()
    assert page.locator(".sq-mastery").inner_text() != before
    page.screenshot(path=str(OUT.parent / "lean-right.png"))


def test_wrong_answer_gets_a_hint_not_praise(page: Any) -> None:
    twin = LessonApp("equations", "en", level=LEVEL, seed=SEED)
    hand = list(twin.exercise.hand)
    right = {tuple(sorted(map(repr, answer))) for answer in twin.exercise.answers}
    wrong = next([a, b] for i, a in enumerate(hand) for b in hand[i + 1:]
                 if tuple(sorted((repr(a), repr(b)))) not in right)
    pick(page, hand, wrong)
    page.locator(".sq-submit").click()
    feedback = page.locator(".sq-feedback")
    page.wait_for_function("() => document.querySelector('.sq-feedback')?.innerText.trim()")
    assert feedback.inner_text().strip()
    assert page.locator(".sq-feedback .sq-status-good").count() == 0
    page.screenshot(path=str(OUT.parent / "lean-wrong.png"))


def test_language_switch_redraws_in_russian(page: Any) -> None:
    page.locator(".sq-language button").nth(1).click()
    page.wait_for_function("() => document.querySelector('.sq-lang-ru')")
    assert "Проверить" in page.locator(".sq-submit").inner_text() or \
        page.locator(".sq-submit").inner_text() != "Check my answer"
