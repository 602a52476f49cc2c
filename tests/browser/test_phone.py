"""Every dashboard on a phone (390x844) and a tablet (768x1024): nothing sticks out sideways or is
cut off by its box. An element may only reach past its box inside a `sq-scroll-x` area, which
scrolls sideways with a visible scroll bar (the Dungeon score sheet on a phone)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.server.server import dashboards as existing_dashboards
from tests.support.browser import (
    ConsoleLog,
    assert_no_error_output,
    keep_offline,
    wait_rendered,
    wait_settled,
)
from tests.support.shots import shot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 768, "height": 1024}
LAPTOP = {"width": 1280, "height": 800}
PAGES = ["index", "teacher", *existing_dashboards()]

# Visible elements of the page whose right edge passes the viewport, or the edge of an
# ancestor that clips or scrolls it (a child cannot see or reach what is past it).
CUT_OFF_JS = """
() => {
  const vw = document.documentElement.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + [...el.classList]
      .filter(c => c.startsWith('sq-') || c.startsWith('widget-')).slice(0, 3)
      .map(c => '.' + c).join('');
  const found = [];
  for (const el of document.querySelectorAll('#rendered_cells *')) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (getComputedStyle(el).visibility === 'hidden') continue;
    let limit = vw, by = 'the viewport';
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (up.classList.contains('sq-scroll-x')) { limit = Infinity; break; }
      const style = getComputedStyle(up);
      // a box drawn as its children alone (display: contents) has no edge and clips nothing
      if (style.overflowX === 'visible' || style.display === 'contents') continue;
      const edge = up.getBoundingClientRect().right;
      if (edge < limit) { limit = edge; by = name(up); }
    }
    if (box.right > limit + 1) {
      const text = (el.innerText || el.textContent || '').trim().slice(0, 40);
      found.push(`${name(el)} "${text}" ends at ${Math.round(box.right)} px, past ${by}`
                 + ` (${Math.round(limit)} px)`);
    }
  }
  if (document.documentElement.scrollWidth > vw + 1)
    found.push(`the page is ${document.documentElement.scrollWidth} px wide on a ${vw} px screen`);
  return found;
}
"""


class Screen:
    """One page of a small screen, checked for console errors as it goes."""

    def __init__(self, browser: Any, server_url: str, viewport: dict[str, int]) -> None:
        self.context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True,
                                           device_scale_factor=1)
        self.page = self.context.new_page()
        self.page.set_default_timeout(60_000)
        self.console = ConsoleLog().attach(self.page)
        self.server_url = server_url
        keep_offline(self.page, server_url)

    def open(self, name: str, query: str = "") -> Any:
        self.page.goto(f"{self.server_url}voila/render/{name}.ipynb" + (f"?{query}" if query
                                                                         else ""))
        wait_rendered(self.page, ".sq-app")
        wait_settled(self.page)  # late layout: fonts, tab bars
        return self.page

    def assert_fits(self) -> None:
        """Fail on console errors, error output, and anything cut off (one line each)."""
        assert not self.console.errors, self.console.errors
        assert_no_error_output(self.page)
        found = self.page.evaluate(CUT_OFF_JS)
        assert not found, "cut off on a small screen:\n" + "\n".join(found)

    def screenshot(self, name: str, curated: bool = True) -> Path:
        """The whole app at phone width: Voila scrolls an inner box, not the page, so the
        window is made tall enough for everything for a moment (docs/screenshots/ as well
        when SQ_EDU_UPDATE_SCREENSHOTS=1)."""
        size = self.page.viewport_size
        height = self.page.evaluate("() => document.querySelector('#rendered_cells')"
                                    ".scrollHeight")
        self.page.set_viewport_size({"width": size["width"], "height": max(height + 40, 600)})
        wait_settled(self.page)
        path = shot(self.page, name, curated=curated)
        self.page.set_viewport_size(size)
        return path

    def close(self) -> None:
        self.context.close()


@pytest.fixture
def phone(browser: Any, voila_server: Any) -> Iterator[Screen]:
    screen = Screen(browser, voila_server.url, PHONE)
    yield screen
    screen.close()


@pytest.fixture
def tablet(browser: Any, voila_server: Any) -> Iterator[Screen]:
    screen = Screen(browser, voila_server.url, TABLET)
    yield screen
    screen.close()


# Russian on the phone (its words are the longer ones), English on the tablet.
@pytest.mark.parametrize("name", PAGES)
def test_nothing_is_cut_off_on_a_phone(phone: Screen, name: str) -> None:
    phone.open(name, "lang=ru")
    phone.assert_fits()


@pytest.mark.parametrize("name", PAGES)
def test_nothing_is_cut_off_on_a_tablet(tablet: Screen, name: str) -> None:
    tablet.open(name, "lang=en")
    tablet.assert_fits()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_dungeon_score_sheet_fits_a_phone_while_playing(phone: Screen, lang: str) -> None:
    """Play cards until the score question comes: the sheet, its Score column and the scores
    line are on screen (or in the sheet's own visible sideways scroll). The table is then
    shot at a phone's and a laptop's width for a person to read (issue 41:
    test-artifacts/dungeon-table-<lang>-phone.png and -laptop.png)."""
    page = phone.open("dungeon", f"lang={lang}&seed=3")
    question = page.locator(".sq-score-input input")
    for _ in range(60):
        if question.is_visible():
            break
        # Name trumps if asked, else play the first card that may be played, else go on.
        for selector in (".sq-trump-choice button:not([disabled])",
                         "button.sq-dungeon-card:not([disabled])",
                         "button.sq-continue:not([disabled])"):
            choice = page.locator(selector).first
            if choice.count() and choice.is_visible():
                choice.click()
                break
        page.wait_for_timeout(800)  # the bots answer; never click into their turn
    assert question.is_visible(), "no score question after a whole hand"
    phone.assert_fits()
    sheet = page.locator(".sq-score-sheet")
    box, screen_width = sheet.bounding_box(), PHONE["width"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= screen_width
    if lang == "ru":
        phone.screenshot("phone-dungeon")
    phone.screenshot(f"dungeon-table-{lang}-phone", curated=False)
    page.set_viewport_size(LAPTOP)
    wait_settled(page)
    phone.assert_fits()
    phone.screenshot(f"dungeon-table-{lang}-laptop", curated=False)


def test_equations_on_a_phone_speaks_of_tapping_not_keys(phone: Screen) -> None:
    page = phone.open("equations", "lang=ru&level=4&seed=12")
    help_line = page.locator(".sq-answer-cards .sq-hand-help")
    assert "Коснись" in help_line.inner_text() and "1–" not in help_line.inner_text()
    assert page.locator(".sq-card-key:visible").count() == 0
    page.locator(".sq-answer-cards button.sq-card").nth(1).tap()
    page.locator(".sq-answer-cards button.sq-card[aria-pressed='true']").wait_for()
    phone.assert_fits()
    phone.screenshot("phone-equations")


def test_play_fits_a_phone(phone: Screen) -> None:
    phone.open("play", "lang=en&seed=5")
    phone.assert_fits()
    phone.screenshot("phone-play")
