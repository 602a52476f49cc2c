"""Rules-engine speed: full bot games per second on one core (`python -m bench engine`).

Timed with CPU time of this (single-threaded) process, so a busy shared machine does not
halve the figure; the value is the median of several runs after a warm-up that fills the
engine's per-hand move caches, as a long simulation would.

Two paths are measured: `simulate` (the engine's own hot loop) and the public API a server or
an app uses (`legal_moves()` then `play(move, seat=...)` for every decision).

`--peer DIR` (a checkout of github.com/vprelovac/genetic-sleeping-queens, the public Python
engine issue #44 compares against) adds, in the same run: the peer's random 2-seat whole games
a second (its own game loop, as its `main.py -num` and genetic algorithm play them, two "Easy
AI" seats that pick a uniformly random legal move) and our two paths' ratios to it. Runs of
ours and the peer's alternate, so a change in the machine's load hits both alike.

The first row says which engine was measured: compiled with mypyc (`make engine`, the default
where a C compiler is present) or plain Python (`make pure`, the static site, a bare `pip
install`); the compiled one plays the same games faster.
"""

from __future__ import annotations

import random
import statistics
import sys
import sysconfig
import time
from importlib.machinery import ExtensionFileLoader
from pathlib import Path
from types import ModuleType

import sq_edu.engine.game
from sq_edu.engine import Game, RandomBot, simulate

CASES = [  # (bots, players, games per run, target)
    ("random", 2, 2000, ">= 2000 games/s"),
    ("random", 4, 1000, ""),
    ("greedy", 2, 500, ""),
    ("greedy", 4, 300, ""),
]


def compiled_modules() -> int:
    """How many engine modules `import sq_edu.engine` loaded compiled (mypyc); 0: plain Python."""
    if not isinstance(sq_edu.engine.game.__loader__, ExtensionFileLoader):
        return 0
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return len(list(Path(sq_edu.engine.__path__[0]).glob(f"*{suffix}")))


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


def _peer_modules(peer: Path) -> tuple[ModuleType, ModuleType, ModuleType]:
    """The peer's own modules (board_state, game_logic, player), imported from its checkout."""
    sys.path.insert(0, str(peer))
    try:
        import board_state  # type: ignore[import-not-found]  # the peer's checkout, not ours
        import game_logic  # type: ignore[import-not-found]
        import player  # type: ignore[import-not-found]
    finally:
        sys.path.remove(str(peer))
    return board_state, game_logic, player


def peer_games(peer: Path, games: int, seed: int) -> int:
    """`games` random 2-seat games in the peer's engine, played as its `main.py -num` loop does
    (its module-level `random` seeded); the number that raised an error in the peer's code."""
    board_state, game_logic, player = _peer_modules(peer)
    random.seed(seed)
    broken = 0
    for _ in range(games):
        board = board_state.BoardState(2)
        board.players = [player.Player(name, board, is_ai=True) for name in ("Easy AI", "Easy 2")]
        logic = game_logic.GameLogic(board, verbose=False)
        for seat in board.players:
            board.draw_cards_for_player(seat)
            seat.ai_difficulty = "Easy"
        board.players[0].activate()
        try:
            for _turn in range(1000):
                for seat in board.players:
                    logic.take_turn(seat)
                    if logic.check_win_condition() != "No winner yet.":
                        break
                else:
                    continue
                break
        except (IndexError, ValueError, KeyError, AssertionError, RecursionError):
            broken += 1   # the peer's own bugs (an empty pile); the game counts as played
    return broken


def peer_rows(peer: Path, quick: bool) -> list[dict]:
    """Ours (API path and `simulate`) against the peer, runs alternating, medians of each."""
    games, runs = (200, 3) if quick else (1000, 5)
    ours_api, ours_bulk, theirs = [], [], []
    broken = 0
    for run in range(runs):
        start = time.process_time()
        broken += peer_games(peer, games, run)
        theirs.append(games / (time.process_time() - start))
        start = time.process_time()
        api_games(games, 2, run)
        ours_api.append(games / (time.process_time() - start))
        start = time.process_time()
        simulate(games, players=2, bots="random", seed=run)
        ours_bulk.append(games / (time.process_time() - start))
    peer_rate = statistics.median(theirs)
    return [
        {"benchmark": f"peer {peer.name}: random 2p whole games ({broken} raised)",
         "value": peer_rate, "unit": "games/s", "target": "info"},
        {"benchmark": "ours, API path, random 2p, same runs", "value": statistics.median(ours_api),
         "unit": "games/s", "target": "info"},
        {"benchmark": "ours, simulate(), random 2p, same runs",
         "value": statistics.median(ours_bulk), "unit": "games/s", "target": "info"},
        {"benchmark": "ratio API path / peer", "value": statistics.median(ours_api) / peer_rate,
         "unit": "x", "target": ">= 10x (issue #44)"},
        {"benchmark": "ratio simulate() / peer", "value": statistics.median(ours_bulk) / peer_rate,
         "unit": "x", "target": ">= 12x (issue #44)"},
    ]


def python_loop_seconds() -> float:
    """CPU seconds for 5 million Python additions: how fast this core runs Python right now
    (on a shared, busy machine this rises, and every figure above falls with it)."""
    start = time.process_time()
    total = 0
    for i in range(5_000_000):
        total += i
    return time.process_time() - start


def run(quick: bool = False, peer: str | None = None) -> list[dict]:
    simulate(200 if quick else 3000, players=2, bots="random", seed=99)  # warm the caches
    compiled = compiled_modules()
    rows = [{"benchmark": "engine measured: " + ("compiled with mypyc (make engine)" if compiled
                                                 else "plain Python (make pure)"),
             "value": float(compiled), "unit": "modules compiled", "target": "info"},
            {"benchmark": "context: 5M Python additions (machine speed now)",
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
    if peer:
        rows += peer_rows(Path(peer), quick)
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:45} {row['value']:9.0f} {row['unit']}  {row['target']}")
