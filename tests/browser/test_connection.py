"""A dashboard whose kernel died: the reload banner, and nothing else (no broken-link icon on
every widget)."""

from __future__ import annotations

import time

import pytest

from tests.support.browser import kill_kernel_of

pytestmark = pytest.mark.browser

# Widgets that draw something before themselves (the widget manager's broken-link icon).
ICONS_JS = """
() => [...document.querySelectorAll('.jupyter-widgets')].filter(el => {
  const before = getComputedStyle(el, '::before');
  return before.content !== 'none' && before.content !== 'normal' && before.display !== 'none';
}).map(el => el.className)
"""


def test_a_dead_kernel_shows_only_the_banner(dashboards) -> None:
    page = dashboards.open("equations", "lang=ru")
    assert page.evaluate(ICONS_JS) == []
    kill_kernel_of(page)
    banner = page.locator(".sq-connection-lost")
    banner.wait_for(state="visible", timeout=40_000)
    deadline = time.monotonic() + 20
    while not page.locator(".jupyter-widgets-disconnected").count():
        assert time.monotonic() < deadline, "the widgets were never marked disconnected"
        page.wait_for_timeout(250)
    assert page.evaluate(ICONS_JS) == []
    assert "Урок не отвечает" in banner.inner_text()
    assert banner.get_by_role("button", name="Обновить страницу").is_visible()
    dashboards.screenshot("kernel-dead")
    dashboards.console.errors.clear()  # the dead websocket logs errors, as it should
