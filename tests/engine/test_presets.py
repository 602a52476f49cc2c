"""Every difference of the named presets against `official` (docs/rules.md section 6)."""

from __future__ import annotations

import pytest

from sq_edu.engine import Game, IllegalMove, Move, Rules

from .helpers import find, position

FIVE = [5, 6, 7, 8, 9]


# ---- kids -------------------------------------------------------------------------------------
def test_kids_discards_are_singles_and_pairs_only() -> None:
    g = position([[2, 3, 5, 5, "king"], FIVE], rules="kids")
    sizes = {len(m.cards) for m in g.legal_moves() if m.kind == "discard"}
    assert sizes == {1, 2}
    with pytest.raises(IllegalMove, match="one card or a pair, not 3 cards"):
        g.play(Move("discard", (2, 3, 5)))


def test_kids_rose_gives_no_extra_queen() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE], rules="kids")
    g.play(find(g, "wake", slot=0))
    assert g.pending is None and g.current_player == 1


def test_kids_cat_and_dog_may_be_held_together() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE], awake=[["cat"], []], rules="kids")
    g.play(find(g, "wake", slot=g.slots.index("dog")))
    assert g.awake(0) == ("cat", "dog")


def test_kids_win_only_by_number_of_queens() -> None:
    g = position([["king", "king", 1, 2, 3], FIVE], awake=[["heart", "pancake", "cat"], []],
                 rules="kids", top=[4])
    g.play(find(g, "wake", slot=g.slots.index("dog")))  # 65 points, 4 queens
    assert not g.is_over and g.points(0) == 65
    g.play(find(g, "discard", cards=(5,)))
    g.play(find(g, "wake", slot=g.slots.index("moon")))
    assert g.is_over and g.winners == (0,) and g.end_reason == "threshold"


def test_kids_tie_on_queens_is_shared_when_the_centre_empties() -> None:
    slots = [None] * 12
    slots[0] = "starfish"
    g = position([["king", 1, 2, 3, 4], FIVE, [5, 6, 7, 8, 10], [1, 2, 3, 4, 6]],
                 awake=[["cake", "rainbow"], ["heart", "pancake", "dog"],
                        ["rose", "moon", "peacock"], ["ladybug", "sunflower", "cat"]],
                 slots=slots, rules="kids")
    g.play(find(g, "wake", slot=0))
    assert g.is_over and g.end_reason == "centre_empty"
    assert g.winners == (0, 1, 2, 3)  # 3 queens each: points do not count for kids


# ---- royal_court ------------------------------------------------------------------------------
def test_royal_court_cake_scores_five_more_with_the_rose() -> None:
    g = position([FIVE, [1, 2, 3, 4, 10]], awake=[["cake", "rose"], []],
                 rules="royal_court")
    assert g.points(0) == 15 and g.observe(1).points[0] == 15
    h = position([FIVE, [1, 2, 3, 4, 10]], awake=[["cake", "rose"], []])
    assert h.points(0) == 10


def test_royal_court_cake_bonus_can_win_the_game() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE], awake=[["heart", "pancake", "rose"], []],
                 rules="royal_court")
    g.play(find(g, "wake", slot=g.slots.index("cake")))
    assert g.points(0) == 50 and g.is_over and g.winners == (0,)
    h = position([["king", 1, 2, 3, 4], FIVE], awake=[["heart", "pancake", "rose"], []])
    h.play(find(h, "wake", slot=h.slots.index("cake")))
    assert h.points(0) == 45 and not h.is_over


def test_royal_court_jester_shows_three_keep_a_power_card() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE], top=[7, "king", 3, 10], rules="royal_court")
    events = g.play(find(g, "jester"))
    assert events[-1].kind == "jester_reveal" and events[-1].cards == (7, "king", 3)
    assert g.pending == "jester_pick" and g.current_player == 0
    assert g.observe(1).revealed == (7, "king", 3)
    assert [m.cards for m in g.legal_moves()] == [(3,), (7,), ("king",)]
    events = g.play(find(g, "choose", cards=("king",)))
    assert [e.kind for e in events] == ["jester_keep", "to_bottom", "turn"]
    assert events[1].cards == (7, 3)
    assert g.draw_pile[0] == 10 and g.draw_pile[-2:] == (7, 3)
    assert g.observe(1).known_bottom == (7, 3)
    assert g.hand(0) == (1, 2, 3, 4, "king") and g.current_player == 0  # another turn


