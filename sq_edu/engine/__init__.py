"""The Sleeping Queens rules engine: rules data, game state, moves, observations, simple bots
and fast simulation. Imports nothing above it (no maths, no widgets)."""

from __future__ import annotations

from .bots import Bot, GreedyBot, RandomBot
from .game import Game
from .moves import IllegalMove, Move
from .observation import HIDDEN, Event, Observation
from .rules import PRESETS, Rules
from .simulate import SimulationSummary, simulate

__all__ = ["HIDDEN", "PRESETS", "Bot", "Event", "Game", "GreedyBot", "IllegalMove", "Move",
           "Observation", "RandomBot", "Rules", "SimulationSummary", "simulate"]
