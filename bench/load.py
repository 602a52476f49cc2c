"""A classroom at once: N concurrent learners on one `sq-edu serve` (standalone Voila).

A few sessions are real Chromium pages; the rest are light clients (`_kernel_client`) that GET
the dashboard, connect its kernel websocket and run a lesson loop with the messages the page
sends: type an answer, press Check, ask for a hint, go to the next exercise, with a child's
thinking time in between. Everything stays on loopback. Measured: sessions served without
error, click response (send -> the kernel idle again, all widget updates received), resident
memory per kernel and in total, CPU, and whether kernels of closed pages go away (pages closed
normally send Voila's shutdown beacon; "abandoned" ones just vanish and must be culled).

    .venv/bin/python -m bench.load                      # 30 sessions (3 in Chromium), 180 s
    .venv/bin/python -m bench.load --sessions 5 --browsers 1 --duration 20   # quick
    .venv/bin/python -m bench.load --class-size 30 --notebook equations      # class mode

The opening burst (first request until the last page is interactive) and the steady state
after it are reported apart, each with the machine's load average (the machine is shared).
`--class-size N` serves as `sq-edu serve --class-size N --lessons <notebooks>` does: N kernels
per lesson page warmed before the first learner arrives. Learners save a nickname in class
"load", so the teacher page's live view shows them (`--teacher-shot` takes its screenshot
halfway through the steady state).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench._kernel_client import run_sync
from bench._load_learners import (
    CLASS,
    TEACHER_PASSWORD,
    Outcome,
    browser_learner,
    light_learner,
    teacher_screenshot,
)
from bench._load_metrics import (
    MB,
    Phases,
    Sampler,
    Snapshot,
    kernel_cpu,
    kernel_ids,
    kernels_of,
    median,
    percentile,
    snapshot,
    voila_process,
)
from sq_edu.practice.classroom.teacher_key import hash_password
from sq_edu.server.server import (
    VoilaServer,
    class_pool_options,
    dashboards,
    notebooks_dir,
    with_option,
)
from tests.support.browser import chromium_path

ROOT = Path(__file__).resolve().parents[1]
LESSON_DASHBOARDS = ("equations", "card_detective", "chances", "queen_points")
# Seconds, for the benchmark only: production culls after 15 idle minutes (server.py). It must
# stay longer than the slowest page load: a kernel whose page has not connected yet is "idle
# with 0 connections" and a shorter timeout culls it under the page (seen at 30 s).
BENCH_CULL = {"--MappingKernelManager.cull_idle_timeout": "90",
              "--MappingKernelManager.cull_interval": "10"}


@dataclass
class Plan:
    sessions: int = 30
    browsers: int = 3
    duration: float = 180.0
    ramp: float = 30.0
    abandon: float = 0.2  # share of light sessions that vanish without the shutdown beacon
    seed: int = 9
    notebooks: tuple[str, ...] = ()
    class_size: int = 0   # 0: Voila's pool of one kernel per page; N: class mode


# --- the whole class ----------------------------------------------------------------------
async def _wait_until_freed(server: Any, session_kernels: set[str], timeout: float) -> float:
    """Seconds until none of the sessions' kernels runs any more; -1 if some never went."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if not session_kernels & await asyncio.to_thread(kernel_ids, server):
            return time.monotonic() - start
        await asyncio.sleep(1.0)
    return -1.0


def _kernels_cpu(server: Any, seconds: float) -> tuple[int, float]:
    """How many kernels run, and their summed CPU (% of a core) over `seconds`."""
    kernels = kernels_of(server)
    for kernel in kernels:
        kernel.cpu_percent(interval=None)
    time.sleep(seconds)
    busy = 0.0
    for kernel in kernels:
        try:
            busy += kernel.cpu_percent(interval=None)
        except Exception:  # a kernel that just went away
            continue
    return len(kernels), busy


async def _settled(server: Any, pool: int, timeout: float = 240.0) -> Snapshot:
    """The idle level: the preheated pools started and quiet (twice in a row: on a busy
    machine a pool's kernels may all be waiting for the CPU at one moment)."""
    deadline = time.monotonic() + timeout
    quiet = 0
    while time.monotonic() < deadline:
        count, busy = await asyncio.to_thread(_kernels_cpu, server, 3.0)
        quiet = quiet + 1 if count >= pool and busy < 5.0 else 0
        if quiet >= 2:
            break
    return await asyncio.to_thread(snapshot, server)