def test_royal_court_jester_keep_a_number_counts_as_usual() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE, [5, 6, 7, 8, 10]], top=["wand", 2, 9],
                 rules="royal_court")
    g.play(find(g, "jester"))
    g.play(find(g, "choose", cards=(2,)))
    assert g.pending == "jester_wake" and g.current_player == 1
    assert g.observe(2).known_bottom == ("wand", 9)
    g.play(find(g, "choose", slot=11))
    assert g.awake(1) == ("heart",) and g.current_player == 1


def test_known_bottom_shrinks_as_the_pile_is_drawn_down() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE], top=["wand", 2, 9], rules="royal_court",
                 empty_draw=True)
    g.play(find(g, "jester"))
    g.play(find(g, "choose", cards=(2,)))
    g.play(find(g, "choose", slot=11))  # seat 1 was counted; seat 0 refills from the bottom
    assert g.hand(0) == (1, 2, 3, 4, "wand")
    assert g.observe(1).known_bottom == (9,) and g.draw_pile == (9,)


# ---- teams ------------------------------------------------------------------------------------
def _teams(hands_0: list, awake: list[list[str]]) -> Game:
    return position([hands_0, FIVE, [1, 2, 3, 4, 10], [5, 6, 7, 8, 10]], awake=awake,
                    rules="teams")


def test_teams_need_four_players() -> None:
    with pytest.raises(ValueError, match="exactly 4 players"):
        Game.new(players=3, rules="teams")
    assert Rules.preset("teams").partner(1, 4) == 3


def test_teams_partners_cannot_attack_each_other() -> None:
    g = _teams(["knight", "potion", 1, 2, 3], [[], ["cake"], ["moon"], []])
    targets = {m.target for m in g.legal_moves() if m.kind in ("steal", "sleep")}
    assert targets == {1}
    with pytest.raises(IllegalMove, match="seat 2 is your partner"):
        g.play(Move("steal", ("knight",), target=2, queen="moon"))


def test_teams_win_together_at_eight_pooled_queens() -> None:
    g = _teams(["king", 1, 2, 3, 4], [["cake", "rainbow", "starfish"], [],
                                      ["moon", "peacock", "ladybug", "rose"], []])
    assert not g.is_over  # seat 2 has 4 queens: not a win in teams
    g.play(find(g, "wake", slot=g.slots.index("sunflower")))
    assert g.is_over and g.winners == (0, 2) and g.end_reason == "threshold"


def test_teams_win_together_at_eighty_pooled_points() -> None:
    g = _teams(["king", 1, 2, 3, 4], [["heart", "pancake"], [], ["cat", "moon", "sunflower"],
                                      []])
    g.play(find(g, "wake", slot=g.slots.index("peacock")))
    assert g.points(0) + g.points(2) == 80
    assert g.is_over and g.winners == (0, 2)


def test_teams_centre_empty_compares_team_totals() -> None:
    slots = [None] * 12
    slots[5] = "starfish"
    g = position([["king", 1, 2, 3, 4], FIVE, [1, 2, 3, 4, 10], [5, 6, 7, 8, 10]],
                 awake=[["heart", "cake"], ["cat", "moon", "peacock"],
                        ["pancake", "rose", "rainbow"], ["dog", "ladybug", "sunflower"]],
                 slots=slots, rules="teams")
    g.play(find(g, "wake", slot=5))
    assert g.is_over and g.end_reason == "centre_empty"
    assert g.points(0) + g.points(2) == 55 and g.points(1) + g.points(3) == 70
    assert g.winners == (1, 3)


def test_royal_court_jester_reveal_can_straddle_a_reshuffle() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE], top=["wand"], rules="royal_court",
                 empty_draw=True)
    events = g.play(find(g, "jester"))
    assert [e.kind for e in events] == ["play", "reshuffle", "jester_reveal"]
    assert events[2].cards[0] == "wand" and len(events[2].cards) == 3
    assert g.pending == "jester_pick" and len(g.observe(1).revealed) == 3
