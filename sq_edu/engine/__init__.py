"""The Sleeping Queens rules engine: rules data, game state, moves, observations, simple bots
and fast simulation. Imports nothing above it (no maths, no widgets).

    >>> from sq_edu.engine import Game, Move, IllegalMove, simulate
    >>> game = Game.new(players=2, seed=7)
    >>> game.current_player, len(game.hand(0)), game.observe(1).draw_size
    (0, 5, 57)
    >>> move = game.legal_moves()[0]
    >>> events = game.play(move, seat=0)      # seat=: refused unless seat 0 decides now
    >>> [e.kind for e in events]
    ['play', 'wake', 'draw', 'turn']
    >>> try:
    ...     game.play(Move("discard", (2, 3, 6)))
    ... except IllegalMove as err:
    ...     print(err)
    you have no 2 in your hand
    >>> summary = simulate(50, players=2, bots=["greedy", "random"], seed=1)
    >>> summary.finished + summary.capped
    50

Pending decisions (a defender's block, the rose bonus, the seat a jester counts to, a royal
jester's pick, where a slept or returned queen goes) make `current_player` the deciding seat;
see `Move` for how each is answered. `advance_bots(game, bots, until)` lets computer players
move until a human seat decides (it drives the Dungeon of Queens engine too).
"""

from __future__ import annotations

from sq_edu.gamekit import advance_bots

from . import build  # noqa: F401  # first: compiled modules or the .py files (build.py)
from .bots import Bot, GreedyBot, RandomBot
from .game import Game
from .moves import IllegalMove, Move
from .observation import HIDDEN, Event, Observation
from .rules import PRESETS, Rules
from .simulate import SimulationSummary, simulate

__all__ = ["HIDDEN", "PRESETS", "Bot", "Event", "Game", "GreedyBot", "IllegalMove", "Move",
           "Observation", "RandomBot", "Rules", "SimulationSummary", "advance_bots",
           "simulate"]
