"""Golden playthroughs: full seeded games written as text and compared verbatim.

A change to the rules, the move order, the shuffle or the bots shows up here as a readable
diff. When a change is intended, regenerate the files and review the diff before committing:

    SQ_EDU_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/engine/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sq_edu.engine import Event, Game, GreedyBot, RandomBot

GOLDEN = Path(__file__).parent / "golden"
GAMES = {
    "official_3p": ("official", 3, 2024, ("greedy", "random", "greedy")),
    "royal_court_2p": ("royal_court", 2, 7, ("random", "greedy")),
}


def _event_text(e: Event) -> str:
    parts = [e.kind]
    for name in ("seat", "cards", "target", "queen", "slot", "count", "seats"):
        value = getattr(e, name)
        if value is None or value == ():
            continue
        if isinstance(value, tuple):
            value = ",".join(str(v) for v in value)
        parts.append(f"{name}={value}")
    if e.private:
        parts.append("(private)")
    return " ".join(parts)


def playthrough(rules: str, players: int, seed: int, bots: tuple[str, ...]) -> str:
    """The whole game as text: each decision with the deciding seat's hand, then its events."""
    game = Game.new(players=players, seed=seed, rules=rules)
    makers = {"greedy": GreedyBot, "random": RandomBot}
    seats = [makers[name](seed * 100 + i) for i, name in enumerate(bots)]
    lines = [f"# rules={rules} players={players} seed={seed} bots={','.join(bots)}",
             "slots " + " ".join(q or "-" for q in game.slots)]
    lines += ["  " + _event_text(e) for e in game.events]
    while not game.is_over:
        seat = game.current_player
        hand = " ".join(str(c) for c in game.hand(seat))
        move = seats[seat].choose(game.observe(seat), game.legal_moves())
        lines.append(f"turn {game.turn} seat {seat} [{hand}] "
                     f"{'(' + game.pending + ') ' if game.pending else ''}-> {move}")
        lines += ["  " + _event_text(e) for e in game.play(move)]
    lines.append(f"winners {list(game.winners)} by {game.end_reason}; points "
                 f"{[game.points(s) for s in range(players)]}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name: str) -> None:
    text = playthrough(*GAMES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("SQ_EDU_REGEN_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}: regenerate (see this module's docstring)"
    assert text == path.read_text(encoding="utf-8")
