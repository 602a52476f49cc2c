"""Fault tests: a Voila server per module on their own notebooks, Chromium, kernel killing.

Chromium and Playwright are required like in tests/browser (a skip becomes a failure under
`SQ_EDU_REQUIRE_BROWSER=1`). The repository root goes on `sys.path` for `bench._kernel_client`.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

from sq_edu.voila.browser import chromium_path, launch_chromium

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
ARTIFACTS = ROOT / "test-artifacts"


def write_notebook(path: Path, *sources: str) -> Path:
    """A dashboard notebook with the given code cells, as thin as the real ones."""
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
              "outputs": [], "source": source} for i, source in enumerate(sources)]
    path.write_text(json.dumps({
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }), encoding="utf-8")
    return path


def kernel_processes(kernel_id: str) -> list[psutil.Process]:
    """The kernel process(es) Voila started for this kernel id (its connection file names it)."""
    found = []
    for process in psutil.process_iter(["cmdline"]):
        cmdline = " ".join(process.info["cmdline"] or [])
        if f"kernel-{kernel_id}.json" in cmdline:
            found.append(process)
    return found


def kill_kernel(kernel_id: str, timeout: float = 10.0) -> int:
    """SIGKILL the kernel like the out-of-memory killer would; returns how many died."""
    victims = kernel_processes(kernel_id)
    for process in victims:
        process.kill()
    psutil.wait_procs(victims, timeout=timeout)
    return len(victims)


def page_kernel_id(page: Any) -> str:
    config = page.locator("#jupyter-config-data").first.text_content()
    return str(json.loads(config)["kernelId"])


def wait_until(condition: Any, timeout: float, step: float = 0.25) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return bool(condition())


@pytest.fixture(scope="session")
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
