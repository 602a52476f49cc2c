"""Which sets of cards may be thrown away as an exchange (RULES.md 3.5).

The engine's own small equation finder (the engine must not import `sq_edu.maths`): every
distinct multiset of a hand's number cards that is a pair or a true addition equation.
Results are cached per hand, since a game sees the same few hundred hands again and again.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import product

from .moves import JESTER_C, JESTER_MOVE, KING_C, KNIGHT_C, POTION_C, TOKEN, Move, make_move


def shuffle(rng: random.Random, cards: list) -> None:
    """Shuffle in place, uniformly (sorting by independent random keys), several times faster
    than `random.shuffle`, which matters when a lesson simulates thousands of games."""
    rand = rng.random
    cards.sort(key=lambda _card: rand())  # keys are drawn in list order: deterministic


def is_equation(numbers: tuple[int, ...]) -> bool:
    """>= 3 numbers, one of them (the largest) equal to the sum of all the others."""
    return len(numbers) >= 3 and 2 * max(numbers) == sum(numbers)


@cache
def equations(numbers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct sub-multiset of `numbers` (sorted codes) that is an equation, longest
    first, then in ascending order."""
    counts = sorted(Counter(numbers).items())
    found = []
    for choice in product(*(range(k + 1) for _, k in counts)):
        if sum(choice) < 3:
            continue
        picked = tuple(v for (v, _), k in zip(counts, choice, strict=True) for _ in range(k))
        if 2 * picked[-1] == sum(picked):
            found.append(picked)
    found.sort(key=lambda p: (-len(p), p))
    return tuple(found)


SINGLES: dict[int, Move] = {c: make_move("discard", (TOKEN[c],)) for c in range(1, 17)}


@cache
def number_discards(numbers: tuple[int, ...], with_equations: bool) -> tuple[Move, ...]:
    """Pairs, then equations (longest first), from sorted number codes."""
    moves = [make_move("discard", (c, c)) for c in sorted(set(numbers)) if numbers.count(c) >= 2]
    if with_equations:
        moves += [make_move("discard", eq) for eq in equations(numbers)]
    return tuple(moves)


@cache
def discard_moves(hand: tuple[int, ...], with_equations: bool) -> tuple[Move, ...]:
    """Discard moves for a sorted hand of codes: singles, then pairs, then equations."""
    singles = [SINGLES[c] for c in sorted(set(hand))]
    numbers = tuple(c for c in hand if c <= 10)
    return (*singles, *number_discards(numbers, with_equations))


@cache
def hand_moves(hand: tuple[int, ...], with_equations: bool
               ) -> tuple[bool, bool, bool, tuple[Move, ...]]:
    """What a sorted hand allows: (king?, knight?, potion?, the moves that depend on nothing
    but the hand: the jester and the discards)."""
    base = discard_moves(hand, with_equations)
    if JESTER_C in hand:
        base = (JESTER_MOVE, *base)
    return (KING_C in hand, KNIGHT_C in hand, POTION_C in hand, base)
