"""The classroom benchmark in miniature: two light learners, a few seconds, real Voila.

Timings are not asserted (CONTRIBUTING: benchmarks measure, tests check outcomes): the lesson
loop must run on today's dashboards, every click must be answered without an error on the
page, memory must be measured, and closing the pages must free their kernels. The full
30-session measurement is `python -m bench.load` (see docs/deploy.md).
"""

from __future__ import annotations

import pytest

from bench import load
from bench._load_metrics import Phases, percentile
from sq_edu.server.server import voila_command


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile(values, 100) == 100.0
    assert percentile([3.0], 95) == 3.0
    assert percentile([], 95) == 0.0


def test_burst_and_steady_state_are_split_at_the_last_page_interactive() -> None:
    phases = Phases.split(pages=[(0.0, 2.0), (1.0, 9.0), (2.0, 3.0)],
                          clicks=[(3.0, 0.5), (9.9, 0.4), (10.0, 0.1), (20.0, 0.2)])
    assert phases.burst_end == 10.0
    assert phases.burst_clicks == [0.5, 0.4] and phases.steady_clicks == [0.1, 0.2]
    figures = phases.figures()
    assert figures["interactive_max_s"] == 9.0 and figures["pages_slower_than_10s"] == 0
    assert figures["steady_click_p95_ms"] == 200.0 and figures["burst_clicks"] == 2


def test_benchmark_settings_replace_the_served_ones_never_repeat_them() -> None:
    plan = load.Plan(class_size=30, notebooks=("equations",))
    command = load.bench_command(voila_command(port=1), plan, ipc=False, iopub_timeout=90)
    flags = [arg.split("=", 1)[0] for arg in command]
    assert len(flags) == len(set(flags))          # Voila exits at start on a repeated setting
    assert "--VoilaExecutor.iopub_timeout=90" in command
    assert "--KernelManager.transport=tcp" in command
    assert '"equations.ipynb": {"pool_size": 30}' in next(a for a in command if "pools" in a)


@pytest.fixture(scope="module")
def result() -> dict[str, object]:
    plan = load.Plan(sessions=2, browsers=0, duration=10, ramp=1, abandon=0.0)
    # A changed output timeout: Voila used to exit at start with this setting given twice.
    return load.measure(plan, preheat=False, iopub_timeout=30)


def test_two_learners_are_served_without_error(result: dict[str, object]) -> None:
    assert result["failures"] == {}
    assert result["sessions_ok"] == result["sessions"] == 2
    assert result["clicks"] >= 2  # at least one answered click each (every 1.5-4 s)
    assert result["iopub_timeout"] == 30
    assert result["burst_clicks"] + result["steady_clicks"] == result["clicks"]
    assert 0 < result["interactive_p50_s"] <= result["interactive_max_s"]
    assert result["load_average_steady"] > 0


def test_memory_and_cpu_are_measured(result: dict[str, object]) -> None:
    assert result["peak_kernels"] >= 2
    assert 20 < result["kernel_rss_mb_max"] < 2000  # a real Python kernel, in megabytes
    assert result["peak_total_rss_mb"] >= result["kernel_rss_mb_max"]
    assert result["cpu_percent_of_one_core"] > 0


def test_closed_pages_free_their_kernels(result: dict[str, object]) -> None:
    assert result["kernels_after_close"] == result["idle_kernels"] == 0
    assert result["seconds_until_culled"] >= 0


def test_rows_follow_the_benchmark_convention(result: dict[str, object]) -> None:
    rows = load.rows(result)
    assert rows and all(set(row) == {"benchmark", "value", "unit", "target"} for row in rows)
    assert all(isinstance(row["value"], float) for row in rows)
