"""Widget latency: a card click (the selection message the browser sends) until the widget
state in the kernel is updated. Median and p95 over 200 clicks; target p95 < 30 ms."""

from __future__ import annotations

import statistics
import time

from sq_edu.widgets import EquationBuilder, HandView

CLICKS = 200


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def _time_clicks(widget: HandView, clicks: int, done: object) -> list[float]:
    """Toggle cards the way hand.js does (a `selected` state message) and time each one."""
    samples = []
    for k in range(clicks):
        i = k % len(widget.hand)
        selected = list(widget.selected)
        selected = [s for s in selected if s != i] if i in selected else [*selected, i]
        start = time.perf_counter()
        widget.set_state({"selected": selected})
        widget.get_state()
        done()  # type: ignore[operator]
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def run(quick: bool = False) -> list[dict]:
    clicks = 40 if quick else CLICKS
    hand = HandView([3, 7, 10, "king", 4])
    builder = EquationBuilder([3, 7, 10, "king", 4])
    rows = []
    for name, widget, done in (
        ("hand card click -> state", hand, lambda: hand.summary),
        ("equation card click -> verdict shown", builder.hand,
         lambda: builder.get_state() and builder.status.value),
    ):
        _time_clicks(widget, 10, done)  # warm caches
        samples = _time_clicks(widget, clicks, done)
        rows.append({"benchmark": f"widgets: {name}, median of {clicks}",
                     "value": round(statistics.median(samples), 3), "unit": "ms",
                     "target": "-"})
        rows.append({"benchmark": f"widgets: {name}, p95 of {clicks}",
                     "value": round(_p95(samples), 3), "unit": "ms", "target": "< 30"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:<60} {row['value']:>9} {row['unit']:<3} {row['target']}")
