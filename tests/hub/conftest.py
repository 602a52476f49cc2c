"""A real JupyterHub (docs/jupyterhub_config.py) with two learners, for the `hub` tests.

Skipped with a reason when `jupyterhub` or `configurable-http-proxy` is missing, unless
`SQ_EDU_REQUIRE_HUB=1` (set by `.ci/run`, which installs both), which turns the skip into a
failure so CI never passes without having started a hub.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from sq_edu.server.server import free_port
from tests.browser.conftest import browser, playwright_session  # noqa: F401 - the same Chromium

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "docs" / "jupyterhub_config.py"
ARTIFACTS = ROOT / "test-artifacts"
# Where `.ci/run` installs the proxy with npm when it cannot install it globally.
CHP_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "sq_edu" / "chp"
LEARNERS = ("ann", "bob")
PASSWORD = "hub-test-password"


def _unavailable(reason: str) -> None:
    if os.environ.get("SQ_EDU_REQUIRE_HUB") == "1":
        pytest.fail(f"{reason}, and SQ_EDU_REQUIRE_HUB=1 forbids skipping the hub tests")
    pytest.skip(reason)


def proxy_command() -> str | None:
    """configurable-http-proxy on PATH, or in the cache `.ci/run` installs it to."""
    found = shutil.which("configurable-http-proxy")
    cached = CHP_CACHE / "node_modules" / ".bin" / "configurable-http-proxy"
    return found or (str(cached) if cached.is_file() else None)


@dataclass
class Hub:
    url: str
    homes: Path
    password: str = PASSWORD

    def progress_folder(self, user: str) -> Path:
        """Where a learner's server keeps progress: their own home's data folder."""
        return self.homes / user / ".local" / "share" / "sq_edu" / "progress"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "jupyterhub").is_file():
        _unavailable("JupyterHub is not installed (pip install jupyterhub)")
    proxy = proxy_command()
    if proxy is None:
        _unavailable("configurable-http-proxy is not installed "
                     "(npm install -g configurable-http-proxy)")
    data = tmp_path_factory.mktemp("hub")
    port = free_port()
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "SQ_EDU_HUB_IP": "127.0.0.1", "SQ_EDU_HUB_PORT": str(port),
        "SQ_EDU_HUB_API_PORT": str(free_port()), "SQ_EDU_HUB_PROXY_API_PORT": str(free_port()),
        "SQ_EDU_HUB_DATA": str(data), "SQ_EDU_HUB_HOMES": str(data / "homes"),
        "SQ_EDU_HUB_USERS": ",".join(LEARNERS), "SQ_EDU_HUB_PASSWORD": PASSWORD,
        "SQ_EDU_HUB_PROXY": proxy,
        # The class's tables as a hub-managed service (docs/jupyterhub_config.py, part 3).
        "SQ_EDU_HUB_CLASS": "5b", "SQ_EDU_HUB_TABLES_PORT": str(free_port()),
    }
    ARTIFACTS.mkdir(exist_ok=True)
    log = (ARTIFACTS / "jupyterhub.log").open("wb")
    process = subprocess.Popen([str(bin_dir / "jupyterhub"), "-f", str(CONFIG)], cwd=data,
                               env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert process.poll() is None, "JupyterHub exited; see test-artifacts/jupyterhub.log"
            try:
                with urllib.request.urlopen(f"{url}hub/login", timeout=3) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            assert time.monotonic() < deadline, "JupyterHub did not answer within 120 s"
            time.sleep(0.5)
        yield Hub(url, data / "homes")
    finally:
        # SIGTERM lets the hub stop the learners' servers and the proxy (cleanup_servers).
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()
