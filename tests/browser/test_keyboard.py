"""Dashboards work by keyboard alone: Tab to a control, Enter / Space / number keys to use it."""

from __future__ import annotations

import pytest

from sq_edu.apps.lesson import LessonApp

pytestmark = pytest.mark.browser
ACTIVE_CLASSES = "() => (document.activeElement.className || '') + ' ' + " \
                 "(document.activeElement.closest('.jupyter-widgets')?.className || '')"


def tab_to(page, css_class: str, limit: int = 60) -> None:
    """Press Tab until the focused element (or its widget) carries `css_class`."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if css_class in page.evaluate(ACTIVE_CLASSES):
            return
    raise AssertionError(f"Tab never reached .{css_class}")


def test_index_language_switch_and_lesson_link_by_keyboard(dashboards) -> None:
    page = dashboards.open("index", selector=".sq-index-app")
    tab_to(page, "sq-language-switch")
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Математика со «Спящими королевами»").wait_for()
    for _ in range(6):  # past the nickname box (what is due for review) to the first lesson
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.tagName") == "A":
            break
    assert page.evaluate("() => document.activeElement.closest('.sq-lesson-card') !== null")
    assert page.evaluate("() => document.activeElement.href").endswith("?lang=ru")
    dashboards.check()


def test_equations_answered_by_keyboard(dashboards) -> None:
    twin = LessonApp("equations", "en", level=2, seed=12)
    right = twin.exercise.answers[0]
    keys = [str(twin.exercise.hand.index(card) + 1) for card in right]
    assert len(set(keys)) == len(keys)
    page = dashboards.open("equations", "level=2&seed=12", selector=".sq-lesson-app")
    tab_to(page, "sq-card")
    for key in keys:
        page.keyboard.press(key)
    pressed = page.locator(".sq-answer-cards button[aria-pressed='true']")
    pressed.nth(len(keys) - 1).wait_for()
    assert pressed.count() == len(keys)
    # The page marks a card at once; the kernel's count says it has the picks too (under load
    # its answer can come seconds later, and Enter before it would check fewer cards).
    page.locator(".sq-answer-cards .sq-hand-summary",
                 has_text=f"{len(keys)} cards picked").wait_for()
    tab_to(page, "sq-submit")
    page.keyboard.press("Enter")
    status = page.locator(".sq-feedback .sq-status-good, .sq-feedback .sq-status-bad").first
    status.wait_for()
    assert "sq-status-good" in (status.get_attribute("class") or ""), status.inner_text()
    dashboards.check()


def test_check_at_once_after_quick_picks_judges_every_pick(dashboards) -> None:
    # A quick child picks three cards and presses "Check" before the kernel has answered the
    # first pick. ipywidgets holds a model's later changes back until then but sends a click at
    # once, so the picks travel as messages (hand.js): the check must see all three.
    twin = LessonApp("equations", "en", level=2, seed=12)
    right = [twin.exercise.hand.index(card) for card in twin.exercise.answers[0]]
    page = dashboards.open("equations", "level=2&seed=12", selector=".sq-lesson-app")
    page.evaluate("""(picks) => {
        const cards = document.querySelectorAll('.sq-answer-cards .sq-card');
        for (const i of picks) cards[i].click();
        document.querySelector('.sq-submit').click();
    }""", right)
    status = page.locator(".sq-feedback .sq-status-good, .sq-feedback .sq-status-bad").first
    status.wait_for()
    assert "sq-status-good" in (status.get_attribute("class") or ""), status.inner_text()
    dashboards.check()
