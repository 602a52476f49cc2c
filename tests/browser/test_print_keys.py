"""Issue 41: the answer keys a teacher prints for chances 5, 7 and 8, drawn by Chromium at a
phone's and a laptop's width in both languages, for a person to look at (test-artifacts/
key-chances-<level>-<lang>-<screen>.png). The page is the worksheet itself, opened from memory:
no server. Its words are proofread too, so a shot never shows a fault a script can see."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from sq_edu.i18n.proof import faults
from sq_edu.practice import get_lesson
from sq_edu.practice.classroom.worksheet import worksheet_html
from tests.support.shots import shot

pytestmark = pytest.mark.browser

SCREENS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1280, "height": 800}}


@pytest.fixture(scope="module")
def pages(browser: Any) -> Iterator[dict[str, Any]]:
    contexts = {name: browser.new_context(viewport=size, device_scale_factor=1,
                                          is_mobile=name == "phone", has_touch=name == "phone")
                for name, size in SCREENS.items()}
    yield {name: context.new_page() for name, context in contexts.items()}
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("level", [5, 7, 8])
def test_the_chances_answer_key_reads_clean_on_a_phone_and_a_laptop(
        pages: dict[str, Any], level: int, lang: str) -> None:
    html = worksheet_html(get_lesson("chances"), level, seed=12, count=6, lang=lang)
    for name, page in pages.items():
        page.set_content(html)
        key = page.locator(".answer-key")
        text = key.inner_text()
        assert text.strip() and not {k: v for k, v in faults(text).items() if v}, text
        shot(key, f"key-chances-{level}-{lang}-{name}")
