"""One scenario per action of docs/rules.md section 3 (and the blocks), built with from_setup."""

from __future__ import annotations

import pytest

from sq_edu.engine import IllegalMove

from .helpers import find, kinds, position

FIVE = [5, 6, 7, 8, 9]


def test_king_wakes_the_chosen_queen_then_refill_and_pass() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE], top=[10])
    events = g.play(find(g, "wake", slot=4))
    assert g.awake(0) == ("moon",)
    assert g.slots[4] is None
    assert g.hand(0) == (1, 2, 3, 4, 10)
    assert g.discard_pile[-1] == "king"
    assert kinds(events) == ["play", "wake", "draw", "turn"]
    assert g.current_player == 1 and g.turn == 2


def test_knight_steals_when_the_target_has_no_dragon_without_asking() -> None:
    g = position([["knight", 1, 2, 3, 4], FIVE], awake=[[], ["moon"]])
    g.play(find(g, "steal", target=1, queen="moon"))
    assert g.awake(0) == ("moon",) and g.awake(1) == ()
    assert g.pending is None and g.current_player == 1


def test_dragon_blocks_the_knight() -> None:
    g = position([["knight", 1, 2, 3, 4], ["dragon", 5, 6, 7, 8]], awake=[[], ["moon"]],
                 top=[9, 10])
    g.play(find(g, "steal", target=1, queen="moon"))
    assert g.pending == "block" and g.current_player == 1
    assert [m.kind for m in g.legal_moves()] == ["block", "allow"]
    events = g.play(find(g, "block"))
    assert g.awake(1) == ("moon",) and g.awake(0) == ()
    assert g.discard_pile[-2:] == ("knight", "dragon")
    assert g.hand(1) == (5, 6, 7, 8, 9)      # the defender refills first
    assert g.hand(0) == (1, 2, 3, 4, 10)     # then the knight's turn ends as normal
    assert kinds(events) == ["block", "draw", "draw", "turn"]
    assert g.current_player == 1 and g.pending is None


def test_dragon_holder_may_let_the_knight_through() -> None:
    g = position([["knight", 1, 2, 3, 4], ["dragon", 5, 6, 7, 8]], awake=[[], ["moon"]])
    g.play(find(g, "steal", target=1, queen="moon"))
    g.play(find(g, "allow"))
    assert g.awake(0) == ("moon",)
    assert "dragon" in g.hand(1)
    assert g.observe(0).known_in_hands[1] == ()  # asked in secret: nobody else learns it


def test_potion_puts_a_queen_to_sleep_in_the_slot_the_player_chooses() -> None:
    g = position([["potion", 1, 2, 3, 4], FIVE], awake=[[], ["moon"]])
    g.play(find(g, "sleep", target=1, queen="moon"))
    assert g.pending == "potion_slot" and g.current_player == 0
    assert [m.slot for m in g.legal_moves()] == [11]
    events = g.play(find(g, "choose", slot=11))
    assert g.slots[11] == "moon" and g.awake(1) == ()
    assert kinds(events)[0] == "sleep" and events[0].slot == 11
    assert g.observe(1).slots[11] == "moon" and g.observe(0).slots[11] == "moon"
    assert g.observe(1).slots[0] == "?"
    assert g.current_player == 1


def test_wand_blocks_the_potion() -> None:
    g = position([["potion", 1, 2, 3, 4], ["wand", 5, 6, 7, 8]], awake=[[], ["moon"]],
                 top=[9, 10])
    g.play(find(g, "sleep", target=1, queen="moon"))
    assert g.pending == "block" and g.current_player == 1
    g.play(find(g, "block", cards=("wand",)))
    assert g.awake(1) == ("moon",)
    assert g.discard_pile[-2:] == ("potion", "wand")
    assert g.hand(1) == (5, 6, 7, 8, 9)


def test_wand_holder_may_let_the_potion_through() -> None:
    g = position([["potion", 1, 2, 3, 4], ["wand", 5, 6, 7, 8]], awake=[[], ["moon"]])
    g.play(find(g, "sleep", target=1, queen="moon"))
    g.play(find(g, "allow"))
    assert g.pending == "potion_slot" and g.current_player == 0


def test_a_dragon_does_not_answer_a_potion() -> None:
    g = position([["potion", 1, 2, 3, 4], ["dragon", 5, 6, 7, 8]], awake=[[], ["moon"]])
    g.play(find(g, "sleep", target=1, queen="moon"))
    assert g.pending == "potion_slot"  # seat 1 was not asked


