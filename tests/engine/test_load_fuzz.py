"""Hand-edited or damaged saves: a clear ValueError, or a sound game; never anything else."""

from __future__ import annotations

import copy
import json
import random

from sq_edu.engine import Game

from .helpers import check_invariants, random_playout

JUNK = [None, -1, 0, 99, 2.5, "", "king", "moon", "?", [], {}, [1, 2], True, "rose", 12]


def _saves() -> list[dict]:
    saves = []
    for seed, (rules, players) in enumerate([("official", 3), ("royal_court", 2),
                                             ("teams", 4), ("kids", 5)]):
        g = Game.new(players=players, seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(rng.randrange(10, 80)):
            if g.is_over:
                break
            g.play(rng.choice(g.legal_moves()))
        saves.append(json.loads(json.dumps(g.to_dict())))
    return saves


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value (keys and list positions), events left out for speed."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            if key != "events" or not prefix:
                out += _paths(item, (*prefix, key)) if key != "events" else [(*prefix, key)]
    elif isinstance(value, list) and len(value) < 100:
        for i, item in enumerate(value):
            out += _paths(item, (*prefix, i))
    return out


def _mutate(data: dict, rng: random.Random) -> None:
    path = rng.choice(_paths(data))
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    action = rng.random()
    if action < 0.15 and isinstance(parent, dict):
        del parent[last]
    elif action < 0.3 and isinstance(parent, list):
        parent.pop(last)
    elif action < 0.45 and isinstance(parent[last], list):
        rng.shuffle(parent[last])
    else:
        parent[last] = copy.deepcopy(rng.choice(JUNK))


def test_damaged_saves_raise_value_error_or_load_sound() -> None:
    rng = random.Random(2024)
    loaded = refused = 0
    for base in _saves():
        for _ in range(150):
            data = copy.deepcopy(base)
            for _ in range(rng.choice((1, 1, 2, 3))):
                _mutate(data, rng)
            try:
                game = Game.from_dict(data)
            except ValueError:
                refused += 1
                continue
            loaded += 1
            check_invariants(game)
            random_playout(game, random.Random(1))
            check_invariants(game)
    assert refused > 300 and loaded > 10
