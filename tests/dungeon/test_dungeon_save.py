"""Saving and loading: JSON round trips mid-hand and mid-decision, clear errors on damage."""

from __future__ import annotations

import copy
import json
import random

import pytest

from sq_edu.dungeon import NEW_TRUMP, CorruptSave, DungeonGame, RandomBot, SensibleBot
from sq_edu.dungeon.game import play_out

from .helpers import play, scenario


def _midgame(seed: int = 9, moves: int = 70) -> DungeonGame:
    game = DungeonGame.new(4, seed=seed)
    bots = [SensibleBot(random.Random(seed + s)) for s in range(4)]
    for _ in range(moves):
        seat = game.current_player
        game.play(bots[seat].choose(game.observe(seat), game.legal_moves()))
    return game


def test_round_trip_through_json_then_both_copies_play_on_identically() -> None:
    game = _midgame()
    saved = json.loads(json.dumps(game.to_dict()))
    copy_ = DungeonGame.from_dict(saved)
    assert copy_.to_dict() == game.to_dict()
    for g in (game, copy_):
        play_out(g, [RandomBot(random.Random(7 + s)) for s in range(4)])
    assert copy_.scores == game.scores and copy_.winners == game.winners


def test_round_trip_while_a_new_trump_is_pending_and_after_the_game() -> None:
    game = scenario([["QH", "2C"], ["QS", "3C"], ["4H", "4C"], ["2H", "5C"]], "clubs",
                    dealer=3, leader=0, scores=[10, 20, 30, 40])
    play(game, "QH", "QS", "4H", "2H")
    assert game.pending == NEW_TRUMP
    assert DungeonGame.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == \
        game.to_dict()
    done = play_out(DungeonGame.new(4, seed=4), [RandomBot(random.Random(s)) for s in range(4)])
    again = DungeonGame.from_dict(json.loads(json.dumps(done.to_dict())))
    assert again.is_over and again.winners == done.winners


def _damage(d: dict, how: str) -> dict:
    d = copy.deepcopy(d)
    if how == "score":
        d["scores"][1] += 10
    elif how == "duplicate_card":
        d["hands"][0][0] = d["hands"][1][0]
    elif how == "lost_card":
        d["hands"][2].pop()
    elif how == "bad_card":
        d["hands"][0][0] = "ZZ"
    elif how == "trick_taker":
        d["tricks"][0]["taker"] = (d["tricks"][0]["taker"] + 1) % 4
    elif how == "trick_score":
        d["tricks"][0]["after"] += 25
    elif how == "seat":
        d["current_player"] = 9
    elif how == "players":
        d["players"] = 3
    elif how == "pending":
        d["pending"] = "dance"
    elif how == "format":
        d["format"] = "chess"
    elif how == "missing":
        del d["hands"]
    elif how == "bool_score":
        d["scores"][0] = True
    return d


@pytest.mark.parametrize("how", ["score", "duplicate_card", "lost_card", "bad_card",
                                 "trick_taker", "trick_score", "seat", "players", "pending",
                                 "format", "missing", "bool_score"])
def test_damaged_saves_are_refused_with_a_clear_error(how: str) -> None:
    saved = _midgame().to_dict()
    with pytest.raises(CorruptSave) as refused:
        DungeonGame.from_dict(_damage(saved, how))
    assert str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_not_a_dict_is_refused() -> None:
    with pytest.raises(CorruptSave):
        DungeonGame.from_dict([1, 2, 3])  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 4, 5, 8])
def test_saves_at_random_moments_load_back_exactly(players: int) -> None:
    for seed in range(15):
        rng = random.Random(seed)
        game = DungeonGame.new(players, seed=seed, first_dealer=seed % players)
        bots = [RandomBot(random.Random(seed + s)) for s in range(players)]
        for _ in range(rng.randrange(1, 400)):
            if game.is_over:
                break
            seat = game.current_player
            game.play(bots[seat].choose(game.observe(seat), game.legal_moves()))
        saved = json.loads(json.dumps(game.to_dict()))
        again = DungeonGame.from_dict(saved)
        assert again.to_dict() == saved
        assert again.legal_moves() == game.legal_moves()
        assert again.observe(0) == game.observe(0)


@pytest.mark.parametrize(("hands", "problem"), [
    ([["QH"], ["QH"], ["2C"], ["3C"]], "only once"),
    ([["QH", "2H"], ["QS"], ["2C"], ["3C"]], "same"),
    ([["QH"], ["QS"], ["2C"]], "hands"),
    ([["QH"], ["QS"], ["2C"], ["ZZ"]], "not a card"),
])
def test_a_scenario_that_cannot_happen_is_refused(hands, problem) -> None:
    with pytest.raises(ValueError, match=problem):
        DungeonGame.from_setup({"players": 4, "hands": hands, "trump": "clubs",
                                "tricks_taken": [12, 0, 0, 0]})


def test_a_copy_plays_on_like_a_deep_copy_and_leaves_the_game_alone() -> None:
    """`DungeonGame.copy` (lessons play a hand again from it) shares only frozen records."""
    game = _midgame(seed=4, moves=30)
    before = game.to_dict()
    deep, fast = copy.deepcopy(game), game.copy()
    for twin in (deep, fast):
        play_out(twin, [RandomBot(random.Random(s)) for s in range(4)], until_hand_end=True)
    assert fast.to_dict() == deep.to_dict() != before
    assert game.to_dict() == before
