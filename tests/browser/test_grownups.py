"""The grown-ups' summary under Voila, in Chromium: reached from the index's "For grown-ups"
fold, each child's week, standing and mistake in words, a next-step link that opens the lesson
at that level for that child, both languages, and one A4 sheet when printed (page.pdf()).
Screenshots (phone 390x844 and laptop 1280x800, English and Russian) go to test-artifacts/
(grownups-*.png).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from sq_edu.practice.progress import Progress, ProgressStore
from sq_edu.server.server import VoilaServer
from tests.support.browser import ConsoleLog, keep_offline, wait_rendered
from tests.support.shots import shot

pytestmark = pytest.mark.browser
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}
MINE = ("Gu-Masha", "Gu-Lev")   # the family's two children (other tests add learners too)
ADDED = "lessons.eq_trap_added"


def _family() -> None:
    """Two children's records in the shared server's progress folder."""
    folder = Path(os.environ["SQ_EDU_PROGRESS_DIR"])
    masha = Progress(MINE[0])
    for _ in range(3):
        masha.mastery.record("equations", 2, "sums_within_10", False, guess=0.1, slip=ADDED)
    masha.mastery.record("chances", 1, "chance_words", True, levels=5)
    ProgressStore.for_learner(MINE[0], folder).save(masha)
    lev = Progress(MINE[1])
    for _ in range(6):
        lev.mastery.record("equations", 1, "pairs", True, levels=7)
    ProgressStore.for_learner(MINE[1], folder).save(lev)


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _open(context: Any, url: str) -> tuple[Any, ConsoleLog]:
    page = context.new_page()
    page.set_default_timeout(60_000)
    console = ConsoleLog().attach(page)
    keep_offline(page, url.split("/voila/")[0] + "/")
    page.goto(url)
    wait_rendered(page, ".sq-grownups, .sq-index")
    return page, console


def test_summary_from_the_index_in_words_links_and_one_printed_page(
        browser: Any, voila_server: VoilaServer) -> None:
    _family()
    context = browser.new_context(**LAPTOP)
    try:
        index, console = _open(context, f"{voila_server.url}voila/render/index.ipynb?lang=en")
        index.locator(".sq-settings").first.click()
        index.locator(".sq-grownups-link a").click()
        wait_rendered(index, ".sq-grownups")
        masha = index.locator(f'.sq-grownups-child[data-nickname="{MINE[0]}"]')
        text = masha.inner_text()
        for words in ("This week", "struggling", "adds", "Practise next", "Play together"):
            assert words in text, (words, text)
        step = masha.locator("a.sq-grownups-next")
        # Relative until the browser has told the kernel the page's address; then absolute.
        expect(step).to_have_attribute("href", re.compile(
            "^" + re.escape(voila_server.url) + r".*equations\.ipynb\?lang=en&level=2"))
        href = step.get_attribute("href") or ""
        assert f"nickname={MINE[0]}" in href
        lev = index.locator(f'.sq-grownups-child[data-nickname="{MINE[1]}"]').inner_text()
        assert "Pairs" in lev and "6" in lev
        # Printed: only the summary, one A4 sheet for the family (other tests' learners out).
        index.evaluate("""(mine) => document.querySelectorAll('.sq-grownups-child').forEach(
            (el) => { if (!mine.includes(el.dataset.nickname)) el.remove(); })""", list(MINE))
        index.emulate_media(media="print")
        index.set_viewport_size({"width": 794, "height": 1123})   # A4 at 96 dpi
        shot(index, "grownups-print-preview")
        box = index.locator(".sq-grownups").bounding_box()
        assert box is not None and 200 < box["y"] + box["height"] <= 1032   # A4 less margins
        index.emulate_media(media="screen")
        index.set_viewport_size(LAPTOP["viewport"])
        pdf = index.pdf(format="A4", print_background=True)
        assert _pages(pdf) == 1
        (Path(__file__).resolve().parents[2] / "test-artifacts" / "grownups-print.pdf"
         ).write_bytes(pdf)
        shot(index, "grownups-laptop-en", full_page=True)
        index.locator(".sq-grownups-app .sq-language-switch").click()
        index.locator(".sq-grownups h1", has_text="Для взрослых").wait_for()
        assert "трудности" in masha.inner_text()
        shot(index, "grownups-laptop-ru", full_page=True)
        step.click()   # the next step opens the lesson at its level, the nickname filled in
        wait_rendered(index, ".sq-lesson-app, .sq-app")
        assert index.locator(".sq-nickname input").input_value() == MINE[0]
        assert not console.errors, console.errors
    finally:
        context.close()
    phone = browser.new_context(**PHONE)
    try:
        for lang in ("en", "ru"):
            page, console = _open(phone, f"{voila_server.url}voila/render/grownups.ipynb"
                                         f"?lang={lang}")
            page.evaluate("""(mine) => document.querySelectorAll('.sq-grownups-child').forEach(
                (el) => { if (!mine.includes(el.dataset.nickname)) el.remove(); })""",
                          list(MINE))
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 390, f"the phone page scrolls sideways ({wide} px)"
            shot(page, f"grownups-phone-{lang}", full_page=True)
            assert not console.errors, console.errors
    finally:
        phone.close()
