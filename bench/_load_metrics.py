"""What the load benchmark measures on the server side: Voila and its kernels, via psutil.

A kernel is a child process of Voila given a `kernel-<id>.json` connection file (started as
`sq_edu.server.kernel` or `ipykernel_launcher`); resident memory (RSS)
is what a school sizes by (a JupyterHub memory limit is enforced on it). CPU is the server's
and kernels' own CPU time over wall time, in percent of one core.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
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
        if "sq_edu.server.launch" in cmdline and f"--port={port}" in cmdline:
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
    return set(kernel_cpu(server))


def kernel_cpu(server: psutil.Process) -> dict[str, float]:
    """CPU seconds (user + system) each running kernel has used so far, by kernel id."""
    found = {}
    for kernel in kernels_of(server):
        try:
            cmdline = " ".join(kernel.cmdline())
        except psutil.Error:
            continue
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", cmdline)
        if match:
            found[match.group(1)] = _cpu_seconds(kernel)
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
    load: LoadAverage = field(default_factory=lambda: LoadAverage())

    def _sample(self) -> None:
        self.load.sample()
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


@dataclass
class Phases:
    """The opening burst and the steady state of a class, measured apart.

    The burst runs from the first page request until the last page is interactive (its app's
    widgets have arrived); the steady state is everything after. A click belongs to the phase
    in which it was sent.
    """

    burst_end: float
    interactive: list[float]                    # seconds from request to interactive, per page
    burst_clicks: list[float]
    steady_clicks: list[float]

    @classmethod
    def split(cls, pages: list[tuple[float, float]], clicks: list[tuple[float, float]]
              ) -> Phases:
        """`pages`: (request time, seconds to interactive); `clicks`: (sent, seconds)."""
        burst_end = max((start + wait for start, wait in pages), default=0.0)
        return cls(burst_end, [wait for _start, wait in pages],
                   [s for sent, s in clicks if sent < burst_end],
                   [s for sent, s in clicks if sent >= burst_end])

    def figures(self, slow_page: float = 10.0) -> dict[str, float]:
        return {
            "interactive_p50_s": median(self.interactive),
            "interactive_p95_s": percentile(self.interactive, 95),
            "interactive_max_s": max(self.interactive, default=0.0),
            "pages_slower_than_10s": sum(1 for s in self.interactive if s > slow_page),
            "burst_clicks": len(self.burst_clicks),
            "burst_click_p50_ms": 1000 * percentile(self.burst_clicks, 50),
            "burst_click_p95_ms": 1000 * percentile(self.burst_clicks, 95),
            "steady_clicks": len(self.steady_clicks),
            "steady_click_p50_ms": 1000 * percentile(self.steady_clicks, 50),
            "steady_click_p95_ms": 1000 * percentile(self.steady_clicks, 95),
            "steady_click_max_ms": 1000 * max(self.steady_clicks, default=0.0),
        }


@dataclass
class LoadAverage:
    """The machine's 1-minute load average over the run (it is shared: say how busy it was)."""

    samples: list[tuple[float, float]] = field(default_factory=list)   # (monotonic, load)

    def sample(self) -> None:
        self.samples.append((time.monotonic(), os.getloadavg()[0]))

    def between(self, start: float, end: float) -> float:
        """Mean 1-minute load average of the samples taken in [start, end]."""
        inside = [load for at, load in self.samples if start <= at <= end]
        return statistics.fmean(inside) if inside else 0.0
