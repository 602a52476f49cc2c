"""The grown-ups' summary on the serverless site, in Chromium: a child answers on the
equations page, and the grown-ups' page (linked from the site's index) reads that browser's
stored progress: the child, this week's task, the skill's standing and a next-step link to the
site's own lesson page, in both languages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import t
from tests.site.test_site import ARTIFACTS, LEVEL, SEED, Site, name_learner, pick_right, site_url

pytestmark = pytest.mark.site
__all__ = ["site_url"]


def test_the_summary_reads_this_browsers_progress(browser: Any, site_url: str) -> None:
    site = Site(browser, site_url, viewport={"width": 390, "height": 844}, is_mobile=True,
                has_touch=True)
    try:
        twin = LessonApp("equations", "en", level=LEVEL, seed=SEED)
        frame = site.open(f"equations.html?level={LEVEL}&seed={SEED}")
        name_learner(frame, "homefox")
        pick_right(frame, twin)
        frame.locator(".sq-submit").click()
        frame.locator(".sq-submit:disabled").wait_for()
        frame.locator(".sq-feedback .sq-status-good").wait_for()
        assert not site.console.errors, site.console.errors


        index = site.open("index.html?lang=ru")
        link = index.locator('.sq-site-lang[data-lang="ru"] .sq-grownups-link a')
        assert link.get_attribute("href") == "grownups.html?lang=ru"
        assert not site.console.errors, site.console.errors
        link.click()
        site.page.wait_for_selector("#loading", state="hidden", timeout=300_000)
        frame = site.page.frame_locator("#app")
        child = frame.locator('.sq-grownups-child[data-nickname="homefox"]')
        child.wait_for()
        text = child.inner_text()
        assert t("grownups.week", "ru") in text and "Пары (1 задание)" in text, text
        step = child.locator("a.sq-grownups-next")
        # Relative until the page's address reaches Python; then the site's own address.
        expect(step).to_have_attribute("href", re.compile(
            "^" + re.escape(site_url) + r".*equations\.html\?lang=ru&level="))
        href = step.get_attribute("href") or ""
        assert href.startswith(site_url) and "/equations.html?lang=ru&level=" in href, href
        assert "nickname=homefox" in href
        assert site.page.locator("#kept").inner_text() == t("site.grownups_here", "ru")   # вы
        site.page.screenshot(path=str(ARTIFACTS / "grownups-site-phone-ru.png"))
        frame.locator(".sq-grownups-app .sq-language-switch").click()
        frame.locator(".sq-grownups h1", has_text=t("grownups.title", "en")).wait_for()
        assert "Pairs (1 task)" in child.inner_text()
        site.page.screenshot(path=str(ARTIFACTS / "grownups-site-phone-en.png"))
        site.check()
    finally:
        site.context.close()
