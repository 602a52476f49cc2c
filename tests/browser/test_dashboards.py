"""Every dashboard in Chromium: loads clean, asks nothing of another machine (an offline
classroom), passes axe-core, and turns Russian on request."""

from __future__ import annotations

import re

import pytest

from sq_edu.server.server import dashboards as existing_dashboards
from sq_edu.server.server import notebooks_dir
from tests.browser.test_offline import VERSION_WARNINGS

pytestmark = pytest.mark.browser

APPS = {
    "index": ".sq-index-app",
    "equations": ".sq-lesson-app",
    "card_detective": ".sq-lesson-app",
    "chances": ".sq-lesson-app",
    "queen_points": ".sq-lesson-app",
    "play": ".sq-play-app",
    "dungeon": ".sq-dungeon-app",
    "teacher": ".sq-teacher-app",
}
PRESENT = [name for name in APPS if (notebooks_dir() / f"{name}.ipynb").is_file()]


def cyrillic_share(text: str) -> float:
    """Share of Cyrillic among the letters of `text` (0 for English, near 1 for Russian)."""
    cyrillic = len(re.findall(r"[а-яё]", text, re.IGNORECASE))
    latin = len(re.findall(r"[a-z]", text, re.IGNORECASE))
    return cyrillic / max(cyrillic + latin, 1)


def switch_to_russian(page, app: str) -> None:
    """Press the app's "Русский" and wait until the app reads as Russian."""
    if app == ".sq-index-app":
        page.get_by_role("button", name="Русский").click()
    else:
        page.locator(f"{app} .sq-language").get_by_role("button", name="Русский").click()
    page.wait_for_function(
        """([selector, share]) => {
             const text = document.querySelector(selector).innerText;
             const cyr = (text.match(/[а-яё]/gi) || []).length;
             const lat = (text.match(/[a-z]/gi) || []).length;
             return cyr / Math.max(cyr + lat, 1) > share;
           }""",
        arg=[app, 0.8],
        timeout=20_000,
    )


@pytest.mark.parametrize("name", PRESENT)
def test_dashboard_loads_clean_offline_speaks_russian_and_passes_axe(
        dashboards, axe_script, voila_server, name: str) -> None:
    """One page load per dashboard: clean in English with no request for another machine and
    the widget packages matching Voila's JupyterLab, axe-core in English, then Russian on
    request (clean, its screenshot, axe-core again, still nothing asked elsewhere)."""
    app = APPS[name]
    foreign: list[str] = []
    warnings: list[str] = []
    dashboards.page.on("request", lambda request: None if request.url.startswith(
        (voila_server.url, "blob:", "data:")) else foreign.append(request.url))
    dashboards.page.on("console", lambda message: warnings.append(message.text) if any(
        text in message.text for text in VERSION_WARNINGS) else None)
    page = dashboards.open(name, selector=app)
    page.wait_for_load_state("networkidle")
    assert foreign == [], f"{name} requested {foreign}"
    assert warnings == [], f"{name}: widget package mismatch: {warnings}"
    # The icon font (the widgets' button icons) still loads, from Voila's own bundle.
    assert page.evaluate(
        "async () => (await document.fonts.load('900 16px \"Font Awesome 5 Free\"')).length") > 0
    english = page.locator(app).inner_text()
    assert cyrillic_share(english) < 0.1, english[:400]
    dashboards.screenshot(name, curated=True)
    found = [f"en {line}" for line in dashboards.axe_violations(axe_script)]

    switch_to_russian(page, app)
    dashboards.check()
    dashboards.screenshot(f"{name}-ru")
    assert cyrillic_share(page.locator(app).inner_text()) > 0.8
    found += [f"ru {line}" for line in dashboards.axe_violations(axe_script)]
    assert not found, "axe-core serious/critical violations:\n" + "\n".join(found)
    assert foreign == [], f"{name} requested {foreign}"


def test_every_dashboard_is_checked_here() -> None:
    """The offline check of every dashboard lives in the test above: none may be left out."""
    assert {"index", "teacher", *existing_dashboards()} <= set(PRESENT)
