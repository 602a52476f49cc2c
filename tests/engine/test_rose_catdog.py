"""The rose bonus and the cat/dog feud (docs/rules.md 3.1, 3.4 and "Cat and dog")."""

from __future__ import annotations

from .helpers import find, kinds, position

FIVE = [5, 6, 7, 8, 9]


def test_rose_woken_by_a_king_wakes_one_more() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE])
    g.play(find(g, "wake", slot=0))  # the rose
    assert g.pending == "rose" and g.current_player == 0
    assert 0 not in [m.slot for m in g.legal_moves()]
    g.play(find(g, "choose", slot=4))
    assert g.awake(0) == ("rose", "moon")
    assert g.current_player == 1 and len(g.hand(0)) == 5


def test_rose_woken_by_a_jester_count_gives_the_counted_seat_the_bonus() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE, [5, 6, 7, 8, 10]], top=[2])
    g.play(find(g, "jester"))
    assert g.current_player == 1 and g.pending == "jester_wake"
    g.play(find(g, "choose", slot=0))
    assert g.pending == "rose" and g.current_player == 1
    g.play(find(g, "choose", slot=11))
    assert g.awake(1) == ("rose", "heart")
    assert g.current_player == 1 and g.pending is None  # seat 1's own turn comes next anyway
    assert g.active_player == 1 and len(g.hand(0)) == 5


def test_rose_taken_by_a_knight_gives_no_bonus() -> None:
    g = position([["knight", 1, 2, 3, 4], FIVE], awake=[[], ["rose"]])
    g.play(find(g, "steal", target=1, queen="rose"))
    assert g.awake(0) == ("rose",)
    assert g.pending is None and g.current_player == 1


def test_rose_bonus_that_hits_the_cat_dog_rule_is_spent() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE], awake=[["cat"], []])
    dog = g.slots.index("dog")
    g.play(find(g, "wake", slot=0))
    events = g.play(find(g, "choose", slot=dog))
    assert kinds(events)[:2] == ["wake", "return"]
    assert g.slots[dog] == "dog" and g.awake(0) == ("cat", "rose")
    assert g.observe(1).slots[dog] == "dog"  # everyone saw her go back
    assert g.current_player == 1


def test_waking_the_dog_while_holding_the_cat_sends_her_back() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE], awake=[["cat"], []], top=[10])
    dog = g.slots.index("dog")
    events = g.play(find(g, "wake", slot=dog))
    assert kinds(events) == ["play", "wake", "return", "draw", "turn"]
    assert g.slots[dog] == "dog" and g.awake(0) == ("cat",)
    assert g.observe(1).slots[dog] == "dog"
    assert g.current_player == 1 and g.hand(0) == (1, 2, 3, 4, 10)


def test_stealing_the_cat_while_holding_the_dog_puts_her_in_a_slot_of_the_thiefs_choice() -> None:
    g = position([["knight", 1, 2, 3, 4], FIVE], awake=[["dog"], ["cat"]])
    empty = [i for i, q in enumerate(g.slots) if q is None]
    g.play(find(g, "steal", target=1, queen="cat"))
    assert g.awake(1) == () and g.awake(0) == ("dog",)
    assert g.pending == "catdog_slot" and g.current_player == 0
    assert [m.slot for m in g.legal_moves()] == empty
    events = g.play(find(g, "choose", slot=empty[-1]))
    assert kinds(events)[0] == "return" and events[0].queen == "cat"
    assert g.slots[empty[-1]] == "cat" and g.observe(1).slots[empty[-1]] == "cat"
    assert g.current_player == 1


def test_the_rose_that_wins_the_game_asks_for_no_bonus() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE],
                 awake=[["cake", "rainbow", "starfish", "moon"], []])
    g.play(find(g, "wake", slot=g.slots.index("rose")))
    assert g.is_over and g.winners == (0,) and g.pending is None
