"""Rebuild the dragon bank (`sq_edu/practice/generators/dragon_bank.json`).

    .venv/bin/python tools/dragon_bank.py

Plays the games of seeds 0..POOL-1 of every table the dragon questions deal (chances 5: 3
players, card detective 3 and 4: 3 and 4) with the lessons' bots and writes, at each start of
seat 0's turn, its turn, one letter per opponent (`letter`) and the dragons seat 0 has not
seen yet. The same command
gives the same file; tests/practice/test_dragon_bank.py replays games and compares.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sq_edu.engine.cards import DRAGON
from sq_edu.engine.observation import Observation
from sq_edu.engine.view import observe as glance
from sq_edu.maths import p_holds, unseen
from sq_edu.practice.generators import dragon_bank
from sq_edu.practice.generators.chances import clear_band
from sq_edu.practice.generators.detective import block_answer
from sq_edu.practice.generators.positions import LEARNER, MAX_TURNS, _play

OUT = Path(dragon_bank.__file__).with_name(dragon_bank.BANK_FILE)
TABLES = ((3, "official"), (4, "official"))
POOL = 2000   # games per table: the rarest answer ("surely": 2-3% of games) from ~50 games
_LETTER = {(holds, dragon_bank.BLOCK[k]): k for k, holds in dragon_bank.HOLDS.items()
           if k != "."}


def letter(obs: Observation, target: int) -> str:
    """What both dragon questions read of `target` in this position (module docstring)."""
    if obs.is_over or not obs.awake[target]:
        return "."
    return _LETTER[clear_band(p_holds(obs, target, DRAGON)), block_answer(obs, target)]


def game_line(seed: int, players: int, rules: str) -> str:
    """One banked game: "turn:letters" and the dragons not seen yet (one digit) at each start
    of seat 0's turn, space-separated."""
    spots = []
    for _, game in _play(seed, players, rules, MAX_TURNS):
        obs = glance(game.state, LEARNER, events=False)
        spots.append(f"{game.turn}:" + "".join(letter(obs, t) for t in range(1, players))
                     + str(unseen(obs)[DRAGON]))
    return " ".join(spots)


def build(pool: int = POOL) -> dict[str, Any]:
    return {"pool": pool, "tables": [
        {"players": players, "rules": rules,
         "games": [game_line(seed, players, rules) for seed in range(pool)]}
        for players, rules in TABLES]}


if __name__ == "__main__":
    OUT.write_text(json.dumps(build(), indent=0) + "\n", encoding="utf-8")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes)")
