"""The site tests drive the same Chromium as the browser tests (one per module)."""

from tests.browser.conftest import browser, playwright_session

__all__ = ["browser", "playwright_session"]
