"""The table messages: an observation survives JSON whole; a move is rebuilt only from the
exact types a move has."""

from __future__ import annotations

import json

import pytest

from sq_edu.engine import Game, Move
from sq_edu.pages.tables.wire import (
    WireError,
    move_from_wire,
    move_to_wire,
    obs_from_wire,
    obs_to_wire,
)


@pytest.mark.parametrize("rules", ["official", "kids"])
def test_an_observation_travels_whole(rules: str) -> None:
    game = Game.new(players=3, seed=5, rules=rules)
    for _ in range(40):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
        for seat in range(3):
            obs = game.observe(seat)
            assert obs_from_wire(json.loads(json.dumps(obs_to_wire(obs)))) == obs


def test_every_legal_move_travels_whole() -> None:
    game = Game.new(players=4, seed=9)
    for _ in range(60):
        if game.is_over:
            break
        for move in game.legal_moves():
            assert move_from_wire(json.loads(json.dumps(move_to_wire(move)))) == move
        game.play(game.legal_moves()[-1])


@pytest.mark.parametrize("bad", [
    {"kind": "discard", "cards": [True]}, {"kind": "discard", "cards": "77"},
    {"kind": "wake", "slot": 12}, {"kind": "wake", "slot": 1.0}, {"kind": "steal", "target": 5},
    {"kind": "discard", "cards": [11]}, {"kind": "discard", "cards": ["joker"]},
])
def test_a_move_of_wrong_types_is_refused(bad: dict) -> None:
    with pytest.raises(WireError):
        move_from_wire(bad)


def test_a_plain_move_needs_no_extras() -> None:
    assert move_from_wire({"kind": "allow"}) == Move("allow")


def test_a_table_code_is_read_as_a_child_types_it() -> None:
    """The lobby shows "D P A E E X"; typed so, it used to be "no table with this code"."""
    from sq_edu.pages.tables.wire import table_code

    for typed in ("D P A E E X", " dpaeex ", "d p a-e e x", "DPA\u00a0EEX", "DРAЕЕХ"):
        assert table_code(typed) == "DPAEEX", typed
    assert table_code(None) == "" and table_code("x" * 200) == ""
