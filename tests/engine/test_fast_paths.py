"""The engine's fast paths play exactly the games the plain code played (issue #44).

`simulate` chooses a `RandomBot`'s moves itself and skips the legality check on them,
`Game.play` finds a handed-out move by identity in one loop, generators are seeded without
`random.Random`'s Python layers, the presets are shared objects and a discard-only hand's legal
moves are the engine's own tuple. The digests below were taken with the code before those
changes: thousands of seeded random games, through the public API (every event) and through
`simulate` (every summary and game length).
"""

from __future__ import annotations

import hashlib
import random

import pytest

from sq_edu.engine import Game, RandomBot, Rules, simulate
from sq_edu.engine.chance import seeded

PINS = {  # (rules, players, games): (API path digest, simulate digest)
    ("official", 2, 2000): ("c497a0935e4a631f", "2f1f1b5f69a58b40"),
    ("official", 4, 300): ("6a523c5c2fe9d5dc", "bfdc69d4ff44d974"),
    ("kids", 3, 300): ("a667096a15ef715f", "74beaad8ae89bed4"),
    ("royal_court", 2, 300): ("3894e2f62a645c08", "6081795331d1a008"),
    ("teams", 4, 300): ("9460213618f45f36", "9c24501e0a60557a"),
}


def api_digest(games: int, players: int, rules: str) -> str:
    """Random games as a server plays them: `legal_moves`, then `play(move, seat=)`."""
    master = random.Random(1)
    digest = hashlib.sha256()
    for _ in range(games):
        game = Game.new(players, seed=master.getrandbits(64), rules=rules)
        bot = RandomBot(master.getrandbits(64))
        while not game.is_over and game.turn <= 1000:
            seat = game.current_player
            game.play(bot.choose(None, game.legal_moves()), seat=seat)
        digest.update(repr((game.events, game.winners, game.turn)).encode())
    return digest.hexdigest()[:16]


def simulate_digest(games: int, players: int, rules: str) -> str:
    summary = simulate(games, players=players, rules=rules, seed=2)
    return hashlib.sha256(repr((summary, summary.lengths)).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("rules", "players", "games"), list(PINS))
def test_random_games_play_as_before(rules: str, players: int, games: int) -> None:
    found = (api_digest(games, players, rules), simulate_digest(games, players, rules))
    assert found == PINS[(rules, players, games)]


@pytest.mark.parametrize("seed", [0, 1, -7, True, 2**63 + 11, 2**64 - 1, 2**200 + 3, 10**40])
def test_seeded_is_random_random(seed: int) -> None:
    rng, plain = seeded(seed), random.Random(seed)
    assert type(rng) is random.Random
    assert rng.getstate() == plain.getstate()
    assert [rng.random() for _ in range(5)] + [rng.gauss(0, 1)] == \
        [plain.random() for _ in range(5)] + [plain.gauss(0, 1)]


def test_seeded_without_a_seed_is_fresh() -> None:
    assert seeded(None).getstate() != seeded(None).getstate()


def test_presets_are_shared_and_hash_as_their_fields() -> None:
    assert Rules.preset(" Official") is Rules.preset("official") == Rules()
    kids = Rules.preset("kids")
    built = Rules(name="kids", equations=False, rose_bonus=False, cat_dog_feud=False,
                  win_by_points=False)
    assert kids == built and hash(kids) == hash(built) and {kids: 1}[built] == 1
    assert hash(Rules()) != hash(Rules(hand_size=4))
    with pytest.raises(ValueError, match="'Poker'"):
        Rules.preset("Poker")


def test_a_bot_cannot_change_the_engines_legal_moves() -> None:
    """The legal moves of a discard-only hand are the engine's own tuple: what a bot gets is
    always a list of its own."""
    game = Game.new(2, seed=3)
    seen: list[list[object]] = []

    class Greedy(RandomBot):  # not a RandomBot by type: simulate asks it
        def choose(self, obs: object, legal: list) -> object:  # type: ignore[override]
            seen.append(legal)
            move = legal[0]
            legal.clear()
            return move

    from sq_edu.engine.simulate import play_game
    assert play_game(game, [Greedy(1), Greedy(2)])
    assert seen and all(type(legal) is list for legal in seen)
