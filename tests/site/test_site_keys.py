"""The site's page around the app (lite/page.html), at phone size (390x844, touch):

- Enter on a focused button of the app presses it, as under Voila (JupyterLite's REPL console,
  which the site's pages ran in before, took every Enter pressed outside its hidden prompt).
- The page's bar, title and language follow a switch of language made inside the app.

Screenshots: test-artifacts/site-enter-*.png, site-lang-follow-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from sq_edu.i18n import t
from sq_edu.pages.titles import page_titles
from tests.site.test_site import ARTIFACTS, Site, site_url
from tests.support.child_first import PHONE

pytestmark = pytest.mark.site
__all__ = ["site_url"]   # the fixture, shared with the site's main test


@pytest.fixture
def phone(browser: Any, site_url: str) -> Iterator[Site]:
    session = Site(browser, site_url, **PHONE)
    yield session
    session.context.close()


def test_enter_presses_a_focused_button_of_the_app(phone: Site) -> None:
    frame = phone.open("queen_points.html?lang=en&level=1&seed=4")
    hint = frame.locator("button.sq-hint")
    shown = frame.locator(".sq-hints li")
    assert shown.count() == 0
    hint.focus()
    hint.press("Enter")
    shown.first.wait_for(timeout=20_000)
    # The key stayed with the app: the focus is still on the button, not the REPL's prompt.
    assert frame.locator("button.sq-hint:focus").count() == 1
    hint.press("Enter")                       # and again: the second hint
    shown.nth(1).wait_for(timeout=20_000)
    hint.scroll_into_view_if_needed()
    phone.page.screenshot(path=str(ARTIFACTS / "site-enter-hint-phone-en.png"))
    phone.check()


def test_the_bar_follows_the_language_chosen_in_the_app(phone: Site) -> None:
    frame = phone.open("equations.html?lang=en&level=1&seed=4")
    back = phone.page.locator("#back")
    assert back.inner_text() == t("site.back", "en")
    frame.locator(".sq-language button", has_text="Русский").click()
    frame.locator(".sq-language.sq-lang-ru").wait_for()
    phone.page.wait_for_function(
        "() => document.documentElement.lang === 'ru'", timeout=20_000)
    assert back.inner_text() == t("site.back", "ru")
    assert back.get_attribute("href") == "index.html?lang=ru"
    kept = phone.page.locator("#kept").inner_text()
    assert kept in (t("site.kept_here", "ru", download=t("lesson_app.download", "ru")),
                    t("site.kept_here_short", "ru"))
    assert phone.page.title() == page_titles("equations")["ru"]
    assert frame.locator("html").get_attribute("lang") == "ru"
    assert "lang=ru" in phone.page.url          # a reload keeps the language chosen
    phone.page.screenshot(path=str(ARTIFACTS / "site-lang-follow-phone-ru.png"))
    frame.locator(".sq-language button", has_text="English").click()
    phone.page.wait_for_function(
        "() => document.documentElement.lang === 'en'", timeout=20_000)
    assert back.inner_text() == t("site.back", "en")
    assert "lang=en" in phone.page.url
    phone.check()
