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


# End-to-end tests (a real Voila, JupyterHub or static server driven by a real Chromium, on a
# shared 2-core machine) get one second try (pytest-rerunfailures). Six full runs in a row each
# failed on a different one of them, each passing alone: timing races in the tests and, once, a
# real ordering bug in the page. A second try keeps one such race from failing the whole run;
# every test that needed it is printed at the end of the run and kept in
# test-artifacts/second-tries.txt, so that it is fixed, not forgotten. Nothing else is retried:
# a unit, property or notebook test that fails once fails the run.
END_TO_END = ("tests/browser", "tests/site", "tests/hub", "tests/security", "tests/faults",
              "tests/load", "tests/test_wheel.py")
SECOND_TRIES = ROOT / "test-artifacts" / "second-tries.txt"
_second_tries: list[str] = []


def _where(item: pytest.Item) -> str:
    path = Path(str(item.path)).resolve()
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        where = _where(item)
        return next((n for n, first in enumerate(FIRST) if where.startswith(first)), len(FIRST))

    items.sort(key=rank)   # stable: a file's tests keep their order
    for item in items:
        if _where(item).startswith(END_TO_END):
            item.add_marker(pytest.mark.flaky(reruns=1, reruns_delay=2))


def pytest_sessionstart(session: pytest.Session) -> None:
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        SECOND_TRIES.unlink(missing_ok=True)   # the list is this run's only


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":   # under pytest-xdist this runs in the controller too
        crash = getattr(report.longrepr, "reprcrash", None)
        why = " ".join(str(crash.message).split()) if crash else ""
        _second_tries.append(f"{report.nodeid}: {why}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER") or not _second_tries:
        return
    terminalreporter.section("passed or failed only on a second try: fix these", sep="!")
    for line in _second_tries:
        terminalreporter.write_line(line[:300])
    SECOND_TRIES.parent.mkdir(exist_ok=True)
    SECOND_TRIES.write_text("\n".join(_second_tries) + "\n", encoding="utf-8")
