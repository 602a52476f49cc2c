"""End of the game and the tie rules (docs/rules.md section 4)."""

from __future__ import annotations

import pytest

from .helpers import find, position

FIVE = [5, 6, 7, 8, 9]


def _king_hands(players: int, current: int) -> list[list]:
    pool = [v for v in (1, 2, 3, 4, 5, 6, 7, 8) for _ in range(4)]
    return [["king", 10, 10, 9, 9] if s == current else [pool.pop() for _ in range(5)]
            for s in range(players)]


@pytest.mark.parametrize(("players", "queens"), [(2, 5), (3, 5), (4, 4), (5, 4)])
def test_queen_count_threshold(players: int, queens: int) -> None:
    mine = ["cake", "rainbow", "starfish", "moon"][: queens - 1]
    g = position(_king_hands(players, 0), awake=[mine] + [[]] * (players - 1))
    g.play(find(g, "wake", slot=0))
    assert g.awake(0)[-1] == "rose"
    assert g.is_over and g.winners == (0,) and g.end_reason == "threshold"
    assert g.legal_moves() == [] and g.events[-1].kind == "game_over"
    assert g.events[-1].seats == (0,)


@pytest.mark.parametrize(("players", "mine", "wins"), [
    (2, ["heart", "pancake"], True),      # 35 + 15 = 50
    (2, ["heart", "moon"], False),        # 45
    (4, ["heart", "cake"], True),         # 25 + 15 = 40
    (4, ["peacock", "cake"], False),      # 30
])
def test_points_threshold(players: int, mine: list[str], wins: bool) -> None:
    g = position(_king_hands(players, 0), awake=[mine] + [[]] * (players - 1))
    g.play(find(g, "wake", slot=g.slots.index("dog")))
    assert g.points(0) == sum({"heart": 20, "pancake": 15, "moon": 10, "cake": 5,
                               "peacock": 10}[q] for q in mine) + 15
    assert g.is_over is wins
    if wins:
        assert g.winners == (0,) and g.end_reason == "threshold"


def _last_queen(awake: list[list[str]], last: str, current: int):
    slots = [None] * 12
    slots[3] = last
    g = position(_king_hands(len(awake), current), awake=awake, slots=slots, current=current)
    g.play(find(g, "wake", slot=3))
    assert g.is_over
    return g


def test_threshold_beats_an_emptied_centre_even_with_fewer_points() -> None:
    g = _last_queen([["cake", "rainbow", "starfish", "moon"], ["heart", "dog", "ladybug"],
                     ["pancake", "cat", "sunflower", "rose"]], "peacock", 0)
    assert g.points(0) == 35 < g.points(1)
    assert g.winners == (0,) and g.end_reason == "threshold"


def test_centre_empty_most_points_wins() -> None:
    g = _last_queen([["moon", "peacock"], ["heart", "cake", "rainbow"],
                     ["pancake", "cat", "rose"], ["dog", "ladybug", "starfish"]],
                    "sunflower", 0)
    assert [g.points(s) for s in range(4)] == [30, 30, 35, 30]
    assert g.winners == (2,) and g.end_reason == "centre_empty"


def test_centre_empty_points_tie_goes_to_more_queens() -> None:
    g = _last_queen([["heart", "pancake"], ["dog", "moon", "peacock"], ["cat", "ladybug"],
                     ["sunflower", "rose", "cake"], ["rainbow"]], "starfish", 4)
    assert g.points(0) == g.points(1) == 35
    assert g.winners == (1,) and g.end_reason == "centre_empty"


def test_centre_empty_full_tie_is_a_shared_win() -> None:
    g = _last_queen([["moon", "peacock"], ["heart", "cake", "rainbow"],
                     ["pancake", "cat", "rose"], ["dog", "ladybug", "sunflower"]],
                    "starfish", 0)
    assert [g.points(s) for s in range(4)] == [25, 30, 35, 35]
    assert g.winners == (2, 3) and g.end_reason == "centre_empty"
