"""Security tests start their own Voila servers exactly as `sq-edu serve` does.

`bench/_kernel_client.py` (the light page client shared with the load benchmark) is imported
from the repository root, which `python -m pytest` already puts on `sys.path`; this makes plain
`pytest` work too.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True, scope="session")
def progress_folder_outside_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Lessons (and Voila servers started here) keep progress in a temporary folder."""
    before = os.environ.get("SQ_EDU_PROGRESS_DIR")
    os.environ["SQ_EDU_PROGRESS_DIR"] = str(tmp_path_factory.mktemp("progress"))
    yield
    if before is None:
        os.environ.pop("SQ_EDU_PROGRESS_DIR", None)
    else:
        os.environ["SQ_EDU_PROGRESS_DIR"] = before
