"""Which named misconception a wrong selection of cards shows, by its shape.

A generator plants one wrong answer per misconception (`Exercise.traps`), but a child who
makes the error may pick other cards of the same shape (any two neighbours, any addends without
their total); the check names the error all the same, and only the errors the level names.
"""

from __future__ import annotations

from typing import Any

from sq_edu.engine.cards import Card, is_number
from sq_edu.practice.exercise import Exercise
from sq_edu.practice.messages import Cards, Msg, Plain, msg


def _named(ex: Exercise) -> set[str]:
    return set(ex.misconceptions) | {why.key for _, why in ex.traps}


def card_slip(ex: Exercise, cards: tuple[Card, ...]) -> Msg | None:
    """The message of the named misconception these (wrong) cards show, else None."""
    planted = next((why.key for value, why in ex.traps if value == cards), None)
    if planted in _BY_KEY:   # the very cards the generator planted for that error
        return _BY_KEY[planted](ex, sorted(int(c) for c in cards if is_number(c)), cards)
    named = _named(ex)
    numbers = sorted(int(c) for c in cards if is_number(c))
    only_numbers = len(numbers) == len(cards)
    if "mistakes.pair_power" in named and len(cards) == 2 and not numbers \
            and cards[0] == cards[1]:
        return msg("mistakes.pair_power", card=Cards((cards[0],)))
    if "mistakes.pair_near" in named and only_numbers and len(numbers) == 2 \
            and numbers[1] - numbers[0] == 1:
        return msg("mistakes.pair_near", a=numbers[0], b=numbers[1])
    best = len(ex.answers[0]) if ex.answers else 0  # type: ignore[arg-type]
    if only_numbers and len(numbers) >= 2 and "mistakes.best_pair" in named \
            and len(numbers) == 2 and numbers[0] == numbers[1]:
        return msg("mistakes.best_pair", best=best)
    if only_numbers and len(numbers) >= 3 and "mistakes.best_first_found" in named \
            and sum(numbers[:-1]) == numbers[-1] and len(numbers) < best:
        return msg("mistakes.best_first_found", n=len(numbers), best=best)
    if not only_numbers or len(numbers) < 2:
        return None
    addends: Any = ex.extra.get("addends", (2, 2))   # a pair of whole numbers in the item's data
    low, high = (int(x) for x in addends)
    total = sum(numbers)
    rest = [int(c) for c in ex.hand if is_number(c)]
    for n in numbers:
        if n in rest:
            rest.remove(n)
    if "mistakes.sum_no_total" in named and low <= len(numbers) <= high \
            and not (len(numbers) >= 3 and sum(numbers[:-1]) == numbers[-1]) \
            and total in rest:
        return msg("mistakes.sum_no_total", left=Plain(" + ".join(map(str, numbers))),
                   total=total)
    *addends, biggest = numbers
    if "mistakes.sum_wrong_total" in named and len(numbers) >= 3 and sum(addends) != biggest:
        return msg("mistakes.sum_wrong_total", left=Plain(" + ".join(map(str, addends))),
                   total=sum(addends), biggest=biggest)
    return None


def _left(numbers: list[int]) -> Plain:
    return Plain(" + ".join(map(str, numbers)))


_BY_KEY = {
    "mistakes.sum_no_total": lambda ex, n, c: msg("mistakes.sum_no_total", left=_left(n),
                                                  total=sum(n)),
    "mistakes.sum_wrong_total": lambda ex, n, c: msg("mistakes.sum_wrong_total",
                                                     left=_left(n[:-1]), total=sum(n[:-1]),
                                                     biggest=n[-1]),
    "mistakes.pair_power": lambda ex, n, c: msg("mistakes.pair_power", card=Cards((c[0],))),
    "mistakes.best_first_found": lambda ex, n, c: msg("mistakes.best_first_found", n=len(n),
                                                      best=len(ex.answers[0])),
    "mistakes.best_pair": lambda ex, n, c: msg("mistakes.best_pair", best=len(ex.answers[0])),
}


def typed_slip(ex: Exercise, cards: tuple[int, ...], held: bool) -> Msg | None:
    """A typed equation: true but not from the hand, or one of the card shapes above."""
    numbers = sorted(cards)
    if not held and "mistakes.sum_not_in_hand" in _named(ex) and len(numbers) >= 3 \
            and sum(numbers[:-1]) == numbers[-1]:
        return msg("mistakes.sum_not_in_hand", total=numbers[-1],
                   left=Plain(" + ".join(map(str, numbers[:-1]))))
    return card_slip(ex, tuple(numbers)) if held else None


def choice_slip(ex: Exercise, chosen: object) -> Msg | None:
    """A wrong option or seat that a named misconception gives: its message."""
    return next((why for value, why in ex.traps if value == chosen), None)
