"""Helpers of the fault tests: thin notebooks, finding and killing a dashboard's kernel.

The repository root goes on `sys.path` for `bench._kernel_client` (plain `pytest` runs too).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import psutil

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
