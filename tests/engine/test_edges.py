"""The engine's edges: what it refuses at the door, what it keeps, what it shows."""

from __future__ import annotations

import pytest

from sq_edu.engine import Game, IllegalMove, Move
from sq_edu.engine import moves as moves_module

from .helpers import find, position

FIVE = [5, 6, 7, 8, 9]


@pytest.mark.parametrize("fields", [{"slot": True}, {"slot": 1.0}, {"slot": "1"},
                                    {"target": False}, {"target": 1.0}, {"queen": 3},
                                    {"kind": 1}, {"cards": "king"}])
def test_moves_refuse_fields_of_the_wrong_type(fields: dict) -> None:
    """`slot=True` or `slot=1.0` is not slot 1: refused when the move is made."""
    base = {"kind": "wake", "cards": ("king",)}
    with pytest.raises(IllegalMove, match=r"a move's \w+ cannot be"):
        Move(**{**base, **fields})


def test_refused_moves_are_not_kept() -> None:
    """A server taking moves from browsers must not grow without limit."""
    g = position([["king", 1, 2, 3, 4], FIVE])
    g.play(Move("discard", (1,)))  # warm up: the usual moves are interned by now
    before = len(moves_module._MOVES)
    for i in range(2000):
        with pytest.raises(IllegalMove):
            g.play(Move("steal", ("knight",), target=i + 7, queen=f"queen{i}"))
        with pytest.raises(IllegalMove):
            g.play(Move("discard", (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, i % 10 + 1)))
    assert len(moves_module._MOVES) == before


def test_hand_built_legal_moves_are_still_accepted() -> None:
    g = position([[2, 3, 5, 1, 1], FIVE])
    g.play(Move("discard", [5, "3", 2]))
    assert g.discard_pile[-3:] == (2, 3, 5)


def test_the_queen_on_her_way_to_a_slot_is_shown() -> None:
    """While the potion player picks the slot, the queen is in no slot and in no hand: the
    observation names her, so a UI shows 12 queens, not 11."""
    g = position([["potion", 1, 2, 3, 4], FIVE], awake=[[], ["moon"]])
    assert g.in_transit is None and g.observe(1).in_transit is None
    g.play(find(g, "sleep", target=1, queen="moon"))
    assert g.pending == "potion_slot" and g.in_transit == "moon"
    for seat in (0, 1):
        obs = g.observe(seat)
        assert obs.in_transit == "moon"
        queens = [q for q in obs.slots if q] + [q for a in obs.awake for q in a]
        assert len(queens) + 1 == 12
    g.play(find(g, "choose", slot=11))
    assert g.in_transit is None and g.observe(0).in_transit is None


def test_a_stolen_cat_waiting_to_go_back_is_shown() -> None:
    g = position([["knight", 1, 2, 3, 4], FIVE], awake=[["dog"], ["cat"]])
    g.play(find(g, "steal", target=1, queen="cat"))
    assert g.pending == "catdog_slot" and g.observe(1).in_transit == "cat"


def test_play_with_a_seat_refuses_another_seats_decision() -> None:
    g = position([["knight", 1, 2, 3, 4], ["dragon", 5, 6, 7, 8]], awake=[[], ["moon"]])
    steal = find(g, "steal", target=1, queen="moon")
    with pytest.raises(IllegalMove, match="it is not seat 1's decision now: seat 0 decides"):
        g.play(steal, seat=1)
    with pytest.raises(IllegalMove, match="not seat True's decision"):
        g.play(steal, seat=True)  # type: ignore[arg-type]
    assert g.turn == 1 and g.current_player == 0  # nothing changed
    g.play(steal, seat=0)
    with pytest.raises(IllegalMove) as refused:
        g.play(find(g, "allow"), seat=0)  # the defender decides now
    assert refused.value.text("ru") == ("сейчас решает не игрок на месте 0, а игрок на месте "
                                        "1")
    g.play(find(g, "allow"), seat=1)
    assert g.awake(0) == ("moon",)


def test_new_games_are_random_unless_seeded() -> None:
    """The public API (docs/architecture.md): `seed=None` (the default) is a fresh random deal."""
    deals = {(Game.new(2).hand(0), Game.new(2).slots) for _ in range(5)}
    assert len(deals) > 1
    assert Game.new(2, seed=5).to_dict() == Game.new(2, seed=5).to_dict()


def test_play_returns_the_events_it_caused_and_they_read_like_a_list() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE])
    events = g.play(find(g, "wake", slot=g.slots.index("moon")))
    assert [e.kind for e in events] == ["play", "wake", "draw", "turn"]
    assert len(events) == 4 and events[1].queen == g.awake(0)[0] and events[-1].seat == 1
    assert events == list(events) and list(g.events[-4:]) == events
    together = [] + events  # noqa: RUF005 - adding to a list must work as for a list
    assert [e.kind for e in together] == ["play", "wake", "draw", "turn"]


def test_a_saved_game_with_an_oversized_hand_is_refused() -> None:
    g = position([[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]])
    saved = g.to_dict()
    moved = saved["draw"][:2]
    saved["draw"] = saved["draw"][2:]
    saved["hands"][1] += moved
    with pytest.raises(ValueError, match="a hand of more than 5 cards"):
        Game.from_dict(saved)
