"""Both game engines keep the same promises, checked by one test each engine runs.

Sleeping Queens (`sq_edu.engine`) and Dungeon of Queens (`sq_edu.dungeon`) are driven through
the same duck-typed surface (`advance_bots` relies on it): seeded games replay exactly, an
observation shows a seat nothing of the other hands, a save round-trips through JSON and plays
on the same, every refused move is a `sq_edu.gamekit.IllegalMove`, and every move answers with
a `sq_edu.gamekit.Played`: its events, each a word of the engine's `EVENT_KINDS` and a seat.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from typing import Any

import pytest

from sq_edu.dungeon import DungeonGame, IllegalPlay
from sq_edu.dungeon.records import EVENT_KINDS as DUNGEON_EVENTS
from sq_edu.engine import Game
from sq_edu.engine.observation import EVENT_KINDS as QUEENS_EVENTS
from sq_edu.gamekit import IllegalMove, Played
from tests.engine.helpers import check_observation


def _dungeon_observation_keeps_hands_private(game: DungeonGame, seat: int) -> None:
    """No card held in another hand appears anywhere in `seat`'s observation (Dungeon cards
    are unique, so any such card would be a leak)."""
    obs = game.observe(seat)
    assert obs.hand == game.hand(seat)
    others = {c for s in range(game.players) if s != seat for c in game.hand(s)}

    def flat(value: object) -> set[object]:
        if is_dataclass(value) and not isinstance(value, type):
            return set().union(*(flat(getattr(value, f.name)) for f in fields(value)))
        if isinstance(value, (tuple, list)):
            return set().union(*(flat(v) for v in value)) if value else set()
        return {value}

    assert not flat(obs) & others, "another seat's card is in the observation"


@dataclass(frozen=True)
class Engine:
    name: str
    new: Callable[[int], Any]                  # seed -> a fresh game
    load: Callable[[dict[str, Any]], Any]      # a save -> the game
    private: Callable[[Any, int], None]        # asserts the seat's observation leaks nothing
    event_kinds: tuple[str, ...]               # the words its events may say


ENGINES = [
    Engine("sleeping_queens", lambda seed: Game.new(players=2 + seed % 4, seed=seed,
                                                    rules=("official", "royal_court")[seed % 2]),
           Game.from_dict, check_observation, QUEENS_EVENTS),
    Engine("dungeon", lambda seed: DungeonGame.new(4 + seed % 2, seed=seed),
           DungeonGame.from_dict, _dungeon_observation_keeps_hands_private, DUNGEON_EVENTS),
]
SEEDS = range(6)


def _play_randomly(game: Any, rng: random.Random, moves: int) -> list[int]:
    """Up to `moves` random legal moves; the index chosen each time (to replay them)."""
    chosen = []
    while not game.is_over and len(chosen) < moves:
        legal = game.legal_moves()
        chosen.append(rng.randrange(len(legal)))
        game.play(legal[chosen[-1]], seat=game.current_player)
    return chosen


def _replay(game: Any, chosen: list[int]) -> Any:
    for index in chosen:
        game.play(game.legal_moves()[index])
    return game


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_game_replays_exactly(engine: Engine, seed: int) -> None:
    game = engine.new(seed)
    chosen = _play_randomly(game, random.Random(seed), 400)
    assert chosen, "the game offered no move"
    assert _replay(engine.new(seed), chosen).to_dict() == game.to_dict()


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_move_answers_with_the_events_it_caused(engine: Engine, seed: int) -> None:
    game, rng = engine.new(seed), random.Random(seed)
    seen: set[str] = set()
    while not game.is_over:
        legal = game.legal_moves()
        played = game.play(legal[rng.randrange(len(legal))], seat=game.current_player)
        assert isinstance(played, Played), f"{engine.name} answered a move with {type(played)}"
        assert played.events, "a move that changed nothing"
        assert played.events == tuple(played) and played == list(played.events)
        assert played.kinds == tuple(event.kind for event in played.events)
        assert set(played.kinds) <= set(engine.event_kinds), played.kinds
        assert all(e.seat is None or 0 <= e.seat < game.players for e in played.events)
        assert played + [played[0]] == [*played.events, played[0]]  # noqa: RUF005 - `+` tested
        seen.update(played.kinds)
    assert {"game_over"} <= seen, "the game ended without saying so"


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
@pytest.mark.parametrize("seed", SEEDS)
def test_no_observation_shows_another_hand(engine: Engine, seed: int) -> None:
    game, rng = engine.new(seed), random.Random(seed)
    while not game.is_over and _play_randomly(game, rng, 7):
        for seat in range(game.players):
            engine.private(game, seat)


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_save_round_trips_and_plays_on_the_same(engine: Engine, seed: int) -> None:
    game, rng = engine.new(seed), random.Random(seed)
    _play_randomly(game, rng, 5 + seed * 11)
    saved = json.loads(json.dumps(game.to_dict()))   # JSON-safe, not just a dict
    loaded = engine.load(saved)
    assert loaded.to_dict() == game.to_dict()
    assert loaded.observe(0) == game.observe(0)
    more = _play_randomly(game, rng, 30)
    assert _replay(loaded, more).to_dict() == game.to_dict()


@pytest.mark.parametrize("engine", ENGINES, ids=lambda e: e.name)
@pytest.mark.parametrize("seed", SEEDS)
def test_refused_moves_raise_the_one_exception(engine: Engine, seed: int) -> None:
    game, rng = engine.new(seed), random.Random(seed)
    _play_randomly(game, rng, 3 + seed)
    move, before = game.legal_moves()[0], game.to_dict()
    other = (game.current_player + 1) % game.players
    with pytest.raises(IllegalMove) as refused:          # a seat that is not to decide
        game.play(move, seat=other)
    assert isinstance(refused.value, ValueError)
    assert str(refused.value) and refused.value.text("ru") != refused.value.text("en")
    assert game.to_dict() == before, "a refused move changed the game"
    while not game.is_over:
        _play_randomly(game, rng, 50)
    with pytest.raises(IllegalMove):                     # anything once the game is over
        game.play(move)


def test_the_dungeon_name_for_the_exception_still_catches() -> None:
    game = DungeonGame.new(4, seed=1)
    with pytest.raises(IllegalPlay):
        game.play(game.legal_moves()[0], seat=(game.current_player + 1) % 4)
    assert issubclass(IllegalPlay, IllegalMove)