async def _cpu_when_all_interactive(server: Any, outcomes: list[Outcome], sessions: int
                                    ) -> tuple[dict[str, float], float]:
    """Kernel CPU seconds by id, and Voila's own, once every page is interactive (or failed):
    compared with the same at the start, what opening the pages cost in CPU."""
    while len(outcomes) < sessions or not all(
            o.interactive_seconds or o.errors for o in outcomes):
        await asyncio.sleep(0.5)
    cpu = await asyncio.to_thread(kernel_cpu, server)
    times = server.cpu_times()
    return cpu, float(times.user + times.system)


def _pool_kernels(plan: Plan, notebooks: tuple[str, ...], preheat: bool) -> int:
    """Kernels the preheated pools hold before anyone arrives."""
    if not preheat:
        return 0
    pages = len(list(notebooks_dir().glob("*.ipynb")))
    if not plan.class_size:
        return pages
    return pages - len(notebooks) + plan.class_size * len(notebooks)


async def classroom(url: str, port: int, plan: Plan, preheat: bool = True,
                    teacher_shot: Path | None = None) -> dict[str, Any]:
    server = voila_process(port)
    notebooks = plan.notebooks or tuple(n for n in LESSON_DASHBOARDS if n in dashboards()) or (
        "index",)
    settle_start = time.monotonic()
    idle = await _settled(server, pool=_pool_kernels(plan, notebooks, preheat),
                          timeout=240.0 + 10.0 * plan.class_size)
    settle_seconds = time.monotonic() - settle_start
    sampler = Sampler(server)
    sampler.start()
    cpu_before = await asyncio.to_thread(kernel_cpu, server)
    voila_before = sum(server.cpu_times()[:2])
    rng = random.Random(plan.seed)
    light_count = plan.sessions - plan.browsers
    abandoned = set(rng.sample(range(light_count), round(light_count * plan.abandon)))
    outcomes: list[Outcome] = []
    tasks = []
    start = time.monotonic()
    playwright = None
    if plan.browsers or teacher_shot is not None:
        from playwright.async_api import async_playwright

        playwright = await async_playwright().start()
    cpu_task = asyncio.create_task(_cpu_when_all_interactive(server, outcomes, plan.sessions))
    shot_task = None
    if teacher_shot is not None:
        shot_task = asyncio.create_task(teacher_screenshot(
            playwright, url, teacher_shot, plan.ramp + plan.duration / 2))
    try:
        for n in range(plan.sessions):
            notebook = notebooks[n % len(notebooks)]
            learner_rng = random.Random(plan.seed * 1000 + n)
            kind = "browser" if n < plan.browsers else "light"
            outcome = Outcome(f"{kind}-{n}-{notebook}", kind)
            outcomes.append(outcome)
            if kind == "browser":
                job = browser_learner(playwright, url, notebook, outcome, plan.duration,
                                      learner_rng)
            else:
                job = light_learner(url, notebook, outcome, plan.duration, learner_rng,
                                    abandon=(n - plan.browsers) in abandoned)
            tasks.append(asyncio.create_task(job))
            await asyncio.sleep(plan.ramp / max(plan.sessions, 1))  # the class arrives
        await asyncio.gather(*tasks)
        shot = await shot_task if shot_task is not None else ""
        try:
            cpu_opened, voila_opened = await asyncio.wait_for(cpu_task, 10.0)
        except asyncio.TimeoutError:   # some page never became interactive nor failed
            cpu_opened, voila_opened = {}, voila_before
    finally:
        if playwright is not None:
            await playwright.stop()
    await sampler.stop()
    end = time.monotonic()
    served_seconds = end - start
    session_kernels = {o.kernel_id for o in outcomes if o.kernel_id}
    cull_seconds = await _wait_until_freed(server, session_kernels, 240.0)
    await asyncio.sleep(5.0)  # let the pool refill finish importing before the last snapshot
    after = await asyncio.to_thread(snapshot, server)
    left = session_kernels & await asyncio.to_thread(kernel_ids, server)
    clicks = [c for o in outcomes if o.kind == "light" for c in o.clicks]
    renders = [o.render_seconds for o in outcomes if o.render_seconds]
    phases = Phases.split(
        [(o.requested, o.interactive_seconds) for o in outcomes if o.interactive_seconds],
        [(sent, c) for o in outcomes if o.kind == "light" for sent, c in zip(o.sent, o.clicks,
                                                                               strict=False)])
    load = sampler.load
    opening = [cpu_opened[o.kernel_id] - cpu_before.get(o.kernel_id, 0.0) for o in outcomes
               if o.kernel_id in cpu_opened]
    return {
        "plan": plan.__dict__ | {"notebooks": notebooks},
        "served_seconds": served_seconds,
        "idle_settle_note": "idle level measured once the preheated pool was quiet",
        "pool_warm_seconds": settle_seconds,
        "sessions_ok": sum(o.ok for o in outcomes),
        "sessions": len(outcomes),
        "failures": {o.name: o.errors[:3] for o in outcomes if not o.ok},
        "clicks": len(clicks),
        "click_p50_ms": 1000 * percentile(clicks, 50),
        "click_p95_ms": 1000 * percentile(clicks, 95),
        "click_max_ms": 1000 * max(clicks, default=0.0),
        **phases.figures(),
        "burst_seconds": max(phases.burst_end - start, 0.0),
        "load_average_burst": load.between(start, phases.burst_end),
        "load_average_steady": load.between(phases.burst_end, end),
        "kernel_cpu_s_per_page_open_median": median(opening),
        "voila_cpu_s_during_burst": voila_opened - voila_before,
        "teacher_screenshot": shot,
        "pages_requested_and_interactive_s": sorted(
            (round(o.requested - start, 2), round(o.interactive_seconds, 2)) for o in outcomes),
        "browser_clicks": sum(len(o.clicks) for o in outcomes if o.kind == "browser"),
        "render_p50_s": median(renders),
        "render_max_s": max(renders, default=0.0),
        "kernel_rss_mb_median": median(sampler.kernel_rss_mb()),
        "kernel_rss_mb_max": max(sampler.kernel_rss_mb(), default=0.0),
        "peak_kernels": sampler.peak_kernels,
        "peak_total_rss_mb": sampler.peak_total / MB,
        "cpu_percent_of_one_core": sampler.cpu_percent,
        "idle_kernels": len(idle.kernel_rss),
        "idle_total_rss_mb": idle.total_rss / MB,
        "kernels_after_close": len(after.kernel_rss),
        "session_kernels_left": len(left),
        "total_rss_after_close_mb": after.total_rss / MB,
        "abandoned_pages": len(abandoned),
        "seconds_until_culled": cull_seconds,
    }


