"""What every test shares.

- The repository root is importable, so tests can use the light page client in
  `bench/_kernel_client.py` (which `python -m pytest` puts on `sys.path` anyway; this makes plain
  `pytest` work too).
- Learners' progress never goes into the real home folder: lessons, and Voila servers started by
  the tests, keep it in a temporary folder for the whole session. Tests that need a fresh folder
  each (tests/practice, tests/widgets) set their own on top of it.
- One real Voila server serving the dashboards (`voila_server`) for every test that asks for
  it: the browser tests and the served-pages test share it, so it starts once a session (once
  per pytest-xdist worker: `make test` runs two, each with its own server, port and log).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from sq_edu.server.server import VoilaServer

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


@pytest.fixture(scope="session")
def voila_server() -> Iterator[VoilaServer]:
    """The dashboards served as `sq-edu serve` does, with one preheated kernel per dashboard
    (its default): a page opens on a kernel that already started and imported the lesson,
    and the next one starts while the test reads the page (test_phone alone, quiet
    machine: 66 s -> 59 s)."""
    from sq_edu.server.server import VoilaServer, with_option

    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    log = ROOT / "test-artifacts" / (f"voila-{worker}.log" if worker else "voila.log")
    server = VoilaServer(log_path=log, preheat=True)
    # One server for the whole session opens far more pages than a class: closing a
    # Playwright context sends no page-close beacon, so their kernels stay until culled and
    # the class-size cap (40) would turn later pages into "the class is full" (its own test
    # is in tests/security). No cap here; everything else as `sq-edu serve`.
    server.command = with_option(server.command, "--SafeVoila.max_kernels", 0)
    with server:
        yield server


# Under pytest-xdist (`make test`: --dist loadfile) a file goes to a worker in collection order.
# The longest files go out first, so no long file starts last while the other worker idles;
# the simulated learners fill the item bank (tests/support/item_bank.py) that the item-quality
# and content audits read later. Measured with tools/durations.py; keep the longest first.
FIRST = (
    "tests/browser/test_table.py",
    "tests/browser/test_classgame.py",
    "tests/practice/test_learners.py",
    "tests/hub",
    "tests/test_wheel.py",
    "tests/site",
    "tests/browser",
    "tests/security",
    "tests/faults",
    "tests/load",
    "tests/server",
    "tests/practice/test_item_quality.py",
    "tests/practice/test_content.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        path = Path(str(item.path)).resolve()
        where = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        return next((n for n, first in enumerate(FIRST) if where.startswith(first)), len(FIRST))

    items.sort(key=rank)   # stable: a file's tests keep their order
