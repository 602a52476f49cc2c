"""Bots that reason with the maths layer (card counting, exact probabilities).

The simple bots (RandomBot, GreedyBot) live in the engine; they are re-exported here so a
lesson can pick any bot from one place.
"""

from __future__ import annotations

from sq_edu.engine.bots import GreedyBot, RandomBot

from .counting import CountingBot

__all__ = ["CountingBot", "GreedyBot", "RandomBot"]
