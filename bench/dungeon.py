"""Dungeon of Queens speed: hands played per second by bots, a save/load round trip, and the
time to generate one scoring-lesson exercise per level.

Medians of several runs (never asserted in tests). `python -m bench dungeon`.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from sq_edu.dungeon import DungeonGame, RandomBot, SensibleBot
from sq_edu.dungeon.game import play_out
from sq_edu.practice.generators import generate
from sq_edu.practice.generators.dungeon import LESSON_ID
from sq_edu.practice.lesson import get_lesson


def _median(fn: Callable[[], object], repeats: int) -> float:
    """Median seconds of one call of `fn` over `repeats` runs."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _hands(bot: type, hands: int) -> int:
    played, seed = 0, 0
    while played < hands:
        game = DungeonGame.new(4, seed=seed)
        bots = [bot(random.Random(seed * 4 + s)) for s in range(4)]
        while not game.is_over and played < hands:
            play_out(game, bots, until_hand_end=True)
            played += 1
        seed += 1
    return played


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 5
    hands = 20 if quick else 100
    rows: list[dict] = []
    for bot in (RandomBot, SensibleBot):
        per = _median(lambda bot=bot: _hands(bot, hands), repeats) / hands
        rows.append({"benchmark": f"4-player hands with {bot.__name__}s", "value": 1 / per,
                     "unit": "hands/s", "target": "> 50 (property tests: 2000 hands)"})
    game = DungeonGame.new(4, seed=1)
    play_out(game, [SensibleBot(random.Random(s)) for s in range(4)])
    saved = game.to_dict()
    per = _median(lambda: DungeonGame.from_dict(saved), repeats * 4)
    rows.append({"benchmark": f"from_dict, finished game ({len(game.tricks)} tricks)",
                 "value": per * 1e3, "unit": "ms", "target": "< 50 ms"})
    lesson = get_lesson(LESSON_ID)
    for level in lesson.levels:
        seeds = iter(range(10**6))
        per = _median(lambda n=level.number, s=seeds: generate(lesson, n, next(s)),
                      repeats * (2 if quick else 4))
        rows.append({"benchmark": f"scoring exercise, level {level.number} "
                                  f"({level.generator})",
                     "value": per * 1e3, "unit": "ms", "target": "< 200 ms (a click)"})
    return rows
