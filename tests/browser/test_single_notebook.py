"""`voila notebooks/index.ipynb`: Voila serving the index alone answers every other notebook with
403, so the index must not offer links that fail; it says how to serve all the lessons."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from sq_edu.server.server import free_port, notebooks_dir
from tests.support.browser import ConsoleLog, keep_offline, wait_rendered

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def single_notebook_voila() -> Iterator[str]:
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", str(notebooks_dir() / "index.ipynb"), f"--port={port}",
         "--Voila.ip=127.0.0.1", "--no-browser"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2):
                    break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "Voila did not start"
                time.sleep(0.3)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)


def test_index_served_alone_has_no_dead_links(browser: Any, single_notebook_voila: str) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    console = ConsoleLog().attach(page)
    keep_offline(page, single_notebook_voila)
    try:
        page.goto(single_notebook_voila + "?lang=ru")
        wait_rendered(page, ".sq-index-app")
        assert page.locator(".sq-lesson-card").count() >= 6
        assert page.locator(".sq-index a[href]").count() == 0
        assert page.get_by_text("Эта страница открыта отдельно").is_visible()
        assert page.get_by_text("sq-edu serve", exact=False).first.is_visible()
        assert not console.errors
    finally:
        context.close()