def bench_command(command: list[str], plan: Plan, ipc: bool = True,
                  iopub_timeout: int = 0) -> list[str]:
    """The served Voila command with the benchmark's settings replacing (never repeating) the
    served ones: Voila exits at start when a setting is given twice."""
    for flag, value in BENCH_CULL.items():
        command = with_option(command, flag, value)
    command = with_option(command, "--KernelManager.transport", "ipc" if ipc else "tcp")
    if iopub_timeout:
        command = with_option(command, "--VoilaExecutor.iopub_timeout", iopub_timeout)
    if plan.class_size:
        command = with_option(command, "--preheat_kernel", True)
        command += class_pool_options(plan.class_size, list(plan.notebooks or LESSON_DASHBOARDS))
    return command


def measure(plan: Plan, preheat: bool = True, ipc: bool = True, iopub_timeout: int = 0,
            teacher_shot: Path | None = None) -> dict[str, Any]:
    """Start Voila as `sq-edu serve` does (preheated), with a short cull time, and measure.

    `ipc` connects kernels over Unix sockets instead of TCP ports on 127.0.0.1 (the served
    default; `ipc=False` measures TCP). `iopub_timeout` (seconds, 0: the served 60 s) is how
    long Voila waits for a cell's output after the kernel replied; under a burst a late output
    (the app!) is dropped and the learner gets an empty page. Both replace `voila_command`'s
    setting (`bench_command`).
    """
    server = VoilaServer(preheat=preheat, log_path=ROOT / "test-artifacts" / "voila-load.log")
    server.env["SQ_EDU_PROGRESS_DIR"] = tempfile.mkdtemp(prefix="sq-edu-load-progress-")
    server.env["SQ_EDU_TEACHER_KEY"] = hash_password(TEACHER_PASSWORD)
    server.env["SQ_EDU_CLASS"] = CLASS   # the teacher page shows the learners' class
    server.command = bench_command(server.command, plan, ipc, iopub_timeout)
    with server:
        result = run_sync(classroom(server.url, server.port, plan, preheat or plan.class_size > 0,
                                    teacher_shot))
    result["kernel_transport"] = "ipc" if ipc else "tcp"
    result["preheat"] = preheat
    result["iopub_timeout"] = iopub_timeout or 60
    return result


