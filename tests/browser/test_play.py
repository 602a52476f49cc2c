"""A whole game of Sleeping Queens played to its end in Chromium, by clicking only."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser
APP = ".sq-play-app"
MAX_CLICKS = 600


def click_and_wait(page, locator) -> None:
    """Click, then wait until the kernel's answer changed the app's text."""
    before = page.locator(APP).inner_text()
    locator.click()
    page.wait_for_function(
        "([sel, before]) => document.querySelector(sel).innerText !== before",
        arg=[APP, before], timeout=20_000)


def first_visible(page, selector: str):
    """The first visible, enabled match of `selector`, or None."""
    found = page.locator(f"{APP} {selector}")
    for index in range(found.count()):
        item = found.nth(index)
        if item.is_visible() and item.is_enabled():
            return item
    return None


def child_turn(page) -> str:
    """What a child might press now: answer a question, wake a queen, or discard a card."""
    for selector, what in ((".sq-keep-card", "keep"), (".sq-answer-allow", "allow"),
                           ("button.sq-slot-button", "slot"), (".sq-next", "next")):
        button = first_visible(page, selector)
        if button is not None:
            click_and_wait(page, button)
            return what
    wake = first_visible(page, ".sq-act-wake")
    if wake is not None:
        wake.click()
        slot = page.locator(f"{APP} button.sq-slot-button:not([disabled])").first
        slot.wait_for(state="visible")
        click_and_wait(page, slot)
        return "wake"
    card = page.locator(f"{APP} .sq-hand button[data-index='0']")
    if not card.is_enabled():  # the kernel is still telling the bots' moves
        page.wait_for_timeout(200)
        return "wait"
    if card.get_attribute("aria-pressed") != "true":
        card.click()
    page.wait_for_function(
        "s => document.querySelector(s).getAttribute('aria-pressed') === 'true'",
        arg=f"{APP} .sq-hand button[data-index='0']")
    click_and_wait(page, page.locator(f"{APP} .sq-act-discard"))
    return "discard"


def test_a_full_game_is_played_to_its_end_by_clicking(dashboards) -> None:
    page = dashboards.open("play", "seed=3", selector=APP)
    page.locator(f"{APP} .sq-auto input[type=checkbox]").check()
    pressed: dict[str, int] = {}
    for _ in range(MAX_CLICKS):
        if page.locator(f"{APP} .sq-game-over").is_visible():
            break
        what = child_turn(page)
        pressed[what] = pressed.get(what, 0) + 1
    over = page.locator(f"{APP} .sq-game-over")
    assert over.is_visible(), f"no game over after {pressed}"
    assert "Game over!" in over.inner_text()
    assert pressed.get("discard", 0) + pressed.get("wake", 0) >= 3, pressed
    dashboards.screenshot("play-game-over", curated=True)
    dashboards.check()
