"""Seeded random games checked after every move (OpenSpiel-style playouts), save/load
mid-game, and determinism against disturbed global RNGs."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from sq_edu.engine import Game, RandomBot
from sq_edu.engine.simulate import play_game

from .helpers import check_invariants, check_observation, fast_invariants

CONFIGS = [(rules, players) for rules in ("official", "kids", "royal_court")
           for players in (2, 3, 4, 5)] + [("teams", 4)]


def _run(seed: int, rules: str, players: int, deep: bool) -> Game:
    """One random game, checked after every move; `deep` adds the slower public-API checks
    (observations, card locations through the public properties) and a save/load."""
    g = Game.new(players=players, seed=seed, rules=rules)
    rng = random.Random(seed)
    moves = 0
    save_at = rng.randrange(1, 40) if deep else -1
    while not g.is_over:
        legal = g.legal_moves()
        fast_invariants(g, legal)
        if deep and moves % 5 == 0:
            check_invariants(g)
            check_observation(g, moves % players)
        if moves == save_at:
            _check_save_continues(g, seed)
        g.play(rng.choice(legal))
        moves += 1
        assert moves < 3000, "game does not end"
    check_invariants(g)
    assert g.winners and g.end_reason in ("threshold", "centre_empty")
    return g


def _check_save_continues(g: Game, seed: int) -> None:
    """A copy through JSON plays on exactly like the original would (same bots)."""
    a = Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert a.to_dict() == g.to_dict()
    b = Game.from_dict(g.to_dict())
    play_game(a, [RandomBot(seed + s) for s in range(g.players)])
    play_game(b, [RandomBot(seed + s) for s in range(g.players)])
    assert a.to_dict() == b.to_dict()


def _check_many(games: int, deep: bool) -> None:
    for i in range(games):
        rules, players = CONFIGS[i % len(CONFIGS)]
        _run(i, rules, players, deep and i % 20 == 0)


def test_random_games_keep_every_invariant() -> None:
    _check_many(300, deep=True)


@pytest.mark.slow
def test_ten_thousand_random_games_keep_every_invariant() -> None:
    _check_many(10_000, deep=True)


@pytest.mark.parametrize(("rules", "players"), CONFIGS)
def test_saved_mid_game_continues_identically(rules: str, players: int) -> None:
    for seed in range(6):
        g = Game.new(players=players, seed=seed, rules=rules)
        rng = random.Random(seed)
        stop = rng.randrange(5, 60)
        for _ in range(stop):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_moves()))
        h = Game.from_dict(json.loads(json.dumps(g.to_dict())))
        bots_g = [RandomBot(seed * 10 + s) for s in range(players)]
        bots_h = [RandomBot(seed * 10 + s) for s in range(players)]
        play_game(g, bots_g)
        play_game(h, bots_h)
        assert h.to_dict() == g.to_dict()


def _disturbed_game(seed: int, disturb: bool) -> dict:
    g = Game.new(players=3, seed=seed, rules="royal_court")
    bot = RandomBot(seed)
    while not g.is_over:
        if disturb:
            random.seed(random.random())
            random.random()
            np.random.seed(random.randrange(1000))
            np.random.random(3)
        g.play(bot.choose(g.observe(g.current_player), g.legal_moves()))
    return g.to_dict()


def test_games_depend_only_on_their_seeds() -> None:
    for seed in (1, 2, 3):
        assert _disturbed_game(seed, False) == _disturbed_game(seed, True)
    assert _disturbed_game(1, False) != _disturbed_game(2, False)
