"""The class server's first screen as plain HTML (sq_edu/pages/first_plain.py, the template's
first_plain.js): in the page's HTML before any kernel message, tappable with Voila's script
held back, and the child's picks carried into the live widgets, which Python then judges.

Checked against an in-process `LessonApp` of the same link (a class shares a deal): the plain
screen shows that deal's cards, and the live page's verdict on the handed-over picks is the
twin's verdict on the same cards.
"""

from __future__ import annotations

import json
import re
import urllib.request
from html.parser import HTMLParser
from typing import Any

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import t
from sq_edu.server.server import VoilaServer
from sq_edu.widgets.hand import HandView
from tests.support.browser import ConsoleLog, keep_offline, wait_rendered
from tests.support.shots import shot

pytestmark = pytest.mark.browser
LEVEL, SEED = 2, 12
PLAIN = "#sq-first-shown"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
HANDED_OVER = "() => window.sqFirstPlain && window.sqFirstPlain.handedOver === true"
SHIFT_PX = 4   # how far a card may move when the live page takes the plain one's place


class _Buttons(HTMLParser):
    """The plain screen's buttons other than cards (their words), in the order of the HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = 0
        self.buttons: list[str] = []
        self._button: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id") == "sq-first":
            self.inside = 1
        elif self.inside and tag == "div":
            self.inside += 1
        if self.inside and tag == "button" and "data-index" not in found:
            self._button = []

    def handle_endtag(self, tag: str) -> None:
        if self.inside and tag == "div":
            self.inside -= 1
        if tag == "button" and self._button is not None:
            self.buttons.append("".join(self._button))
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button.append(data)


def twin(lang: str) -> LessonApp:
    return LessonApp("equations", lang, level=LEVEL, seed=SEED)


def hand_of(widget: Any) -> HandView:
    """The answer hand among the app's widgets."""
    if isinstance(widget, HandView):
        return widget
    for child in getattr(widget, "children", ()):
        found = hand_of(child)
        if found is not None:
            return found
    return None  # type: ignore[return-value]


def query(lang: str) -> str:
    return f"voila/render/equations.ipynb?lang={lang}&level={LEVEL}&seed={SEED}"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_plain_first_screen_is_in_the_page_html(voila_server: VoilaServer, lang: str) -> None:
    """The HTML itself carries the deal's cards and the disabled buttons, before voila.js."""
    with urllib.request.urlopen(voila_server.url + query(lang), timeout=120) as answer:
        page = answer.read().decode("utf-8")
    assert page.index('id="sq-first"') < page.index("voila/static/voila.js")
    buttons = _Buttons()
    buttons.feed(page)
    app = twin(lang)
    saved = re.search(r'data-sq-render="HandView"><script type="application/json">(.*?)</script>',
                      page)
    assert saved, "the plain screen carries no hand for hand.js to draw"
    names = [card["label_off"] for card in json.loads(saved.group(1))["cards"]]
    assert names == [card["label_off"] for card in hand_of(app).cards]
    assert t("lesson_app.check", lang) in buttons.buttons
    assert "Traceback" not in page


def _open(browser: Any, server: VoilaServer, lang: str, device: dict) -> tuple[Any, Any, list]:
    """A fresh page on the lesson with voila.js held back (released by the caller)."""
    context = browser.new_context(**device, locale="ru-RU" if lang == "ru" else "en-GB")
    page = context.new_page()
    page.set_default_timeout(60_000)
    console = ConsoleLog().attach(page)
    keep_offline(page, server.url)
    held: list[Any] = []
    page.route("**/voila/static/voila.js", lambda route: held.append(route))
    page.goto(server.url + query(lang), wait_until="commit")
    return context, page, [held, console]


def _top(page: Any, cards: str, index: int) -> float:
    """The top of the card `index` of `cards` on the screen (after any scrolling), in px."""
    return float(page.evaluate("([cards, index]) => document.querySelectorAll(cards)[index]"
                               ".getBoundingClientRect().top", [cards, index]))


def _right_picks(app: LessonApp) -> list[int]:
    """The hand's positions of the twin's right answer."""
    picks, left = [], list(app.exercise.answers[0])
    for index, card in enumerate(app.exercise.hand):
        if card in left:
            left.remove(card)
            picks.append(index)
    return picks


