"""Every dashboard on a 360 px phone, in each language, through a real Voila and Chromium:
`<html lang>` is the language asked for, the tab has the app's own title, nothing reaches past
the screen (unless in a box that scrolls on its own), and no line shows a catalogue key, an
unfilled `{placeholder}` or a hyphen used as a minus or a dash (tools/page_audit.py)."""

from __future__ import annotations

from typing import Any

import pytest

from sq_edu.pages.titles import page_titles
from sq_edu.server.server import VoilaServer
from tests.support.browser import ConsoleLog, keep_offline
from tools.page_audit import PAGES, measure

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_speaks_its_language_and_fits_a_phone(
        browser: Any, voila_server: VoilaServer, lang: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.set_default_timeout(120_000)
    console = ConsoleLog().attach(page)
    keep_offline(page, voila_server.url)
    problems = []
    try:
        for name in PAGES:
            got = measure(page, voila_server.url, name, lang)
            if got["lang"] != lang:
                problems.append(f"{name}: <html lang={got['lang']!r}>")
            if got["title"] != page_titles(name)[lang]:
                problems.append(f"{name}: tab title {got['title']!r}")
            problems += [f"{name}: wider than 360 px: {wide}" for wide in got["wide"]]
            problems += [f"{name}: {kind}: {line[:120]}" for kind, line in got["faults"]]
        assert not console.errors, console.errors
    finally:
        context.close()
    assert problems == []
