"""The classroom benchmark in miniature: two light learners, a few seconds, real Voila.

Timings are not asserted (CONTRIBUTING: benchmarks measure, tests check outcomes): the lesson
loop must run on today's dashboards, every click must be answered without an error on the
page, memory must be measured, and closing the pages must free their kernels. The full
30-session measurement is `python -m bench.load` (see docs/deploy.md).
"""

from __future__ import annotations

import pytest

from bench import load
from bench._load_metrics import percentile


def test_percentile_is_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) == 50.0
    assert percentile(values, 95) == 95.0
    assert percentile(values, 100) == 100.0
    assert percentile([3.0], 95) == 3.0
    assert percentile([], 95) == 0.0


@pytest.fixture(scope="module")
def result() -> dict[str, object]:
    plan = load.Plan(sessions=2, browsers=0, duration=10, ramp=1, abandon=0.0)
    return load.measure(plan, preheat=False)


def test_two_learners_are_served_without_error(result: dict[str, object]) -> None:
    assert result["failures"] == {}
    assert result["sessions_ok"] == result["sessions"] == 2
    assert result["clicks"] >= 2  # at least one answered click each (every 1.5-4 s)


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