def _live_judges_the_picks(page: Any, app: LessonApp, picks: list[int]) -> None:
    """The live app has replaced the plain screen with the same cards pressed, and its Check
    gives the twin's verdict on them."""
    wait_rendered(page, ".sq-lesson-app")
    assert page.locator(PLAIN).count() == 0
    live = page.locator("#rendered_cells .sq-answer-cards button[data-index]")
    for index in range(live.count()):
        pressed = live.nth(index).get_attribute("aria-pressed")
        assert pressed == ("true" if index in picks else "false"), index
    app.answer.set(list(app.exercise.answers[0]))
    app.submit_button.click()
    assert app.feedback.tone == "good"
    page.locator("#rendered_cells .sq-submit").click()
    page.locator(".sq-feedback").filter(has_text=app.feedback.text).wait_for(timeout=30_000)


@pytest.mark.parametrize(("lang", "device"), [("en", "phone"), ("ru", "laptop")])
def test_a_tap_on_the_plain_screen_reaches_python(browser: Any, voila_server: VoilaServer,
                                                   lang: str, device: str) -> None:
    app = twin(lang)
    picks = _right_picks(app)
    context, page, (held, console) = _open(browser, voila_server,
                                           lang, PHONE if device == "phone" else LAPTOP)
    try:
        cards = page.locator(f"{PLAIN} .sq-answer-cards button[data-index]")
        cards.first.wait_for(state="visible")
        assert cards.count() == len(app.exercise.hand)
        assert page.locator(f"{PLAIN} .sq-submit").is_disabled()
        for index in range(cards.count()):   # big enough for a finger, named
            box = cards.nth(index).bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
            assert cards.nth(index).inner_text().strip()
        shot(page, f"first-plain-{device}-{lang}")
        unpicked = next(i for i in range(cards.count()) if i not in picks)
        plain_top = _top(page, f"{PLAIN} .sq-answer-cards button[data-index]", unpicked)
        if device == "phone":
            cards.nth(picks[0]).tap()
        else:   # the keyboard: the number key of the card, on the focused row
            cards.first.focus()
            page.keyboard.press(str(picks[0] + 1))
        for index in picks[1:]:
            cards.nth(index).click()
        for index in picks:
            assert cards.nth(index).get_attribute("aria-pressed") == "true"
        for _ in range(300):   # the page asks for voila.js a moment after the last pick
            if held:
                break
            page.wait_for_timeout(100)
        assert held, "the page never asked for voila.js"
        for route in held:
            route.continue_()
        page.unroute("**/voila/static/voila.js")
        page.wait_for_function(HANDED_OVER)
        shot(page, f"first-live-{device}-{lang}")
        live = "#rendered_cells .sq-answer-cards button[data-index]"
        live_tops = [_top(page, live, unpicked)]
        page.wait_for_timeout(1000)   # and once the live page's last widgets are drawn
        live_tops.append(_top(page, live, unpicked))
        # A child about to tap saw the cards jump down by 180 px (phone) when the live page
        # came with the header's buttons the plain screen had left out (issue #44).
        assert all(abs(top - plain_top) <= SHIFT_PX for top in live_tops), (plain_top, live_tops)
        _live_judges_the_picks(page, app, picks)
        assert not console.errors, console.errors
    finally:
        context.close()


def test_voila_script_waits_while_the_child_picks(browser: Any,
                                                  voila_server: VoilaServer) -> None:
    """On a phone, JupyterLab's script kept the main thread busy for seconds and a tap on the
    plain screen waited behind it (issue #44): the page does not ask for voila.js while the
    child picks, even after the page's load event; then starts it on its own, and the live
    page (whose start is on that load event, long past) takes the picks over."""
    app = twin("en")
    picks = _right_picks(app)
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(60_000)
    console = ConsoleLog().attach(page)
    keep_offline(page, voila_server.url)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url)
            if request.url.split("?")[0].endswith("/voila.js") else None)
    page.clock.install()   # the page's timers wait until the test lets time run
    try:
        page.goto(voila_server.url + query("en"), wait_until="load")
        cards = page.locator(f"{PLAIN} .sq-answer-cards button[data-index]")
        for index in picks:
            cards.nth(index).tap()
            assert cards.nth(index).get_attribute("aria-pressed") == "true"
        page.clock.run_for(300)   # less than the wait after a pick
        assert page.evaluate("document.readyState") == "complete"
        assert not asked, "voila.js was asked for while the child was picking"
        page.clock.resume()
        _live_judges_the_picks(page, app, picks)
        assert asked
        assert not console.errors, console.errors
    finally:
        context.close()
