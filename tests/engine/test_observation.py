"""What a seat may know (docs/rules.md section 5)."""

from __future__ import annotations

import random

from sq_edu.engine import HIDDEN, Game

from .helpers import check_observation, find, position

FIVE = [5, 6, 7, 8, 9]


def test_a_seat_sees_its_own_hand_and_only_the_size_of_others() -> None:
    g = Game.new(players=3, seed=2)
    obs = g.observe(1)
    assert obs.hand == g.hand(1) and obs.hand_sizes == (5, 5, 5)
    assert obs.slots == (HIDDEN,) * 12 and obs.draw_size == 52
    assert obs.sleeping == 12 and obs.opponents == (0, 2)
    check_observation(g, 1)


def test_draws_are_private_to_the_drawer() -> None:
    g = position([[1, 2, 3, 4, 10], FIVE], top=["king"])
    g.play(find(g, "discard", cards=(1, 2, 3)))
    mine = [e for e in g.observe(0).events if e.kind == "draw"]
    theirs = [e for e in g.observe(1).events if e.kind == "draw"]
    assert mine[-1].cards == ("king", 1, 1) and mine[-1].count == 3
    assert theirs[-1].cards == () and theirs[-1].count == 3


def test_woken_slots_become_empty_for_everyone_and_slept_queens_are_public() -> None:
    g = position([["king", "potion", 1, 2, 3], FIVE], awake=[[], ["heart"]],
                 top=[10, "king"])
    g.play(find(g, "wake", slot=4))
    assert g.observe(1).slots[4] is None
    g.play(find(g, "discard", cards=(5,)))
    g.play(find(g, "sleep", target=1, queen="heart"))
    g.play(find(g, "choose", slot=4))
    for seat in (0, 1):
        assert g.observe(seat).slots[4] == "heart"
        assert g.observe(seat).slots[3] == HIDDEN


def test_the_deciding_seat_is_public_but_a_block_question_only_the_defenders() -> None:
    """docs/rules.md 5: only the defender's own view knows it was asked (it holds a dragon)."""
    g = position([["knight", 1, 2, 3, 4], ["dragon", 5, 6, 7, 8]], awake=[[], ["moon"]])
    g.play(find(g, "steal", target=1, queen="moon"))
    obs = g.observe(0)
    assert obs.pending is None and obs.current_player == 1
    assert obs.known_in_hands[1] == ()
    assert obs.events[-1].kind == "play" and obs.events[-1].target == 1
    assert g.observe(1).pending == "block"


def test_observations_never_show_another_hand_in_random_games() -> None:
    for seed in range(20):
        g = Game.new(players=2 + seed % 4, seed=seed, rules="royal_court" if seed % 2 else
                     "official")
        rng = random.Random(seed)
        while not g.is_over:
            if rng.random() < 0.2:
                check_observation(g, rng.randrange(g.players))
            g.play(rng.choice(g.legal_moves()))
        check_observation(g, 0)


def test_observing_a_seat_that_is_not_there_is_an_error() -> None:
    g = Game.new(players=2)
    try:
        g.observe(2)
    except ValueError as err:
        assert "no seat 2" in str(err)
    else:
        raise AssertionError("observe(2) should fail in a 2-player game")
