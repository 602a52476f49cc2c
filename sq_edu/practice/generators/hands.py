"""Dealing practice hands: a planted discard plus random cards from the rest of the deck.

Planting first (rather than dealing until something fits) keeps every generator fast and
certain to produce a question with an answer, while the other cards still come from a real
67-card deck, so a hand never holds a fifth 7.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache

from sq_edu.engine.cards import PLAY_DECK, Card, is_number, sort_key


@lru_cache(maxsize=64)
def equation_sets(min_addends: int, max_addends: int,
                  max_total: int) -> tuple[tuple[int, ...], ...]:
    """Every card multiset `a1 + ... + ak = b` (ascending, total last) the deck can hold."""
    found: list[tuple[int, ...]] = []

    def extend(addends: list[int], smallest: int, total: int) -> None:
        rest = total - sum(addends)
        if min_addends <= len(addends) and rest == 0:
            cards = (*addends, total)
            if all(Counter(cards)[c] <= PLAY_DECK[c] for c in cards):
                found.append(cards)
            return
        if len(addends) >= max_addends:
            return
        for n in range(smallest, rest + 1):
            extend([*addends, n], n, total)

    for total in range(2, max_total + 1):
        extend([], 1, total)
    return tuple(found)


def deal_hand(rng: random.Random, size: int, planted: Iterable[Card] = (),
              power_cards: bool = True) -> tuple[Card, ...]:
    """`planted` plus random cards from what is left of the deck, in hand order."""
    hand = list(planted)
    left = Counter(PLAY_DECK)
    left.subtract(Counter(hand))
    pool = [c for c in sorted(left, key=sort_key) for _ in range(left[c])
            if power_cards or is_number(c)]
    rng.shuffle(pool)
    hand.extend(pool[: max(0, size - len(hand))])
    return tuple(sorted(hand, key=sort_key))
