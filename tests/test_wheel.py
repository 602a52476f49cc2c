"""The README's install route without the repository: build the wheel, install it into a fresh
virtual environment, and serve a dashboard from it with the installed `sq-edu serve`.

Slow (the fresh environment downloads Jupyter and Voila: about three minutes here), so it is
marked `slow`: `make test` and CI run it, `make test-fast` does not.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from sq_edu.server.server import free_port
from tests.support.served import served_page_problems

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def _clean_env(venv: Path) -> dict[str, str]:
    """The environment of someone who only has the fresh venv: none of this checkout's."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "JUPYTER_PATH")}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}/usr/bin{os.pathsep}/bin"
    return env


def _wait_for_line(log: Path, server: subprocess.Popen[bytes], timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while not log.read_text(encoding="utf-8", errors="replace").strip():
        assert server.poll() is None, f"sq-edu serve exited: {log.read_text()}"
        assert time.monotonic() < deadline, "sq-edu serve printed nothing"
        time.sleep(0.2)
    return log.read_text(encoding="utf-8").splitlines()[0]


def test_the_wheel_installs_in_a_fresh_venv_and_serves_a_dashboard(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q",
                    "-w", str(dist)], check=True, timeout=600)
    (wheel,) = dist.glob("sq_edu-*.whl")
    # Plain Python for every platform, even where `make engine` compiled the engine in place.
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as files:
        assert not [name for name in files.namelist() if name.endswith((".so", ".pyd", ".build"))]
    venv = tmp_path / "venv"
    base_python = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base_python, "-m", "venv", str(venv)], check=True, timeout=120)
    env = _clean_env(venv)
    started = time.monotonic()
    # The README's command (the dashboards need Voila). `--no-compile`: the same files are
    # installed, only pip's bytecode pass over every package is skipped (the server compiles
    # what it imports as it starts, as any install does); that pass took about a third.
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q",
                    "--no-compile", f"{wheel}[server]"],
                   check=True, timeout=1500, env=env, cwd=tmp_path)
    print(f"clean-venv wheel install: {time.monotonic() - started:.0f} s")

    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [str(venv / "bin" / "sq-edu"), "serve", "--port", str(port), "--no-browser",
             "--pool-size", "0"],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=tmp_path,
            start_new_session=True)
    try:
        first = _wait_for_line(log, server, 60)
        url = re.search(r"http://\S+", first).group(0)
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(url + "voila/tree/", timeout=2):
                    break
            except OSError:
                assert server.poll() is None, f"sq-edu serve exited: {log.read_text()}"
                assert time.monotonic() < deadline, "the installed server did not answer"
                time.sleep(0.3)
        with urllib.request.urlopen(url, timeout=120) as answer:
            assert answer.url.endswith("/voila/render/index.ipynb")
        with urllib.request.urlopen(url + "voila/render/equations.ipynb?lang=ru",
                                    timeout=120) as answer:
            page = answer.read().decode()
        assert served_page_problems(page, "equations") == []
        served = (venv / "lib").glob("python3*/site-packages/sq_edu/notebooks/equations.ipynb")
        assert list(served), "the dashboards must come from the installed wheel"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
