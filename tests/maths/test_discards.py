"""find_discards against an independent brute force: every sub-multiset, checked by the rule."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from sq_edu.maths import best_discards, find_discards, make_discard


def _valid(sub: tuple[int, ...]) -> bool:
    """The rule as written: a pair, or >= 3 cards where some card equals the sum of the rest."""
    if len(sub) == 2:
        return sub[0] == sub[1]
    return len(sub) >= 3 and any(sum(sub) - x == x for x in set(sub))


def _brute(hand: tuple[int, ...]) -> set[tuple[int, ...]]:
    counts = sorted(Counter(hand).items())
    found = set()
    for choice in product(*(range(k + 1) for _, k in counts)):
        sub = tuple(v for (v, _), k in zip(counts, choice, strict=True) for _ in range(k))
        if _valid(sub):
            found.add(sub)
    return found


def _all_hands_by_superset(max_size: int) -> dict[tuple[int, ...], set[tuple[int, ...]]]:
    """Expected discards of every hand up to `max_size` cards, built the other way round:
    each valid multiset (found by the rule) is added to every hand that contains it."""
    expected: dict[tuple[int, ...], set[tuple[int, ...]]] = {
        hand: set() for size in range(max_size + 1)
        for hand in combinations_with_replacement(range(1, 11), size)}
    valid = [sub for size in range(2, max_size + 1)
             for sub in combinations_with_replacement(range(1, 11), size) if _valid(sub)]
    for sub in valid:
        for extra in range(max_size - len(sub) + 1):
            for more in combinations_with_replacement(range(1, 11), extra):
                expected[tuple(sorted(sub + more))].add(sub)
    return expected


@pytest.mark.slow  # all 43758 hands; the quick loop has the random big hands below
def test_every_hand_up_to_eight_cards_matches_brute_force() -> None:
    expected = _all_hands_by_superset(8)
    assert len(expected) == 43758
    for hand, want in expected.items():
        cards = [d.cards for d in find_discards(hand)]
        assert len(cards) == len(set(cards)), hand
        assert set(cards) == want, hand


def test_random_big_hands_match_brute_force() -> None:
    rng = random.Random(4)
    for _ in range(300):
        hand = tuple(rng.randint(1, 10) for _ in range(rng.randint(9, 12)))
        assert {d.cards for d in find_discards(hand)} == _brute(hand)


def test_each_discard_reads_as_a_true_equation_with_its_fact_family() -> None:
    d = {x.cards: x for x in find_discards([2, 3, 5, 10, 1, 4])}
    five = d[(2, 3, 5)]
    assert (five.kind, five.equation, five.subtractions) == (
        "equation", "2 + 3 = 5", ("5 \u2212 3 = 2", "5 \u2212 2 = 3"))
    ten = d[(1, 2, 3, 4, 10)]
    assert ten.equation == "1 + 2 + 3 + 4 = 10"
    assert "10 \u2212 4 \u2212 3 \u2212 2 = 1" in ten.subtractions and len(ten.subtractions) == 4
    assert d[(2, 3, 5, 10)].subtractions[-1] == "10 \u2212 3 \u2212 2 = 5"


def test_power_cards_are_ignored_and_pairs_come_first() -> None:
    got = find_discards(["king", 4, "dragon", 4, 8])
    assert [(x.kind, x.cards) for x in got] == [("pair", (4, 4)), ("equation", (4, 4, 8))]
    assert got[0].equation == "4 = 4" and got[0].subtractions == ()


def test_kids_rules_list_pairs_only() -> None:
    assert [x.cards for x in find_discards([4, 4, 8, 1, 3], rules="kids")] == [(4, 4)]


def test_best_discards_shed_the_most_cards() -> None:
    best = best_discards([1, 2, 3, 4, 10, 5, 5])
    assert [b.cards for b in best] == [(1, 2, 3, 4, 10)]
    assert best_discards([1, 7, 9]) == []


def test_make_discard_refuses_non_discards() -> None:
    assert make_discard([2, 3, 6]) is None
    assert make_discard([4, 5]) is None
    assert make_discard(["king", "king"]) is None and make_discard([2, "king", 3]) is None
    assert make_discard([5, 2, 3]).equation == "2 + 3 = 5"


def test_every_equation_string_is_true() -> None:
    for d in find_discards([1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 9, 10]):
        left, right = d.equation.split(" = ")
        assert sum(int(x) for x in left.split(" + ")) == int(right)
        for sub in d.subtractions:
            lhs, answer = sub.split(" = ")
            first, *rest = (int(x) for x in lhs.split(" \u2212 "))
            assert first - sum(rest) == int(answer)
