"""A lesson's first screen comes before Python (lite/first_screen.py, issue #44).

On a phone's line Python (Pyodide and its snapshot, megabytes) comes seconds after the page.
Here the page's Python worker is held back (its script's request is not answered): the first
task must already be on the screen as plain HTML (lite/first_plain.py: no widgets' script, 1.27 MB,
asked for before Python), its cards must take a pick, and once Python arrives the pick must
still be there and "Check" must judge it.
"""

from __future__ import annotations

from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import t
from tests.site.test_site import ARTIFACTS, LOAD_SECONDS, Site, pick_right, site_url
from tests.support.child_first import PHONE

pytestmark = pytest.mark.site
__all__ = ["site_url"]   # the shared static server
CARD = ".sq-answer-cards button[data-index]"
PYTHON_READY = "() => window.sqPythonReady === true"
START = 1_800_000_000   # seconds since 1970 (Playwright's unit): the paused clock's start


def _held_site(browser: Any, site_url: str) -> tuple[Site, list[Any]]:
    """A phone on the site whose page's Python worker script waits until the test lets it go.
    The service worker is kept out: a request it made for the page would pass unseen."""
    site = Site(browser, site_url, service_workers="block", **PHONE)
    held: list[Any] = []
    site.context.route("**/sq-python.js", lambda request: held.append(request))
    return site, held


def twin_touch_help(twin: LessonApp) -> str:
    """The answer hand's help line on a touch screen, as the page's Python words it."""
    hand = twin.answer.hand
    assert hand is not None
    return str(hand.touch_help)


def _twin(site: Site, lang: str) -> LessonApp:
    """The lesson as the page's Python deals it: the seed of the first screen the page drew."""
    url = site.page.evaluate("() => window.sqPage.first.url")
    assert url.startswith("first/equations.")
    return LessonApp("equations", lang, None, int(url.rsplit(".", 2)[-2]))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_first_task_is_picked_before_python_and_checked_after(browser: Any, site_url: str,
                                                                  lang: str) -> None:
    site, held = _held_site(browser, site_url)
    asked: list[str] = []
    site.page.on("request", lambda request: asked.append(request.url))
    try:
        site.page.goto(f"{site_url}equations.html?lang={lang}")
        site.page.wait_for_selector("#loading", state="hidden", timeout=60_000)
        frame = site.app()
        frame.locator(CARD).first.wait_for()
        status = frame.locator(".sq-first-status")
        assert status.inner_text().strip() == t("first_screen.waking", lang)
        frame.wait_for_function("() => window.sqPythonReady === false")
        for _ in range(60):   # Python is asked for (Playwright's refused service worker
            if held:          # holds the page's registration up to 5 s), and held
                break
            site.page.wait_for_timeout(500)
        assert held, "the page never asked for its Python worker"
        site.page.wait_for_timeout(500)
        assert frame.evaluate("() => window.sqPythonReady") is False
        assert frame.locator(".sq-submit").is_disabled()   # nothing to judge it yet

        twin = _twin(site, lang)
        pick_right(frame, twin)
        picked = frame.locator(f'{CARD}[aria-pressed="true"]')
        assert picked.count() == len(twin.exercise.answers[0])
        assert frame.evaluate("() => document.querySelector('.sq-hand-help').textContent") \
            == twin_touch_help(twin)   # a phone's help line: "tap", not number keys
        saved = [url for url in asked if "/first/" in url and ".plain.json" not in url]
        widgets = [url for url in asked if "sq-app.js" in url] + saved
        assert not widgets, f"the first screen waited for the widgets' script: {widgets}"
        site.page.screenshot(path=str(ARTIFACTS / f"site-first-screen-{lang}-phone.png"))

        for request in held:
            request.continue_()
        site.context.unroute("**/sq-python.js")
        frame.wait_for_function(PYTHON_READY, timeout=LOAD_SECONDS * 1000)
        assert status.count() == 0
        assert frame.locator(CARD).count() == len(twin.exercise.hand)   # one app, not two
        assert picked.count() == len(twin.exercise.answers[0])
        frame.locator(".sq-submit").click()
        frame.locator(".sq-feedback .sq-status-good").wait_for()
        assert not site.foreign, f"requests to other hosts: {site.foreign[:5]}"
        assert not site.console.errors, f"console errors: {site.console.errors[:5]}"
    finally:
        site.context.close()



def test_python_waits_while_the_child_picks(browser: Any, site_url: str) -> None:
    """Starting Python's worker kept a phone's main thread busy and the first tap waited behind
    it (issue #44): the page does not ask for the worker while the child picks, then asks on its
    own, and Python takes the picks over and judges them."""
    site, held = _held_site(browser, site_url)
    # The page's timers wait until the test lets time run: install alone lets fake time flow
    # with the real one, and on a loaded machine the picks below took longer than the page's
    # wait (a CI run saw Python asked for mid-pick), so the clock is paused before the page.
    site.page.clock.install(time=START)
    site.page.clock.pause_at(START + 1)
    try:
        site.page.goto(f"{site_url}equations.html?lang=en")
        frame = site.page.frame_locator("#app")
        frame.locator(CARD).first.wait_for(timeout=60_000)
        site.page.clock.run_for(100)   # the page's cover goes (its watch is a timer)
        site.page.wait_for_selector("#loading", state="hidden")
        twin = _twin(site, "en")
        # A click's wait for a steady card uses animation frames, which the paused clock holds
        # up: the same click event, sent to the card at once.
        pick_right(frame, twin, send=True)
        picked = frame.locator(f'{CARD}[aria-pressed="true"]')
        assert picked.count() == len(twin.exercise.answers[0])
        site.page.clock.run_for(300)   # less than the wait after a pick
        assert not held, "Python's worker was asked for while the child was picking"
        assert site.app().evaluate("() => window.sqPythonAsked") is None
        assert site.page.evaluate("() => window.sqPage.ready === null"), \
            "the service worker was registered while the child was picking"
        site.page.clock.resume()
        for _ in range(60):
            if held:
                break
            site.page.wait_for_timeout(500)
        assert held, "the page never asked for its Python worker"
        for request in held:
            request.continue_()
        site.context.unroute("**/sq-python.js")
        site.app().wait_for_function(PYTHON_READY, timeout=LOAD_SECONDS * 1000)
        assert picked.count() == len(twin.exercise.answers[0])
        site.app().locator(".sq-submit").click()
        site.app().locator(".sq-feedback .sq-status-good").wait_for()
        assert not site.console.errors, f"console errors: {site.console.errors[:5]}"
    finally:
        site.context.close()
