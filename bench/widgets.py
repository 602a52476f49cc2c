"""Widget latency in the kernel: a card click (the selection message the browser sends) until
the widget state is updated, median and p95 over 200 clicks (target p95 < 30 ms); and the game
app's discard and next-move clicks until the whole app is redrawn."""

from __future__ import annotations

import statistics
import time

from sq_edu.widgets import EquationBuilder, HandView, PlayApp

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


def _time_play_app(rounds: int) -> tuple[list[float], list[float]]:
    """The game app: 'discard' click and 'next move' click, each until the app is redrawn."""
    app = PlayApp(seed=3, opponents=2)
    discards: list[float] = []
    nexts: list[float] = []
    while len(discards) < rounds:
        if app.game.is_over:
            app.new_game()
        app.run_bots()
        if app.game.is_over:
            continue
        if app.game.pending:  # the child must answer first (a block, a bonus wake, ...)
            app.play(app.legal()[0])
            continue
        app.hand.toggle(0)
        start = time.perf_counter()
        app.act["discard"].click()
        discards.append((time.perf_counter() - start) * 1000)
        if not app.game.is_over and app.game.current_player != 0:
            start = time.perf_counter()
            app.next_button.click()
            nexts.append((time.perf_counter() - start) * 1000)
    return discards, nexts


def _rows(name: str, samples: list[float]) -> list[dict]:
    n = len(samples)
    return [{"benchmark": f"widgets: {name}, median of {n}",
             "value": round(statistics.median(samples), 3), "unit": "ms", "target": "-"},
            {"benchmark": f"widgets: {name}, p95 of {n}",
             "value": round(_p95(samples), 3), "unit": "ms", "target": "< 30"}]


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
        rows += _rows(name, _time_clicks(widget, clicks, done))
    discards, nexts = _time_play_app(20 if quick else 100)
    rows += _rows("play app discard click -> redrawn", discards)
    rows += _rows("play app next-move click -> redrawn", nexts)
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:<60} {row['value']:>9} {row['unit']:<3} {row['target']}")
