"""Seeded puzzle generators for discard lessons: pure functions of their arguments and seed.

Each puzzle carries its answer, so a lesson can check and explain without recomputing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sq_edu.engine.cards import NUMBERS, PLAY_DECK
from sq_edu.engine.rules import Rules

from .discards import find_discards

BLANK = "?"


@dataclass(frozen=True)
class MissingCard:
    """"8 + ? = 11": which card completes a true discard equation."""

    question: str            # with BLANK where the card goes
    answer: int
    equation: str            # the completed equation
    cards: tuple[int, ...]   # every card of the completed discard


@dataclass(frozen=True)
class LegalQuestion:
    """"Is 2 + 2 + 3 = 7 a legal discard?" with the answer and the reason key (maths.*)."""

    question: str
    answer: bool
    cards: tuple[int, ...]
    reason: str              # "ok" | "wrong_sum" | "too_few": why the answer is what it is


def _random_equation(rng: random.Random, max_addends: int = 3) -> tuple[list[int], int]:
    """Addends (2..max_addends of them, each 1..9) of a total 3..10, uniform over totals."""
    while True:
        total = rng.randint(3, 10)
        k = rng.randint(2, max_addends)
        if k > total:
            continue
        # A random composition of `total` into k positive parts.
        cuts = sorted(rng.sample(range(1, total), k - 1))
        parts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        return parts, total


def missing_card(seed: int, max_addends: int = 2) -> MissingCard:
    """A true equation `a + ... = b` with one card replaced by `?`; the answer is unique."""
    rng = random.Random(seed)
    parts, total = _random_equation(rng, max_addends)
    terms = [str(p) for p in parts] + [str(total)]
    hole = rng.randrange(len(terms))
    answer = int(terms[hole])
    terms[hole] = BLANK
    question = " + ".join(terms[:-1]) + f" = {terms[-1]}"
    return MissingCard(question, answer, " + ".join(map(str, parts)) + f" = {total}",
                       tuple(sorted([*parts, total])))


def legal_question(seed: int, max_addends: int = 3) -> LegalQuestion:
    """Half the time a legal discard, half the time a near miss (a sum off by one)."""
    rng = random.Random(seed)
    legal = rng.random() < 0.5
    while True:
        parts, total = _random_equation(rng, max_addends)
        # A plausible miss: one off, still a card, still bigger than every addend.
        misses = [c for c in (total - 1, total + 1) if max(parts) < c <= 10]
        if legal or misses:
            break
    claimed = total if legal else rng.choice(misses)
    cards = tuple(sorted([*parts, claimed]))
    return LegalQuestion(" + ".join(map(str, parts)) + f" = {claimed}", legal, cards,
                         "ok" if legal else "wrong_sum")


def hand_with_discards(k: int, seed: int, size: int = 5, rules: str | Rules = "official",
                       tries: int = 20000) -> tuple[int, ...]:
    """A hand of `size` number cards (as dealt from the 40 number cards) with exactly `k`
    discards (pairs and equations, as `find_discards` counts them).

    Raises ValueError when no such hand turns up in `tries` seeded deals (for example k=50 with
    five cards), so a lesson author learns at once that the request is impossible.
    """
    rng = random.Random(seed)
    deck = [n for n in NUMBERS for _ in range(PLAY_DECK[n])]
    for _ in range(tries):
        hand = tuple(sorted(rng.sample(deck, size)))
        if len(find_discards(hand, rules)) == k:
            return hand
    raise ValueError(f"no hand of {size} cards with exactly {k} discards found")

