"""Where the keyboard focus goes, and that it can be seen: number keys move it to the card they
pick; every key badge of a hand is visible, not hidden under the next row of cards."""

from __future__ import annotations

import pytest

from tests.support.browser import wait_settled

pytestmark = pytest.mark.browser

# Key badges whose middle is covered by something else (a card of the next row).
COVERED_BADGES_JS = """
() => [...document.querySelectorAll('.sq-card-key')].filter(badge => {
  badge.scrollIntoView({block: 'center'});
  const box = badge.getBoundingClientRect();
  if (!box.width) return false;
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return !(top === badge || badge.contains(top));
}).map(badge => badge.textContent)
"""


def test_number_key_picks_its_card_and_moves_focus_there(dashboards) -> None:
    page = dashboards.open("equations", "level=2&seed=12", selector=".sq-lesson-app")
    cards = page.locator(".sq-answer-cards button.sq-card")
    cards.first.focus()
    page.keyboard.press("2")
    page.locator(".sq-answer-cards button.sq-card[aria-pressed='true']").first.wait_for()
    focused = page.evaluate("() => document.activeElement.dataset.index")
    assert focused == "1", "focus must follow the number key to card 2"
    assert cards.nth(1).get_attribute("aria-pressed") == "true"
    assert cards.nth(0).get_attribute("aria-pressed") == "false"
    page.keyboard.press("Space")  # acts on the focused card: card 2 again
    page.locator(".sq-answer-cards button.sq-card[aria-pressed='true']").first.wait_for(
        state="detached")
    dashboards.check()


def test_key_badges_are_never_hidden_under_the_next_row(dashboards) -> None:
    """A narrow window wraps the hand into several rows; each badge stays uncovered."""
    page = dashboards.open("equations", "level=4&seed=12", selector=".sq-lesson-app")
    page.set_viewport_size({"width": 480, "height": 900})
    wait_settled(page)
    rows = page.evaluate("() => new Set([...document.querySelectorAll("
                         "'.sq-answer-cards .sq-card')]"
                         ".map(c => Math.round(c.getBoundingClientRect().top))).size")
    assert rows >= 2, "the test needs a hand that wraps"
    page.locator(".sq-answer-cards button.sq-card").nth(4).click()  # a picked card rises
    page.locator(".sq-answer-cards button.sq-card").nth(4).and_(
        page.locator("[aria-pressed='true']")).wait_for()
    wait_settled(page)
    assert page.evaluate(COVERED_BADGES_JS) == []


def test_right_answer_takes_focus_to_a_highlighted_next(dashboards) -> None:
    from sq_edu.apps.lesson import LessonApp

    twin = LessonApp("equations", "en", level=2, seed=12)
    keys = [str(twin.exercise.hand.index(card) + 1) for card in twin.exercise.answers[0]]
    page = dashboards.open("equations", "level=2&seed=12", selector=".sq-lesson-app")
    cards = page.locator(".sq-answer-cards button.sq-card")
    for key in keys:   # each press on a card of the hand: focus cannot have wandered off
        cards.first.press(key)
    picked = page.locator('.sq-answer-cards button.sq-card[aria-pressed="true"]')
    picked.nth(len(keys) - 1).wait_for()   # every pick shown before Check is pressed
    assert picked.count() == len(keys)
    page.locator(".sq-submit").click()
    page.locator(".sq-feedback .sq-status-good").wait_for()
    page.wait_for_function("() => document.activeElement.closest('.sq-next-exercise')")
    next_button = page.locator("button.sq-next-exercise")
    assert "mod-success" in next_button.get_attribute("class")
    page.keyboard.press("Enter")  # Enter on the focused Next: the next exercise
    page.get_by_text("Exercise 2").wait_for()
    dashboards.check()


def test_wrong_cards_are_put_back(dashboards) -> None:
    page = dashboards.open("equations", "level=1&seed=12", selector=".sq-lesson-app")
    cards = page.locator(".sq-answer-cards button.sq-card")
    cards.nth(0).click()  # 1 and 4: not a pair
    cards.nth(3).click()
    page.locator(".sq-submit").click()
    page.locator(".sq-feedback .sq-status-bad").wait_for()
    page.locator(".sq-answer-cards button.sq-card[aria-pressed='true']").first.wait_for(
        state="detached")
    dashboards.check()


@pytest.mark.parametrize("selector", [".sq-level select", ".sq-seed input",
                                      ".sq-nickname input", ".sq-settings button"])
def test_text_boxes_and_dropdowns_show_a_focus_ring(dashboards, selector: str) -> None:
    page = dashboards.open("equations", selector=".sq-lesson-app")
    if selector != ".sq-settings button":   # level and deal wait behind "For grown-ups"
        page.locator(".sq-settings button").click()
    control = page.locator(selector).first
    control.wait_for()
    control.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # reach it by keyboard, as :focus-visible wants
    ring = control.evaluate("el => [getComputedStyle(el).outlineStyle,"
                            " parseFloat(getComputedStyle(el).outlineWidth)]")
    assert ring[0] != "none" and ring[1] >= 2, f"{selector} has no focus ring: {ring}"
