"""Which sets of cards may be thrown away as an exchange (docs/rules.md 3.5).

The engine's own small equation finder (the engine must not import `sq_edu.maths`): every
distinct multiset of a hand's number cards that is a pair or a true addition equation.
Results are cached by the hand's number cards and by its power cards separately, so a fresh
process (a lesson's first simulation) fills the caches quickly too.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from .moves import JESTER_C, JESTER_MOVE, KING_C, KNIGHT_C, POTION_C, TOKEN, Move, make_move


@cache
def equations(numbers: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct sub-multiset of `numbers` (sorted) that is an equation, longest first,
    then in ascending order."""
    found: dict[tuple[int, ...], None] = {}
    for size in range(len(numbers), 2, -1):
        for picked in combinations(numbers, size):  # sorted input: sorted, largest last
            if 2 * picked[-1] == sum(picked):
                found[picked] = None
    return tuple(sorted(found, key=lambda p: (-len(p), p)))


SINGLES: dict[int, Move] = {c: make_move("discard", (TOKEN[c],)) for c in range(1, 17)}


@cache
def _number_moves(numbers: tuple[int, ...], with_equations: bool
                  ) -> tuple[tuple[Move, ...], tuple[Move, ...]]:
    """(singles, pairs + equations) for sorted number codes."""
    kinds = sorted(set(numbers))
    multi = [make_move("discard", (c, c)) for c in kinds if numbers.count(c) >= 2]
    if with_equations:
        multi += [make_move("discard", eq) for eq in equations(numbers)]
    return tuple(SINGLES[c] for c in kinds), tuple(multi)


@cache
def _power_moves(powers: tuple[int, ...]
                 ) -> tuple[bool, bool, bool, tuple[Any, ...], tuple[Any, ...]]:
    """(king?, knight?, potion?, the jester move if any, single discards) for power codes."""
    jester = (JESTER_MOVE,) if JESTER_C in powers else ()
    return (KING_C in powers, KNIGHT_C in powers, POTION_C in powers, jester,
            tuple(SINGLES[c] for c in sorted(set(powers))))


HandMoves = tuple[bool, bool, bool, tuple[Move, ...]]


def hand_moves(hand: tuple[int, ...], with_equations: bool) -> HandMoves:
    """What a sorted hand allows: (king?, knight?, potion?, the moves that depend on nothing
    but the hand: the jester, then single discards, pairs and equations). Kept per hand by
    the caller (`legal.BY_HAND`)."""
    split = 0
    while split < len(hand) and hand[split] <= 10:
        split += 1
    singles, multi = _number_moves(hand[:split], with_equations)
    king, knight, potion, jester, power_singles = _power_moves(hand[split:])
    return king, knight, potion, (*jester, *singles, *power_singles, *multi)
