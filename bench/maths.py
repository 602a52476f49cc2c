"""Maths-layer speed: equation discards, exact chances per call, simulated draws per second.

Medians of several runs (never asserted in tests). `python -m bench maths`.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from sq_edu.engine import Game
from sq_edu.maths import (
    check_equation,
    find_discards,
    jester_odds,
    p_at_least,
    p_draw,
    p_holds,
    simulate_draws,
)
from sq_edu.maths.counter import CardCounter


def _per_call(fn: Callable[[], object], calls: int, repeats: int) -> float:
    """Median CPU seconds per call over `repeats` runs of `calls` calls (CPU time, not wall
    time: the figure stays honest on a machine shared with other work)."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(calls):
            fn()
        times.append((time.process_time() - start) / calls)
    return statistics.median(times)


def _hands(size: int, count: int = 50) -> list[tuple[int, ...]]:
    """Random number hands dealt from the 40 number cards (seeded)."""
    rng = random.Random(size)
    deck = [n for n in range(1, 11) for _ in range(4)]
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def _position() -> object:
    game = Game.new(3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        game.play(rng.choice(game.legal_moves()))
    return game


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    rows: list[dict] = []
    for size in (5, 8, 12):
        hands = _hands(size)
        it = iter(range(10**9))
        per = _per_call(lambda hands=hands, it=it: find_discards(hands[next(it) % len(hands)]),
                        100 if quick else 500, repeats)
        rows.append({"benchmark": f"find_discards, {size} cards", "value": per * 1e3,
                     "unit": "ms CPU/call", "target": "< 1 ms for 12 cards"})
    per = _per_call(lambda: check_equation("2 + 3 + 4 = 9", hand=[2, 3, 4, 9, 1]),
                    500 if quick else 2000, repeats)
    rows.append({"benchmark": "check_equation", "value": per * 1e6, "unit": "µs CPU/call",
                 "target": "-"})
    game = _position()
    obs = game.observe(game.current_player)
    other = (obs.seat + 1) % obs.players
    for name, fn in (("p_draw", lambda: p_draw(obs, "king")),
                     ("p_at_least (5 draws)", lambda: p_at_least(obs, "king", 5)),
                     ("p_holds", lambda: p_holds(obs, other, "dragon")),
                     ("jester_odds", lambda: jester_odds(obs))):
        per = _per_call(fn, 100 if quick else 500, repeats)
        rows.append({"benchmark": name, "value": per * 1e6, "unit": "µs CPU/call", "target": "-"})
    per = _per_call(lambda: CardCounter.from_observation(obs), 20 if quick else 100, repeats)
    rows.append({"benchmark": "CardCounter.from_observation (turn 40)", "value": per * 1e3,
                 "unit": "ms CPU/call", "target": "-"})
    n = 1_000_000
    per = _per_call(lambda: simulate_draws(obs, "king", n, seed=1), 1, repeats)
    rows.append({"benchmark": "simulate_draws, 1,000,000 draws", "value": per,
                 "unit": "s CPU", "target": "well under 1 s"})
    rows.append({"benchmark": "simulated draws per second", "value": n / per,
                 "unit": "draws/s", "target": "> 1,000,000"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
