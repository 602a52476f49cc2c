"""`advance_bots`: the one bot loop, for both engines."""

from __future__ import annotations

import random

import pytest

from sq_edu.dungeon import DungeonGame, IllegalPlay, SensibleBot
from sq_edu.engine import Game, GreedyBot, IllegalMove, RandomBot, advance_bots


def test_bots_move_until_the_human_seat_decides() -> None:
    game = Game.new(3, seed=4)
    bots = {1: GreedyBot(1), 2: RandomBot(2)}
    game.play(game.legal_moves()[0], seat=0)
    seen: list[str] = []
    made = advance_bots(game, bots, each=lambda events: seen.extend(e.kind for e in events))
    assert (made >= 2 and game.current_player == 0) or game.is_over
    assert seen.count("turn") >= 2


def test_limit_until_and_a_list_of_bots() -> None:
    game = Game.new(2, seed=9)
    bots = [RandomBot(0), RandomBot(1)]
    assert advance_bots(game, bots, limit=3) == 3
    assert advance_bots(game, bots, until=lambda g: g.turn >= 10) > 0
    assert game.turn >= 10 or game.is_over
    advance_bots(game, bots)
    assert game.is_over and advance_bots(game, bots) == 0
    assert advance_bots(Game.new(2, seed=1), [None, RandomBot(1)]) == 0  # seat 0 is human


def test_it_drives_the_dungeon_engine_too() -> None:
    game = DungeonGame.new(4, seed=3)
    bots = {s: SensibleBot(random.Random(s)) for s in range(1, 4)}
    start = game.hand_number
    advance_bots(game, [SensibleBot(random.Random(0)), *bots.values()],
                 lambda g: g.hand_number != start)
    assert game.hand_number == start + 1 or game.is_over
    advance_bots(game, bots)
    assert game.is_over or game.current_player == 0


def test_both_engines_refuse_a_move_from_the_wrong_seat() -> None:
    dungeon = DungeonGame.new(4, seed=3, first_dealer=0)
    trump = dungeon.legal_moves()[0]
    with pytest.raises(IllegalPlay, match="It is not seat 2's move now: seat 0 decides"):
        dungeon.play(trump, seat=2)
    dungeon.play(trump, seat=0)
    game = Game.new(2, seed=3)
    with pytest.raises(IllegalMove, match="not seat 1's decision"):
        game.play(game.legal_moves()[0], seat=1)
