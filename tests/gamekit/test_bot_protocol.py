"""One bot protocol for both engines: `gamekit.Bot`, which the engines re-export."""

from __future__ import annotations

import random

from sq_edu import dungeon, engine, gamekit
from sq_edu.bots import CountingBot
from sq_edu.dungeon import bots as dungeon_bots
from sq_edu.engine import bots as engine_bots


def test_the_engines_name_the_one_protocol() -> None:
    assert engine.Bot is engine_bots.Bot is dungeon_bots.Bot is gamekit.Bot


def test_every_bot_of_both_engines_is_one() -> None:
    rng = random.Random(1)
    for bot in (engine.RandomBot(rng), engine.GreedyBot(rng), CountingBot(rng),
                dungeon.RandomBot(rng), dungeon.SensibleBot(rng)):
        assert isinstance(bot, gamekit.Bot), type(bot).__name__
    assert not isinstance(object(), gamekit.Bot)
