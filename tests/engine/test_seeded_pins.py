"""Seeded games pinned by digest: speed work on the engine must not change one move.

Every preset, every table size, random, greedy and counting bots: each game's decisions, the
full event log, every seat's own view of it and the summaries of `simulate` are hashed. The
digests were taken before the engine's hot paths were reworked (issue #44); a change in any
of them means the engine now plays differently. If a rules change is intended, print the new
digests with `SQ_EDU_PRINT_PINS=1` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import os

import pytest

from sq_edu.bots import CountingBot
from sq_edu.engine import Game, GreedyBot, RandomBot, simulate
from sq_edu.engine.rules import Rules

TABLES = [(rules, players) for rules in ("official", "kids", "royal_court", "teams")
          for players in range(2, 6)
          if Rules.preset(rules).min_players <= players <= Rules.preset(rules).max_players]
MAKERS = {"random": RandomBot, "greedy": GreedyBot, "counting": CountingBot}

PINS: dict[str, str] = {
    "official-2": "745a6b9762c8c9cc",
    "official-2-simulate": "3cb678a66aee6b93",
    "official-3": "634a86713a39ab80",
    "official-3-simulate": "ba06bc76efaf48c5",
    "official-4": "d1611fa556440c9b",
    "official-4-simulate": "5057c1ad36986453",
    "official-5": "fa0e5796f3ad2f1f",
    "official-5-simulate": "c7436c992aad37ae",
    "kids-2": "d960433e05cd086e",
    "kids-2-simulate": "26415a7c0493b08f",
    "kids-3": "d69aa026ada42ff4",
    "kids-3-simulate": "bc3c4dc8251ac38e",
    "kids-4": "f072fd280be019c4",
    "kids-4-simulate": "8df56fd7015a58fe",
    "kids-5": "648055a319e676a4",
    "kids-5-simulate": "b4336fc8de4a63ec",
    "royal_court-2": "5ca9058299ed02a7",
    "royal_court-2-simulate": "3e9b1cc6f989126b",
    "royal_court-3": "a6c4f6c56000b090",
    "royal_court-3-simulate": "04c631ef7ee0cdcf",
    "royal_court-4": "7501e484ff868fbf",
    "royal_court-4-simulate": "d2e7cccd6634d62f",
    "royal_court-5": "a12dfde8f0ff6ef0",
    "royal_court-5-simulate": "787a243f6441ad02",
    "teams-4": "97ad56d2505af062",
    "teams-4-simulate": "fdf6787ffe45c875",
}


def game_text(rules: str, players: int, seed: int) -> str:
    """One seeded game through the public API: moves, events, and each seat's view."""
    game = Game.new(players, seed=seed, rules=rules)
    names = ("random", "greedy", "counting")
    bots = [MAKERS[names[(seed + s) % 3]](seed * 10 + s) for s in range(players)]
    lines = []
    while not game.is_over and game.turn <= 1000:
        seat = game.current_player
        obs = game.observe(seat)
        legal = game.legal_moves()
        move = bots[seat].choose(obs, legal)
        lines.append(f"{seat} {len(legal)} {move!r} {len(obs.events)}")
        game.play(move, seat=seat)
    lines += [repr(e) for e in game.events]
    for seat in range(players):
        seen = game.observe(seat)
        lines += [repr(seen), *(repr(e) for e in seen.events)]
    lines.append(f"{game.winners} {game.end_reason} {game.turn}")
    return "\n".join(lines)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def table_digest(rules: str, players: int) -> str:
    return digest("\n".join(game_text(rules, players, seed) for seed in range(4)))


def simulate_digest(rules: str, players: int) -> str:
    summaries = [simulate(60, players=players, bots=bots, seed=7, rules=rules)
                 for bots in ("random", "greedy")]
    return digest(repr(summaries))


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_seeded_games_play_as_pinned(rules: str, players: int) -> None:
    found = {f"{rules}-{players}": table_digest(rules, players),
             f"{rules}-{players}-simulate": simulate_digest(rules, players)}
    if os.environ.get("SQ_EDU_PRINT_PINS"):
        print(found)
    for key, value in found.items():
        assert PINS[key] == value, key