def test_attacks_need_an_opponent_with_an_awake_queen() -> None:
    g = position([["knight", "potion", 2, 3, 4], FIVE], awake=[["moon"], []])
    assert {m.kind for m in g.legal_moves()} == {"discard"}
    with pytest.raises(IllegalMove, match="a knight needs an opponent with an awake queen"):
        g.play(find_like("steal", target=1, queen="moon"))


def find_like(kind: str, **fields):
    from sq_edu.engine import Move
    card = {"steal": "knight", "sleep": "potion", "wake": "king"}.get(kind)
    return Move(kind, (card,) if card else (), **fields)


def test_jester_power_card_goes_to_hand_and_gives_another_turn() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE], top=["king", 10])
    events = g.play(find(g, "jester"))
    assert kinds(events) == ["play", "jester_reveal", "turn"]
    assert events[1].cards == ("king",)
    assert g.hand(0) == (1, 2, 3, 4, "king")
    assert g.current_player == 0 and g.turn == 2
    assert g.observe(1).known_in_hands[0] == ("king",)
    g.play(find(g, "wake", slot=4))
    assert g.hand(0) == (1, 2, 3, 4, 10)  # refill at the end of the extra turn
    assert g.observe(1).known_in_hands[0] == ()
    assert g.current_player == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 10])
def test_jester_number_counts_players_from_the_jester_player(players: int, n: int) -> None:
    current = 1
    pool = ["king"] * 8 + [v for v in (5, 6, 7, 8, 9, 10) if v != n for _ in range(4)]
    hands = [["jester", 1, 2, 3, 4] if i == current else [pool.pop() for _ in range(5)]
             for i in range(players)]
    g = position(hands, current=current, top=[n, "wand"])
    g.play(find(g, "jester"))
    counted = (current + n - 1) % players
    assert g.pending == "jester_wake" and g.current_player == counted
    assert g.discard_pile[-1] == n
    assert [m.slot for m in g.legal_moves()] == list(range(12))
    g.play(find(g, "choose", slot=11))
    assert g.awake(counted) == ("heart",)
    assert g.hand(current) == (1, 2, 3, 4, "wand")     # the jester player refilled
    assert g.current_player == (current + 1) % players  # play continues after the jester
    assert len(g.hand(counted)) == 5


def test_jester_count_landing_on_yourself_wraps_round() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE], top=[3])
    g.play(find(g, "jester"))  # 3 with two players: me, you, me
    assert g.current_player == 0 and g.pending == "jester_wake"


def test_jester_with_an_empty_draw_pile_reshuffles_the_discards_first() -> None:
    g = position([["jester", 1, 2, 3, 4], FIVE], empty_draw=True)
    discards = len(g.discard_pile)
    assert g.draw_pile == ()
    events = g.play(find(g, "jester"))
    assert kinds(events)[:3] == ["play", "reshuffle", "jester_reveal"]
    assert events[1].count == discards + 1  # the jester itself is shuffled in too


def test_refill_reshuffles_when_the_draw_pile_runs_out() -> None:
    g = position([[1, 1, 2, 3, 4], FIVE], top=[10], empty_draw=True)
    before = len(g.discard_pile)
    events = g.play(find(g, "discard", cards=(1, 1)))
    assert kinds(events) == ["discard", "draw", "reshuffle", "draw", "turn"]
    assert events[1].cards == (10,) and events[1].private
    assert events[2].count == before + 2
    assert len(g.hand(0)) == 5 and len(g.draw_pile) == before + 1


def test_discard_single_pair_and_equation() -> None:
    g = position([[2, 2, 3, 5, "knight"], FIVE])
    discards = {m.cards for m in g.legal_moves() if m.kind == "discard"}
    assert discards == {(2,), (3,), (5,), ("knight",), (2, 2), (2, 3, 5)}
    g.play(find(g, "discard", cards=(2, 3, 5)))
    assert g.discard_pile[-3:] == (2, 3, 5) and len(g.hand(0)) == 5


def test_long_equations_are_found_once_each() -> None:
    g = position([[1, 2, 3, 4, 10], FIVE])
    eqs = sorted(m.cards for m in g.legal_moves() if len(m.cards) >= 3)
    assert eqs == [(1, 2, 3), (1, 2, 3, 4, 10), (1, 3, 4)]


def test_bigger_hands_are_enumerated_too() -> None:
    """The engine's equation finder is not limited to five cards (a variant may deal more)."""
    from sq_edu.engine.discards import hand_moves
    eqs = {m.cards for m in hand_moves((1, 1, 2, 2, 3, 4, 4), True)[3] if len(m.cards) >= 3}
    assert (1, 1, 2, 4) in eqs and (1, 1, 2) in eqs and (1, 2, 2, 3) not in eqs
    assert (1, 1, 2, 4) in eqs and (2, 2, 4) in eqs and len(eqs) == len(set(eqs))
