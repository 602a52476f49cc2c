"""Simulations converge on the exact chances, on real seeded positions."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from fractions import Fraction

import pytest

from sq_edu.engine import Game
from sq_edu.engine.cards import POWER_CARDS
from sq_edu.maths import (
    jester_odds,
    p_at_least,
    p_draw,
    p_holds,
    simulate_draws,
    simulate_holds,
    simulation,
    unseen,
)
from sq_edu.maths.probability import top_cards

PATHS = ["numpy", "pure"]


@pytest.fixture(params=PATHS)
def path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test on numpy's path and on the pure-Python path the browser uses (forced here
    by hiding numpy from the module)."""
    if request.param == "pure":
        monkeypatch.setattr(simulation, "numpy_or_none", lambda: None)
    else:
        assert simulation.numpy_or_none() is not None, "the server extra installs numpy"
    return str(request.param)


def _position(seed: int, steps: int, rules: str = "official", players: int = 3):
    game = Game.new(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game.observe(game.current_player)


def _close(sim, n: int) -> None:
    p = float(sim.exact)
    sigma = math.sqrt(max(p * (1 - p), 1e-12) / n)
    assert abs(sim.estimate - p) <= 5 * sigma + 1e-9, (sim, p)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_simulated_draws_converge_on_p_draw(seed: int, path: str) -> None:
    obs = _position(seed, 10 * seed)
    n = 200_000 if path == "numpy" else 50_000
    for tokens in ("king", "dragon", "power", (2, 3, 5)):
        sim = simulate_draws(obs, tokens, n, seed=seed)
        assert sim.exact == p_draw(obs, tokens) and sim.n == n
        _close(sim, n)


def test_simulated_draws_of_several_cards_and_hands(path: str) -> None:
    obs = _position(7, 25, players=4)
    n = 100_000 if path == "numpy" else 20_000
    for draws in (2, 5):
        sim = simulate_draws(obs, "knight", n, seed=draws, draws=draws)
        assert sim.exact == p_at_least(obs, "knight", draws)
        _close(sim, n)
    for seat in range(4):
        sim = simulate_holds(obs, seat, "dragon", n, seed=seat)
        assert sim.exact == p_holds(obs, seat, "dragon")
        _close(sim, n)


def test_same_seed_same_simulation(path: str) -> None:
    obs = _position(5, 12)
    assert simulate_draws(obs, "king", 1000, seed=3) == simulate_draws(obs, "king", 1000, seed=3)
    assert simulate_holds(obs, 1, "dragon", 500, seed=4) == simulate_holds(obs, 1, "dragon", 500,
                                                                             seed=4)


def test_simulation_runs_where_numpy_cannot_be_imported() -> None:
    """As in a browser (Pyodide without numpy): `import numpy` fails, simulations still run,
    and nothing of the package tried numpy before a simulation was asked for."""
    code = (
        "import json, sys\n"
        "sys.modules['numpy'] = None  # import numpy now raises ImportError\n"
        "from sq_edu.engine import Game\n"
        "import sq_edu.maths, sq_edu.practice\n"
        "from sq_edu.maths import simulate_draws\n"
        "obs = Game.new(3, seed=2).observe(0)\n"
        "sim = simulate_draws(obs, 'king', 20000, seed=1)\n"
        "print(json.dumps([sim.estimate, float(sim.exact)]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    estimate, exact = json.loads(out.stdout.strip().splitlines()[-1])
    assert abs(estimate - exact) < 5 * math.sqrt(exact * (1 - exact) / 20000)


def test_real_positions_are_consistent() -> None:
    """On real games: the exact chances of the next card add up to 1, jester odds too, and
    the unseen cards fill exactly the places the seat cannot see."""
    for seed in range(20):
        rules = ("official", "royal_court")[seed % 2]
        players = 2 + seed % 4
        obs = _position(seed, 5 * seed, rules, players)
        hidden = sum(obs.hand_sizes[s] - len(obs.known_in_hands[s])
                     for s in range(players) if s != obs.seat)
        assert sum(unseen(obs).values()) == obs.draw_size - len(obs.known_bottom) + hidden
        firsts = list(top_cards(obs, 1))
        assert sum(p for _, p in firsts) == 1
        for card in ("king", "jester", 5):
            assert p_draw(obs, card) == sum(p for seq, p in firsts if seq[0] == card)
        odds = jester_odds(obs)
        if obs.rules.jester_peek == 1:
            assert odds["power"] + sum(odds["wake"].values()) == 1
        else:
            assert 0 <= odds["power"] <= 1
            assert all(0 <= p <= 1 - odds["power"] for p in odds["wake"].values())


def test_exact_chances_are_calibrated_on_fresh_deals() -> None:
    """Right after the deal nobody has chosen anything yet, so the model is exact: over many
    seeded deals, predicted and real counts agree within a few standard deviations."""
    totals = {"king": [0.0, 0, 0.0], "dragon held": [0.0, 0, 0.0], "power": [0.0, 0, 0.0]}

    def add(name: str, p: Fraction, hit: bool) -> None:
        row = totals[name]
        row[0] += float(p)
        row[1] += int(hit)
        row[2] += float(p * (1 - p))

    for seed in range(3000):
        players = 2 + seed % 4
        game = Game.new(players, seed=seed)
        obs = game.observe(0)
        add("king", p_draw(obs, "king"), game.draw_pile[0] == "king")
        add("power", p_draw(obs, "power"), game.draw_pile[0] in POWER_CARDS)
        add("dragon held", p_holds(obs, 1, "dragon"), "dragon" in game.hand(1))
    for name, (expected, hits, variance) in totals.items():
        assert abs(hits - expected) < 4.5 * math.sqrt(variance), (name, hits, expected)
