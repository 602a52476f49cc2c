"""Rules-engine speed: full bot games per second on one core (`python -m bench engine`).

Timed with CPU time of this (single-threaded) process, so a busy shared machine does not
halve the figure; the value is the median of several runs after a warm-up that fills the
engine's per-hand move caches, as a long simulation would.

Two paths are measured: `simulate` (the engine's own hot loop) and the public API a server or
an app uses (`legal_moves()` then `play(move, seat=...)` for every decision).
"""

from __future__ import annotations

import random
import statistics
import time

from sq_edu.engine import Game, RandomBot, simulate

CASES = [  # (bots, players, games per run, target)
    ("random", 2, 2000, ">= 2000 games/s"),
    ("random", 4, 1000, ""),
    ("greedy", 2, 500, ""),
    ("greedy", 4, 300, ""),
]


def games_per_second(bots: str, players: int, games: int, runs: int) -> float:
    """Median games/s over `runs` seeded simulations of `games` games each."""
    rates = []
    for run in range(runs):
        start = time.process_time()
        simulate(games, players=players, bots=bots, seed=run)
        rates.append(games / (time.process_time() - start))
    return statistics.median(rates)


def api_games(games: int, players: int, seed: int) -> None:
    """`games` random-bot games through the public API only, as a server would play them."""
    master = random.Random(seed)
    for _ in range(games):
        game = Game.new(players, seed=master.getrandbits(64))
        bot = RandomBot(master.getrandbits(64))
        while not game.is_over and game.turn <= 1000:
            seat = game.current_player
            game.play(bot.choose(None, game.legal_moves()), seat=seat)


def api_games_per_second(players: int, games: int, runs: int) -> float:
    """Median games/s of `api_games` over `runs` runs."""
    rates = []
    for run in range(runs):
        start = time.process_time()
        api_games(games, players, run)
        rates.append(games / (time.process_time() - start))
    return statistics.median(rates)


def python_loop_seconds() -> float:
    """CPU seconds for 5 million Python additions: how fast this core runs Python right now
    (on a shared, busy machine this rises, and every figure above falls with it)."""
    start = time.process_time()
    total = 0
    for i in range(5_000_000):
        total += i
    return time.process_time() - start


def run(quick: bool = False) -> list[dict]:
    simulate(200 if quick else 3000, players=2, bots="random", seed=99)  # warm the caches
    rows = [{"benchmark": "context: 5M Python additions (machine speed now)",
             "value": python_loop_seconds(), "unit": "s CPU", "target": "info"}]
    for bots, players, games, target in CASES:
        n = max(games // 10, 20) if quick else games
        rate = games_per_second(bots, players, n, 3 if quick else 5)
        rows.append({"benchmark": f"{bots}-bot full games, {players} players, one core",
                     "value": rate, "unit": "games/s", "target": target})
    n = 200 if quick else 2000
    rows.append({"benchmark": "API path (legal_moves + play(seat=)), random, 2p",
                 "value": api_games_per_second(2, n, 3 if quick else 5), "unit": "games/s",
                 "target": ">= 2000 games/s"})
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:45} {row['value']:9.0f} {row['unit']}  {row['target']}")
