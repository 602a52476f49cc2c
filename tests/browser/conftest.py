"""One real Voila server (`voila_server`, tests/conftest.py) and one Chromium for the whole
browser session.

Browser tests skip with a reason when Chromium or Playwright is missing, unless
`SQ_EDU_REQUIRE_BROWSER=1` (set by `.ci/run`), which turns the skip into a failure so CI never
passes without having opened a page.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.server.server import VoilaServer
from tests.support.browser import (
    ConsoleLog,
    assert_no_error_output,
    axe_violations,
    chromium_path,
    keep_offline,
    launch_chromium,
    wait_rendered,
)
from tests.support.shots import shot

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
AXE_VERSION = "4"  # axe-core major version; installed with npm on first use, never committed
AXE_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sq_edu" / "axe"


def _unavailable(reason: str) -> None:
    if os.environ.get("SQ_EDU_REQUIRE_BROWSER") == "1":
        pytest.fail(f"{reason}, and SQ_EDU_REQUIRE_BROWSER=1 forbids skipping browser tests")
    pytest.skip(reason)


# Playwright's sync API runs an asyncio loop in this thread while it is open, which breaks any
# later test that calls asyncio.run(); so it lives per module (Chromium starts in about a
# second), while the Voila server, a separate process, is shared by the whole session.
@pytest.fixture(scope="module")
def playwright_session() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed (pip install -e '.[test]')")
    if chromium_path() is None:
        _unavailable("Chromium is not installed (apt-get install chromium)")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="module")
def browser(playwright_session: Any) -> Iterator[Any]:
    chromium = launch_chromium(playwright_session)
    yield chromium
    chromium.close()


class Dashboards:
    """Opens dashboards in one browser page and checks them for errors as it goes."""

    def __init__(self, page: Any, server_url: str) -> None:
        self.page = page
        self.server_url = server_url
        self.console = ConsoleLog().attach(page)
        keep_offline(page, server_url)

    def url(self, name: str, query: str = "") -> str:
        return f"{self.server_url}voila/render/{name}.ipynb" + (f"?{query}" if query else "")

    def open(self, name: str, query: str = "", selector: str = ".sq-app") -> Any:
        """Open a dashboard and wait until its app rendered with no error cell or console error."""
        self.page.goto(self.url(name, query))
        wait_rendered(self.page, selector)
        self.check()
        return self.page

    def check(self) -> None:
        """Fail on any console error or error output seen so far."""
        assert not self.console.errors, f"browser console errors: {self.console.errors}"
        assert_no_error_output(self.page)

    def axe_violations(self, script: Path, impacts: tuple[str, ...] = ("serious", "critical")
                       ) -> list[str]:
        """Run axe-core on the page; its serious and critical violations, one line each."""
        return axe_violations(self.page, script, impacts)

    def screenshot(self, name: str, curated: bool = False) -> Path:
        """Save a full-page screenshot under test-artifacts/ (and docs/screenshots/ if curated
        and SQ_EDU_UPDATE_SCREENSHOTS=1, so ordinary runs leave the docs untouched)."""
        return shot(self.page, name, curated=curated, full_page=True)


@pytest.fixture
def dashboards(browser: Any, voila_server: VoilaServer) -> Iterator[Dashboards]:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(60_000)
    helper = Dashboards(page, voila_server.url)
    try:
        yield helper
        helper.check()
    finally:
        context.close()


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """axe-core's browser script: `$SQ_EDU_AXE_JS`, or npm-installed into a user cache."""
    given = os.environ.get("SQ_EDU_AXE_JS")
    script = Path(given) if given else AXE_CACHE / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file() and not given:
        npm = shutil.which("npm")
        if npm is None:
            _unavailable("npm is not installed, so axe-core cannot be fetched")
        AXE_CACHE.mkdir(parents=True, exist_ok=True)
        # Two pytest-xdist workers may both find it missing: one installs, the other waits.
        with (AXE_CACHE / ".install-lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not script.is_file():
                done = subprocess.run([npm, "install", "--prefix", str(AXE_CACHE), "--no-audit",
                                       "--no-fund", f"axe-core@{AXE_VERSION}"],
                                      capture_output=True, text=True, timeout=300)
                if done.returncode != 0:
                    _unavailable(f"npm install axe-core failed: {done.stderr.strip()[-300:]}")
    if not script.is_file():
        _unavailable(f"axe-core script not found at {script}")
    return script
