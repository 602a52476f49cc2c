"""The equations lesson clicked through in Chromium, checked against the same deal in Python.

The page and an in-process `LessonApp` with the same level and deal number show the same
exercise (a whole class shares a deal), so the texts the kernel sends to the page can be
compared with what the app says for the same answers.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from sq_edu.apps.lesson import LessonApp

pytestmark = pytest.mark.browser
LEVEL, SEED = 2, 12  # two-addend sums within 10


@pytest.fixture
def twin() -> LessonApp:
    """The lesson as the page's kernel builds it from `?level=2&seed=12`."""
    app = LessonApp("equations", "en", level=LEVEL, seed=SEED)
    assert app.exercise.kind == "cards" and len(app.exercise.answers[0]) >= 3
    return app


def wrong_cards(app: LessonApp) -> list[object]:
    """Two number cards of the hand that do not make a discard."""
    numbers = [card for card in app.exercise.hand if isinstance(card, int)]
    for first in numbers:
        for second in numbers:
            pair = tuple(sorted((first, second)))
            if first is not second and pair not in app.exercise.answers and first != second:
                return list(pair)
    raise AssertionError(f"no wrong pair in {app.exercise.hand}")


def positions(hand: tuple[object, ...], cards: list[object]) -> list[int]:
    """Positions in `hand` of `cards` (each position used once: a hand may hold equal cards)."""
    left, chosen = list(cards), []
    for index, card in enumerate(hand):
        if card in left:
            left.remove(card)
            chosen.append(index)
    assert not left
    return chosen


def pick(page, indexes: list[int]) -> None:
    """Unselect everything, then select the cards at `indexes` by clicking them."""
    cards = page.locator(".sq-answer-cards button[data-index]")
    for index in range(cards.count()):
        if cards.nth(index).get_attribute("aria-pressed") == "true":
            cards.nth(index).click()
    for index in indexes:
        cards.nth(index).click()
        page.wait_for_function(
            "i => document.querySelector(`.sq-answer-cards button[data-index='${i}']`)"
            ".getAttribute('aria-pressed') === 'true'", arg=index)


def plain(html_text: str) -> str:
    """Text of an HTML snippet as the browser shows it (tags dropped, entities decoded)."""
    return unescape(re.sub(r"<[^>]+>", "", html_text)).strip()


def feedback_becomes(page, text: str) -> None:
    page.locator(".sq-feedback").filter(has_text=text).wait_for(timeout=20_000)


def test_equations_wrong_set_hints_then_valid_equation(dashboards, twin: LessonApp) -> None:
    page = dashboards.open("equations", f"level={LEVEL}&seed={SEED}", selector=".sq-lesson-app")
    hand = twin.exercise.hand
    assert page.locator(".sq-answer-cards button[data-index]").count() == len(hand)

    wrong = wrong_cards(twin)
    twin.answer.set(wrong)
    twin.submit_button.click()
    assert twin.feedback.tone == "bad"
    pick(page, positions(hand, wrong))
    page.locator(".sq-submit").click()
    feedback_becomes(page, twin.feedback.text)
    specific = plain(twin.interpretation.value)
    assert str(wrong[0]) in specific and str(wrong[1]) in specific  # about these very cards
    page.locator(".sq-interpretation").filter(has_text=specific).wait_for()
    dashboards.screenshot("equations-wrong")

    for _ in range(twin.exercise.hint_count):
        twin.hint_button.click()
        page.locator(".sq-hint").click()
    page.locator(".sq-hints li").nth(twin.exercise.hint_count - 1).wait_for()
    worked = plain(twin.hints.value.rsplit("<li>", 1)[1])
    shown = page.locator(".sq-hints li").last.inner_text().strip()
    assert shown == worked and re.search(r"\d+ \+ \d+ = \d+", shown), shown
    assert page.locator(".sq-hint").is_disabled()

    right = list(twin.exercise.answers[0])
    twin.answer.set(right)
    twin.submit_button.click()
    assert twin.solved and twin.feedback.tone == "good"
    pick(page, positions(hand, right))
    page.locator(".sq-submit").click()
    feedback_becomes(page, twin.feedback.text)
    assert page.locator(".sq-submit").is_disabled()
    dashboards.screenshot("equations-solved", curated=True)
    dashboards.check()
