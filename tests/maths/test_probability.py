"""Exact chances against exhaustive enumeration of every deal of a small unseen pool."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from maths_helpers import deals, make_obs

from sq_edu.engine.cards import POWER_CARDS
from sq_edu.maths import jester_odds, p_at_least, p_draw, p_holds, unseen
from sq_edu.maths.probability import tokens_of, top_cards

POOL = ["dragon", "dragon", "king", 3, 7, 7]


def _obs(**kw):
    base = dict(hand=["knight", 1, 2, 2, 5], pool=POOL, draw_size=3, hand_sizes=(5, 1, 2))
    base.update(kw)
    return make_obs(**base)


def _chance(obs, pool, event) -> Fraction:
    outcomes = list(deals(obs, pool))
    return Fraction(sum(1 for pile, hands in outcomes if event(pile, hands)), len(outcomes))


def test_unseen_is_the_pool() -> None:
    obs = _obs()
    assert unseen(obs) == Counter(POOL)


@pytest.mark.parametrize("tokens", ["dragon", "king", 7, ("dragon", 3), "power", "number", 9])
def test_p_draw_matches_enumeration(tokens) -> None:
    obs = _obs()
    want = tokens_of(tokens)
    assert p_draw(obs, tokens) == _chance(obs, POOL, lambda pile, h: pile[0] in want)


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_p_at_least_matches_enumeration(draws: int) -> None:
    obs = _obs()
    for tokens in ("dragon", 7, "king"):
        want = tokens_of(tokens)
        exact = _chance(obs, POOL, lambda pile, h, w=want: any(c in w for c in pile[:draws]))
        assert p_at_least(obs, tokens, draws) == exact


@pytest.mark.parametrize("seat", [1, 2])
def test_p_holds_matches_enumeration(seat: int) -> None:
    obs = _obs()
    for tokens in ("dragon", "wand", ("king", 3)):
        want = tokens_of(tokens)
        exact = _chance(obs, POOL, lambda pile, hands, w=want: any(c in w for c in hands[seat]))
        assert p_holds(obs, seat, tokens) == exact
    assert p_holds(obs, 0, "knight") == 1 and p_holds(obs, 0, "dragon") == 0


def test_known_cards_in_a_hand_count_as_held_and_not_unseen() -> None:
    pool = ["dragon", "king", 3, 7, 7]
    obs = make_obs(["knight", 1, 2, 2, 5], pool, 3, (5, 1, 2), known={2: ["dragon"]})
    assert unseen(obs)["dragon"] == 1
    assert p_holds(obs, 2, "dragon") == 1
    exact = _chance(obs, pool, lambda pile, hands: "dragon" in hands[1])
    assert p_holds(obs, 1, "dragon") == exact == Fraction(1, 5)


def test_known_bottom_cards_are_located_and_drawn_last() -> None:
    pool = ["king", 3, 7, 7, 8]
    obs = make_obs([1, 2, 4, 5, 6], pool, 4, (5, 3), known_bottom=("dragon", "wand"),
                   rules="royal_court")
    assert unseen(obs) == Counter(pool)  # the bottom dragon and wand are located
    assert p_draw(obs, "king") == _chance(obs, pool, lambda pile, h: pile[0] == "king")
    assert p_at_least(obs, "wand", 2) == 0
    assert p_at_least(obs, "wand", 4) == 1
    assert p_at_least(obs, "dragon", 3) == 1
    # All that is left of the pile is the known bottom: the next card is certain.
    last = make_obs([1, 2, 4, 5, 6], [3, 7, 7], 2, (5, 3), known_bottom=("dragon", "wand"))
    assert p_draw(last, "dragon") == 1 and p_draw(last, "wand") == 0


def test_empty_draw_pile_means_the_discard_pile_is_shuffled_in() -> None:
    obs = make_obs([1, 2, 4, 5, 6], ["king", 3, 7], 0, (5, 3))
    discard = Counter(obs.discard_pile)
    assert p_draw(obs, "king") == Fraction(discard["king"], sum(discard.values()))
    assert p_at_least(obs, "king", 1) == p_draw(obs, "king")
    odds = jester_odds(obs)
    # The played jester joins the discard pile before the reshuffle.
    power = sum(discard[c] for c in POWER_CARDS) + 1
    assert odds["power"] == Fraction(power, sum(discard.values()) + 1)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_jester_odds_match_enumeration(players: int) -> None:
    sizes = (5,) + (1,) * (players - 1)
    pool = ["king", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10][: 3 + players - 1]
    hand = ["jester", "wand", "wand", "wand", "potion"]
    obs = make_obs(hand, pool, 3, sizes, seat=0)
    odds = jester_odds(obs)
    assert odds["power"] == _chance(obs, pool, lambda pile, h: pile[0] in POWER_CARDS)
    for s in range(players):
        def counted(pile, h, s=s):
            return isinstance(pile[0], int) and (pile[0] - 1) % players == s
        assert odds["wake"][s] == _chance(obs, pool, counted)
    assert odds["power"] + sum(odds["wake"].values()) == 1


def test_royal_court_peek_three_matches_enumeration() -> None:
    pool = ["king", 1, 2, 3, 4, 6]
    obs = make_obs(["jester", 5, 5, 9, 9], pool, 5, (5, 1), rules="royal_court")
    odds = jester_odds(obs)
    assert odds["power"] == _chance(obs, pool, lambda pile, h: "king" in pile[:3])
    for s in (0, 1):
        def reachable(pile, h, s=s):
            top = pile[:3]
            return "king" not in top and any((n - 1) % 2 == s for n in top)
        assert odds["wake"][s] == _chance(obs, pool, reachable)


def test_top_cards_sum_to_one_across_a_reshuffle() -> None:
    obs = make_obs([1, 2, 4, 5, 6], ["king", 3, 7, 8], 1, (5, 3))
    seqs = list(top_cards(obs, 3))
    assert sum(p for _, p in seqs) == 1
    assert all(len(s) == 3 for s, _ in seqs)


def test_p_at_least_past_the_end_of_the_pile_matches_the_sequence_walk() -> None:
    obs = make_obs([1, 2, 4, 5, 6], ["king", 3, 7, 8, 9], 2, (5, 3))
    for draws in (1, 2, 3, 4):
        for card in ("king", 3, "dragon"):
            walked = sum(p for seq, p in top_cards(obs, draws) if card in seq)
            assert p_at_least(obs, card, draws) == walked, (draws, card)


def test_chance_text_in_both_languages() -> None:
    from sq_edu.maths import chance_text
    assert chance_text(Fraction(3, 20)) == "3 out of 20"
    assert chance_text(Fraction(3, 20), "ru", out_of=40) == "6 из 40"
    assert chance_text(Fraction(1, 3), out_of=40) == "1 out of 3"


def test_bad_questions_get_clear_errors() -> None:
    obs = _obs()
    with pytest.raises(ValueError, match="no seat 7"):
        p_holds(obs, 7, "dragon")
    with pytest.raises(ValueError, match="not a card"):
        p_draw(obs, "queen")
    with pytest.raises(ValueError, match="from 1 to 10"):
        p_draw(obs, 11)


def test_counted_seat_and_round_are_where_counting_round_the_table_stops() -> None:
    """Count aloud, seat by seat from the jester's player (who says 1): the seat and the round
    the count stops in are what a child at the table sees."""
    from sq_edu.maths import counted_round, counted_seat

    for players in range(2, 6):
        for jester in range(players):
            for number in range(1, 11):
                seat, lap = jester, 1
                for _ in range(number - 1):
                    seat = (seat + 1) % players
                    lap += seat == jester
                assert (counted_seat(jester, number, players),
                        counted_round(number, players)) == (seat, lap)