def rows(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The result in CONTRIBUTING.md's benchmark rows."""
    n = result["sessions"]

    def row(name: str, value: float, unit: str, target: str) -> dict[str, Any]:
        return {"benchmark": f"load {n} sessions: {name}", "value": round(float(value), 1),
                "unit": unit, "target": target}

    burst, steady = result["load_average_burst"], result["load_average_steady"]
    return [
        row("sessions without error", result["sessions_ok"], "sessions", f"{n} of {n}"),
        row(f"burst: page interactive p50 (load avg {burst:.1f})", result["interactive_p50_s"],
            "s", "-"),
        row(f"burst: page interactive max (load avg {burst:.1f})", result["interactive_max_s"],
            "s", "<= 10"),
        row("burst: pages interactive after more than 10 s", result["pages_slower_than_10s"],
            "pages", "0"),
        row(f"burst: click response p95 (load avg {burst:.1f})", result["burst_click_p95_ms"],
            "ms", "-"),
        row(f"steady: click response p50 (load avg {steady:.1f})",
            result["steady_click_p50_ms"], "ms", "-"),
        row(f"steady: click response p95 (load avg {steady:.1f})",
            result["steady_click_p95_ms"], "ms", "<= 300"),
        row("click response p95, whole run", result["click_p95_ms"], "ms", "-"),
        row("burst: kernel CPU per page opened (median)",
            result["kernel_cpu_s_per_page_open_median"], "CPU s", "-"),
        row("burst: Voila server CPU, whole burst", result["voila_cpu_s_during_burst"],
            "CPU s", "-"),
        row("page render p50", result["render_p50_s"], "s", "-"),
        row("resident memory per kernel (max)", result["kernel_rss_mb_max"], "MB", "<= 120"),
        row("resident memory per kernel (median)", result["kernel_rss_mb_median"], "MB", "-"),
        row("resident memory total (peak)", result["peak_total_rss_mb"], "MB", "-"),
        row("CPU, Voila + kernels (mean)", result["cpu_percent_of_one_core"], "% of a core",
            "-"),
        row("session kernels left after pages closed", result["session_kernels_left"],
            "kernels", "0"),
        row("seconds until closed/abandoned kernels gone", result["seconds_until_culled"], "s",
            "<= 110 (bench cull: 90 s idle)"),
        row("kernels running after close", result["kernels_after_close"], "kernels",
            f"{result['idle_kernels']} (idle pool)"),
        row("memory after close minus idle", result["total_rss_after_close_mb"]
            - result["idle_total_rss_mb"], "MB", "about 0"),
    ]


def run(quick: bool = False) -> list[dict[str, Any]]:
    """`make bench` entry: quick is 5 sessions (1 in Chromium) for 20 s, else the classroom."""
    plan = Plan(sessions=5, browsers=1, duration=20, ramp=5) if quick else Plan()
    if plan.browsers and chromium_path() is None:
        plan.browsers = 0
    return rows(measure(plan))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--browsers", type=int, default=3)
    parser.add_argument("--duration", type=float, default=180.0, help="seconds of lesson loop")
    parser.add_argument("--ramp", type=float, default=30.0, help="seconds over which pages open")
    parser.add_argument("--notebook", action="append", default=[], help="dashboard(s) to load")
    parser.add_argument("--no-preheat", action="store_true")
    parser.add_argument("--tcp", action="store_true",
                        help="kernels on TCP ports instead of the served Unix sockets")
    parser.add_argument("--class-size", type=int, default=0,
                        help="class mode: this many kernels warmed per --notebook page")
    parser.add_argument("--teacher-shot", type=Path, default=None,
                        help="PNG of the teacher's live class view, halfway through")
    parser.add_argument("--iopub-timeout", type=int, default=0,
                        help="seconds Voila waits for a cell's output (Voila's default: 4)")
    parser.add_argument("--json", type=Path, default=ROOT / "test-artifacts" / "load.json")
    args = parser.parse_args(argv)
    plan = Plan(sessions=args.sessions, browsers=min(args.browsers, args.sessions),
                duration=args.duration, ramp=args.ramp, notebooks=tuple(args.notebook),
                class_size=args.class_size)
    result = measure(plan, preheat=not args.no_preheat, ipc=not args.tcp,
                     iopub_timeout=args.iopub_timeout, teacher_shot=args.teacher_shot)
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    for item in rows(result):
        print(f"{item['benchmark']:<60} {item['value']:>9} {item['unit']:<12} {item['target']}")
    if result["failures"]:
        print("failures:", json.dumps(result["failures"], indent=1, ensure_ascii=False))
    print(f"full result: {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
