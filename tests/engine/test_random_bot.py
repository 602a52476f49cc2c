"""`RandomBot` in its own module (compiled with the engine where it can be): one class under
every public name, still open to subclasses, and importable where mypy_extensions is not
(the static site, a bare `pip install`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import sq_edu.bots
import sq_edu.engine
from sq_edu.engine import Game, RandomBot, bots, random_bot
from sq_edu.engine.simulate import play_game

ROOT = Path(__file__).resolve().parents[2]
STAMP = ROOT / "sq_edu" / "engine" / ".build"


def test_one_random_bot_under_every_public_name() -> None:
    assert RandomBot is sq_edu.engine.RandomBot is bots.RandomBot is sq_edu.bots.RandomBot
    assert RandomBot is random_bot.RandomBot is bots.BOTS["random"]
    bot = RandomBot(3)
    assert (RandomBot.name, RandomBot.uses_observation) == ("random", False)
    assert (bot.name, bot.uses_observation) == ("random", False)


def test_random_bot_is_compiled_with_the_engine() -> None:
    """Its `choose` runs once per decision of every random game on the API path."""
    said = STAMP.read_text().split() if STAMP.exists() else []
    if said[:1] == ["compiled"]:
        assert "random_bot" in said[1:]


def test_a_subclass_of_random_bot_plays_its_own_choice() -> None:
    class FirstMove(RandomBot):
        name = "first"

        def choose(self, obs: object, legal: list) -> object:  # type: ignore[override]
            self.asked += 1
            return legal[0]

    first = [FirstMove(1), FirstMove(2)]
    for bot in first:
        bot.asked = 0   # a subclass has attributes of its own, compiled base or not
    game = Game.new(2, seed=4)
    assert play_game(game, first)
    same, moves = Game.new(2, seed=4), 0   # the same game, each first legal move by hand
    while not same.is_over:
        same.play(same.legal_moves()[0])
        moves += 1
    assert game.to_dict() == same.to_dict()
    assert sum(bot.asked for bot in first) == moves and FirstMove.name == "first"


def test_the_plain_engine_needs_no_mypy_extensions() -> None:
    script = ("import sys\nsys.modules['mypy_extensions'] = None  # as on the static site\n"
              "from sq_edu.engine import Game, RandomBot, random_bot\n"
              "print(random_bot.__file__.endswith('.py'))\n"
              "game, bot = Game.new(2, seed=1), RandomBot(1)\n"
              "while not game.is_over:\n"
              "    game.play(bot.choose(None, game.legal_moves()), seat=game.current_player)\n"
              "print(game.winners)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=True,
                          env={**os.environ, "SQ_EDU_PLAIN_ENGINE": "1"})
    lines = done.stdout.splitlines()
    assert lines[0] == "True" and lines[1].startswith("(")
