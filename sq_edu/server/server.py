"""The Voila command line, in one place, for `sq-edu serve`, `make serve` and the browser tests.

Standalone Voila (not the Jupyter server extension) is used because only it has preheated kernel
pools and refuses `execute_request` from the browser. It has no kernel cap, so idle kernels are
culled. Sources are stripped and tracebacks hidden: a child never sees Python.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import IO

from sq_edu.links import DASHBOARDS, DEFAULT_PORT, dashboards, notebooks_dir

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
    port: int = DEFAULT_PORT,
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
        "sq_edu.server.launch",  # SafeVoila (safe_app.py) with the lesson index at `/`
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
        # Every Python kernel starts through sq_edu.server.kernel (memory cap, server log).
        "--VoilaConfiguration.kernel_spec_manager_class="
        "sq_edu.server.safe_app.SafeKernelSpecManager",
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


# Class mode: a used preheated kernel is replaced this many seconds after its page opened, not
# one second later as Voila does by default. Thirty refills starting during the opening burst
# would compete with the pages being opened (measured in bench/load.py, docs/deploy.md).
CLASS_REFILL_DELAY = 600.0


def class_pool_options(class_size: int, lessons: list[str] | tuple[str, ...],
                       pool_size: int = 1,
                       refill_delay: float = CLASS_REFILL_DELAY) -> list[str]:
    """Voila options that pre-warm `class_size` kernels for each of `lessons` (dashboard
    names) and `pool_size` for every other page, so opening a class page starts no kernel.
    The command must preheat (`voila_command(preheat=True)`).

    Uses Voila's per-notebook preheat pools (`VoilaKernelManager.kernel_pools_config`, keyed
    by the notebook's path under the served folder). Put after `voila_command(...)`'s options.
    """
    if class_size < 1:
        raise ValueError("a class has at least one learner")
    pools: dict[str, dict[str, int]] = {"default": {"pool_size": max(pool_size, 0)}}
    for name in lessons:
        pools[f"{name}.ipynb"] = {"pool_size": class_size}
    return [f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
            f"--VoilaKernelManager.fill_delay={refill_delay:g}"]


def with_option(command: list[str], flag: str, value: object) -> list[str]:
    """`command` with `flag=value` set once: an earlier value of the same flag is replaced.

    Voila (traitlets) refuses a setting given twice and exits at start, so a caller that
    changes one of `voila_command`'s settings must replace it, never append it again.
    """
    kept = [arg for arg in command if arg.split("=", 1)[0] != flag]
    return [*kept, f"{flag}={value}"]


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
                # The file list: `/` itself opens the index dashboard, which starts a kernel.
                with urllib.request.urlopen(self.url + "voila/tree/", timeout=2) as answer:  # noqa: S310
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
