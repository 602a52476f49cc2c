"""What the load benchmark measures on the server side: Voila and its kernels, via psutil.

A kernel is a child process of Voila given a `kernel-<id>.json` connection file (started as
`sq_edu.voila.kernel` or `ipykernel_launcher`); resident memory (RSS)
is what a school sizes by (a JupyterHub memory limit is enforced on it). CPU is the server's
and kernels' own CPU time over wall time, in percent of one core.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import re
import statistics
import time
from dataclasses import dataclass, field

import psutil

MB = 1024 * 1024


def voila_process(port: int) -> psutil.Process:
    """The Voila server listening on `port` (found by its command line, not a private field)."""
    for process in psutil.process_iter(["cmdline"]):
        cmdline = process.info["cmdline"] or []
        if "voila" in " ".join(cmdline) and f"--port={port}" in cmdline:
            return process
    raise LookupError(f"no Voila process for port {port}")


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    kernels = []
    for child in server.children(recursive=True):
        try:
            if re.search(r"kernel-[0-9a-f-]{36}\.json", " ".join(child.cmdline())):
                kernels.append(child)
        except psutil.Error:
            continue
    return kernels


def kernel_ids(server: psutil.Process) -> set[str]:
    """Ids of the kernels running now (each kernel's connection file is `kernel-<id>.json`)."""
    found = set()
    for kernel in kernels_of(server):
        try:
            cmdline = " ".join(kernel.cmdline())
        except psutil.Error:
            continue
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", cmdline)
        if match:
            found.add(match.group(1))
    return found


def _rss(process: psutil.Process) -> int:
    try:
        return int(process.memory_info().rss)
    except psutil.Error:
        return 0


def _cpu_seconds(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
        return float(times.user + times.system)
    except psutil.Error:
        return 0.0


@dataclass
class Snapshot:
    """Memory of the server and each kernel at one moment."""

    server_rss: int
    kernel_rss: dict[int, int]

    @property
    def total_rss(self) -> int:
        return self.server_rss + sum(self.kernel_rss.values())


def snapshot(server: psutil.Process) -> Snapshot:
    return Snapshot(_rss(server), {k.pid: _rss(k) for k in kernels_of(server)})


@dataclass
class Sampler:
    """Samples memory every `every` seconds and CPU time over the whole run."""

    server: psutil.Process
    every: float = 1.0
    peak_total: int = 0
    peak_kernels: int = 0
    kernel_peak_rss: dict[int, int] = field(default_factory=dict)
    _cpu: dict[int, float] = field(default_factory=dict)  # last CPU seconds seen per pid
    _cpu_start: dict[int, float] = field(default_factory=dict)
    _started: float = 0.0
    _stopped: float = 0.0
    _task: asyncio.Task[None] | None = None

    def _sample(self) -> None:
        shot = snapshot(self.server)
        self.peak_total = max(self.peak_total, shot.total_rss)
        self.peak_kernels = max(self.peak_kernels, len(shot.kernel_rss))
        for pid, rss in shot.kernel_rss.items():
            self.kernel_peak_rss[pid] = max(self.kernel_peak_rss.get(pid, 0), rss)
        for process in [self.server, *kernels_of(self.server)]:
            seconds = _cpu_seconds(process)
            if seconds:
                self._cpu_start.setdefault(process.pid, seconds)
                self._cpu[process.pid] = seconds

    async def _loop(self) -> None:
        while True:
            await asyncio.to_thread(self._sample)
            await asyncio.sleep(self.every)

    def start(self) -> None:
        self._started = time.monotonic()
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        self._stopped = time.monotonic()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await asyncio.to_thread(self._sample)

    @property
    def cpu_percent(self) -> float:
        """Mean CPU of Voila and all kernels during the run, in % of one core."""
        used = sum(self._cpu[pid] - self._cpu_start.get(pid, self._cpu[pid]) for pid in self._cpu)
        wall = max((self._stopped or time.monotonic()) - self._started, 1e-9)
        return 100.0 * used / wall

    def kernel_rss_mb(self) -> list[float]:
        return sorted(rss / MB for rss in self.kernel_peak_rss.values())


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0..100) by the nearest-rank method; 0.0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(q / 100 * len(ordered))))
    return ordered[rank - 1]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0
