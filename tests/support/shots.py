"""Where tests put their screenshots: `test-artifacts/`, never a tracked file.

`make screenshots` sets SQ_EDU_UPDATE_SCREENSHOTS=1, and only then is a curated picture also
copied into docs/screenshots/, so an ordinary `make test` leaves `git status` clean.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
SCREENSHOTS = ROOT / "docs" / "screenshots"


def artifact(name: str) -> Path:
    """The path of `name` under test-artifacts/ (the folder made if missing)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / name


def keep_for_docs(path: Path) -> Path:
    """Copy a screenshot into docs/screenshots/ when `make screenshots` asks for it."""
    if os.environ.get("SQ_EDU_UPDATE_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, SCREENSHOTS / path.name)
    return path


def shot(page: Any, name: str, *, curated: bool = False, **options: Any) -> Path:
    """A Playwright screenshot of `page` as test-artifacts/<name>.png (and the docs' copy)."""
    path = artifact(f"{name}.png")
    page.screenshot(path=str(path), **options)
    return keep_for_docs(path) if curated else path
