"""How often a guess is right at a lesson level, sampled from the level's own generator.

A child who does not know the answer still guesses *within the answer's format*: number cards,
as many as the item asks for; an answer that items of this level often have ("10%" every time);
any option or seat. The level's guess rate is the best of those strategies on a sample of items,
judged by `check` itself, so it can never disagree with what the lesson accepts. It is stored
with the level (`guess` in lessons/*.toml, written by tools/guess_rates.py) and `generate` never
lets an item claim to be harder to guess than that: mastery then asks for as many right
answers as the level really needs.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import TYPE_CHECKING, Any

from sq_edu.practice.checking import check
from sq_edu.practice.exercise import CARDS, CHOICE, EQUATION, SEAT, Exercise, typed_form

if TYPE_CHECKING:
    from sq_edu.practice.lesson import Lesson

SAMPLE_SEED = 3 * 10**7   # items no deal uses
MAX_COMBOS = 400          # card picks judged per item (enough for hands of up to 10 cards)


def card_sizes(ex: Exercise) -> list[int]:
    """How many cards the item asks for: 2 for a pair, addends + 1 for a sum, else 2 to 4."""
    if ex.extra.get("discard") == "pair":
        return [2]
    if ex.extra.get("discard") == "sum":
        addends: Any = ex.extra["addends"]   # a pair of whole numbers in the item's data
        low, high = (int(x) for x in addends)
        return list(range(low + 1, high + 2))
    return [2, 3, 4]


def typed_cards(ex: Exercise, cards: tuple[int | str, ...]) -> object:
    """Picked cards as the learner hands them over (a selection, or a typed equation)."""
    if ex.kind == CARDS:
        return list(cards)
    *left, total = sorted(cards)
    return " + ".join(map(str, left)) + f" = {total}"


def card_pick_rate(ex: Exercise) -> float:
    """The chance that number cards picked at random, as many as asked, are a right answer."""
    numbers = [c for c in ex.hand if isinstance(c, int)]
    rates = []
    for size in card_sizes(ex):
        picks = list(combinations(numbers, size))[:MAX_COMBOS] if size <= len(numbers) else []
        if picks:
            rates.append(sum(check(ex, typed_cards(ex, p)).correct for p in picks) / len(picks))
    return sum(rates) / len(rates) if rates else 0.0


def _key(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def sampled_guess(lesson: Lesson, level: int, items: int = 100) -> float:
    """The best format-aware guessing strategy's rate of right answers at `level`."""
    from sq_edu.practice.generators import generate

    sample = [generate(lesson, level, SAMPLE_SEED + i) for i in range(items)]
    kind = sample[0].kind
    if kind in (CARDS, EQUATION):
        rates = [card_pick_rate(ex) for ex in sample]
        return max(sum(rates) / items, _constant_cards(sample))
    typed = [_key(typed_form(ex, ex.answers[0])) for ex in sample]
    common = [value for value, _ in Counter(typed).most_common(8)]
    constant = max(sum(_constant_right(ex, value) for ex in sample) / items for value in common)
    pool = typed[: min(items, 40)]
    picked = sum(sum(check(ex, value).correct for value in pool) / len(pool)
                 for ex in sample) / items
    uniform = 0.0
    if kind == CHOICE:
        uniform = sum(len(ex.answers) / len(ex.options) for ex in sample) / items
    elif kind == SEAT:
        uniform = sum(1 / len(ex.seats) for ex in sample) / items
    return max(constant, picked, uniform)


def _constant_right(ex: Exercise, value: object) -> float:
    """The same answer every time; where it is not offered (a queen not among the options),
    the child picks one of the options there are (each right as often as the others)."""
    if ex.kind == CHOICE and value not in {o.id for o in ex.options}:
        return len(ex.answers) / len(ex.options) if ex.options else 0.0
    if ex.kind == SEAT and value not in ex.seats:
        return 1 / len(ex.seats) if ex.seats else 0.0
    return float(check(ex, value).correct)


def _constant_cards(sample: list[Exercise]) -> float:
    """Always the smallest number cards, as many as asked."""
    right = 0
    for ex in sample:
        numbers = sorted(c for c in ex.hand if isinstance(c, int))
        size = card_sizes(ex)[0]
        right += size <= len(numbers) and check(ex, typed_cards(ex, tuple(numbers[:size]))).correct
    return right / len(sample)
