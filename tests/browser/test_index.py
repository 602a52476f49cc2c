"""The index dashboard in Chromium: lesson cards, the language switch, links that exist."""

from __future__ import annotations

import pytest

from sq_edu.server.server import dashboards as existing_dashboards

pytestmark = pytest.mark.browser


def first_level_shown(page, lang: str) -> None:
    """The equations card promises what level 1 is (pairs), not only what comes later."""
    from sq_edu.practice import get_lesson

    first = get_lesson("equations").levels[0].title.get(lang)
    card = page.locator('.sq-lesson-card[data-lesson="equations"]').inner_text()
    assert first.lower() in card.lower(), card


def test_index_switches_to_russian(dashboards) -> None:
    page = dashboards.open("index")
    assert page.get_by_role("heading", name="Sleeping Queens maths").is_visible()
    first_level_shown(page, "en")
    dashboards.screenshot("index", curated=True)

    page.get_by_role("button", name="Русский").click()
    page.get_by_role("heading", name="Математика со «Спящими королевами»").wait_for()
    assert page.get_by_role("button", name="English").is_visible()
    dashboards.check()
    first_level_shown(page, "ru")
    dashboards.screenshot("index-ru", curated=True)


def test_index_lists_exactly_the_dashboards_that_exist(dashboards) -> None:
    page = dashboards.open("index", "lang=ru")
    assert page.get_by_role("heading", name="Уроки").is_visible()
    listed = page.locator(".sq-lesson-card").evaluate_all("els => els.map(e => e.dataset.lesson)")
    assert listed == existing_dashboards()
    for link in page.locator(".sq-lesson-card a").evaluate_all("els => els.map(e => e.href)"):
        assert link.endswith("?lang=ru")


def test_bad_language_in_the_link_gets_a_note(dashboards) -> None:
    page = dashboards.open("index", "lang=klingon")
    assert page.get_by_role("heading", name="Sleeping Queens maths").is_visible()
    assert page.get_by_text("That page language is not available").is_visible()


def test_a_card_opens_with_the_nickname_as_typed(dashboards) -> None:
    """Typed, never left: the card clicked straight away still carries the nickname (issue 40:
    it was carried only after the box was left)."""
    page = dashboards.open("index")
    page.locator(".sq-index-nickname input").type("Typedfox")
    page.locator('.sq-lesson-card[data-lesson="equations"] a').click()
    page.wait_for_url("**/equations.ipynb?*nickname=Typedfox*")
    page.locator(".sq-nickname input").wait_for()
    assert page.locator(".sq-nickname input").input_value() == "Typedfox"
    dashboards.check()
