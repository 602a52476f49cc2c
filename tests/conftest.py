"""What every test shares.

- The repository root is importable, so tests can use the light page client in
  `bench/_kernel_client.py` (which `python -m pytest` puts on `sys.path` anyway; this makes plain
  `pytest` work too).
- Learners' progress never goes into the real home folder: lessons, and Voila servers started by
  the tests, keep it in a temporary folder for the whole session. Tests that need a fresh folder
  each (tests/practice, tests/widgets) set their own on top of it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True, scope="session")
def progress_folder_outside_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    before = os.environ.get("SQ_EDU_PROGRESS_DIR")
    os.environ["SQ_EDU_PROGRESS_DIR"] = str(tmp_path_factory.mktemp("progress"))
    yield
    if before is None:
        os.environ.pop("SQ_EDU_PROGRESS_DIR", None)
    else:
        os.environ["SQ_EDU_PROGRESS_DIR"] = before
