"""The compiled engine (`make engine`, tools/compile_engine.py): the modules that run are the
ones the build says it made, none is older than the sources, and it plays exactly the games
of the plain-Python engine (the same seeds, the same saved games, to the last log entry)."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import sysconfig
from importlib.machinery import ExtensionFileLoader
from pathlib import Path

import pytest

from sq_edu.engine.build import stale

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "sq_edu" / "engine"
STAMP = ENGINE / ".build"   # what the last build did: "compiled <modules>" or "pure: why"
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"

# Whole games through the public API and `simulate`, for each preset; prints which engine ran
# and one line a game (its saved form, the RNG and the whole log included).
GAMES = """
import hashlib, json, sys
import sq_edu.engine.game
from sq_edu.engine import Game, RandomBot, simulate
print(sq_edu.engine.game.__file__)
for rules, players in (("official", 2), ("royal_court", 3), ("kids", 4), ("teams", 4)):
    for seed in range(3):
        game, bot = Game.new(players, seed=seed, rules=rules), RandomBot(seed)
        while not game.is_over and game.turn <= 1000:
            game.play(bot.choose(None, game.legal_moves()), seat=game.current_player)
        saved = json.dumps(game.to_dict(), sort_keys=True).encode()
        print(rules, seed, game.winners, hashlib.sha256(saved).hexdigest())
    for bots in ("random", "greedy"):
        print(rules, bots, simulate(20, players=players, bots=bots, seed=5, rules=rules))
"""


def build() -> str:
    return STAMP.read_text().strip() if STAMP.exists() else "pure: never built"


def test_the_modules_that_run_are_the_ones_the_build_made() -> None:
    said = build()
    if not said.startswith("compiled"):
        assert "failed" not in said, f"the engine compile failed: {said}"
        assert not list(ENGINE.glob(f"*{SUFFIX}")), f"compiled modules left after: {said}"
        return
    assert not stale(), "the compiled engine is older than its sources: run `make engine`"
    for name in said.split()[1:]:
        module = importlib.import_module(f"sq_edu.engine.{name}")
        # (the loader, not `__file__`: mypyc names a wrong folder there for most modules)
        assert isinstance(module.__loader__, ExtensionFileLoader), \
            f"{name} runs as plain Python: {module.__spec__}"


def test_without_a_compiler_the_build_says_so_and_stays_plain(tmp_path: Path) -> None:
    """Binder, a bare laptop: one line, exit 0, the stamp says why, no module compiled."""
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "compile_engine.py", tmp_path / "tools")
    shutil.copytree(ENGINE, tmp_path / "sq_edu" / "engine",
                    ignore=shutil.ignore_patterns(f"*{SUFFIX}", "__pycache__", ".build"))
    done = subprocess.run([sys.executable, "tools/compile_engine.py"], cwd=tmp_path, text=True,
                          capture_output=True, timeout=60,
                          env={**os.environ, "CC": "no-such-compiler"})
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.splitlines() == [
        "sq_edu: the engine runs as plain Python (no C compiler (no-such-compiler)): fine, "
        "games are slower."]
    assert (tmp_path / "sq_edu" / "engine" / ".build").read_text() == \
        "pure: no C compiler (no-such-compiler)\n"
    assert not list((tmp_path / "sq_edu").rglob(f"*{SUFFIX}"))


def play(cwd: Path, **env: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", GAMES], cwd=cwd, capture_output=True,
                          text=True, timeout=300, check=True,
                          env={**os.environ, "PYTHONPATH": str(cwd), **env})
    return [*done.stdout.splitlines(), *done.stderr.splitlines()]


def compiled_here() -> None:
    if not build().startswith("compiled") or stale():
        pytest.skip(f"the engine is not compiled here, or stale ({build()})")


def test_compiled_and_plain_engines_play_the_same_games() -> None:
    compiled_here()
    compiled_games = play(ROOT)
    plain_games = play(ROOT, SQ_EDU_PLAIN_ENGINE="1")   # the .py files of the same folder
    assert compiled_games[0].endswith(SUFFIX) and plain_games[0].endswith("game.py")
    assert len(compiled_games) == 21
    assert compiled_games[1:] == plain_games[1:]


def test_a_build_older_than_its_sources_runs_them_plain(tmp_path: Path) -> None:
    """After a `git pull` without `make`: the new rules, plain, and a warning that says so."""
    compiled_here()
    shutil.copytree(ROOT / "sq_edu", tmp_path / "sq_edu",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "sq_edu" / "engine" / "rules.py").touch()
    lines = play(tmp_path)
    assert lines[0] == str(tmp_path / "sq_edu" / "engine" / "game.py")
    assert lines[1:21] == play(ROOT)[1:21]
    assert any("older than their sources" in line and "make engine" in line
               for line in lines[21:])
