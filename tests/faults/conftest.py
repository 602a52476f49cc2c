"""Fault tests: Chromium for the connection-banner tests (helpers are in fault_helpers.py).

Chromium and Playwright are required like in tests/browser (a skip becomes a failure under
`SQ_EDU_REQUIRE_BROWSER=1`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.support.browser import chromium_path, launch_chromium


# Per module, as in tests/browser: Playwright's sync API keeps an asyncio loop running in this
# thread while it is open, and a session-wide one broke every later module that starts its own
# (the hub and site tests).
@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        reason = "Playwright for Python is not installed"
        if os.environ.get("SQ_EDU_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    if chromium_path() is None:
        reason = "Chromium is not installed (apt-get install chromium)"
        if os.environ.get("SQ_EDU_REQUIRE_BROWSER") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()
