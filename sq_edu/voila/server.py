"""The Voila command line, in one place, for `sq-edu serve`, `make serve` and the browser tests.

Standalone Voila (not the Jupyter server extension) is used because only it has preheated kernel
pools and refuses `execute_request` from the browser. It has no kernel cap, so idle kernels are
culled. Sources are stripped and tracebacks hidden: a child never sees Python.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO

from sq_edu.links import DASHBOARDS, dashboards, notebooks_dir

__all__ = ["DASHBOARDS", "VoilaServer", "dashboards", "free_port", "notebooks_dir",
           "voila_command"]

# `sq-edu serve --class-password` hands the word to the server here, not on its command line.
CLASS_WORD_ENV = "SQ_EDU_CLASS_PASSWORD"

# Seconds. A page left open in a classroom keeps its kernel; a closed tab frees it soon.
CULL_IDLE_TIMEOUT = 900
CULL_INTERVAL = 60


def voila_command(
    folder: Path | None = None,
    *,
    port: int = 8866,
    preheat: bool = True,
    open_browser: bool = False,
    pool_size: int = 1,
    ip: str = "127.0.0.1",
) -> list[str]:
    """Arguments that start Voila on the dashboards folder with the project's settings."""
    folder = folder or notebooks_dir()
    command = [
        sys.executable,
        "-m",
        "sq_edu.voila.safe_app",   # Voila with the Host check, kernel cap and XSRF check on
        str(folder),
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--template=lab",
        "--theme=light",
        "--strip_sources=True",
        "--show_tracebacks=False",
        f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE_TIMEOUT}",
        f"--MappingKernelManager.cull_interval={CULL_INTERVAL}",
        "--MappingKernelManager.cull_connected=False",
        "--MappingKernelManager.cull_busy=False",
        # Every Python kernel starts through sq_edu.voila.kernel (memory cap, server log).
        "--VoilaConfiguration.kernel_spec_manager_class="
        "sq_edu.voila.safe_app.SafeKernelSpecManager",
        # A class opening pages at once: TCP kernel ports collide ("Address already in use")
        # when many kernels start together, and Voila's default 4 s wait for a cell's output
        # drops the app from a page under load (both measured in bench/load.py, docs/deploy.md).
        "--KernelManager.transport=ipc",
        "--VoilaExecutor.iopub_timeout=60",
    ]
    if not open_browser:
        command.append("--no-browser")
    if preheat:
        command += ["--preheat_kernel=True", f"--pool_size={pool_size}"]
    return command


def free_port(host: str = "127.0.0.1") -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class VoilaServer:
    """A Voila server in a child process: started on a free port, stopped with its kernels.

    Used by the browser tests and the dashboard benchmark so they run Voila exactly as
    `sq-edu serve` does.
    """

    def __init__(
        self,
        folder: Path | None = None,
        *,
        preheat: bool = False,
        pool_size: int = 1,
        lang: str = "en",
        log_path: Path | None = None,
    ) -> None:
        self.folder = folder or notebooks_dir()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.command = voila_command(
            self.folder, port=self.port, preheat=preheat, pool_size=pool_size
        )
        self.env = {**os.environ, "SQ_EDU_LANG": lang}
        self.log_path = log_path
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    @property
    def pid(self) -> int | None:
        """Process id of the running Voila (its kernels are its children)."""
        return self._process.pid if self._process is not None else None

    def start(self, timeout: float = 60.0) -> VoilaServer:
        """Start Voila and wait until it answers HTTP."""
        if self.log_path is not None:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            self._log = self.log_path.open("wb")
        self._process = subprocess.Popen(
            self.command,
            env=self.env,
            stdout=self._log or subprocess.DEVNULL,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"Voila exited with code {self._process.returncode}")
            try:
                with urllib.request.urlopen(self.url, timeout=2) as answer:  # noqa: S310
                    if answer.status == 200:
                        return self
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise TimeoutError(f"Voila did not answer on {self.url} within {timeout:.0f} s")

    def stop(self) -> None:
        """Stop Voila and every kernel it started (they share its process group)."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> VoilaServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
