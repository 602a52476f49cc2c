"""Equation discards: pairs, sums, fact families, the best discard, missing cards.

Every answer list comes from `sq_edu.maths.find_discards` / `best_discards`, so the lesson can
never disagree with the game about what a hand may discard.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from sq_edu.engine.cards import is_number

from ..exercise import CARDS, EQUATION, NUMBER, Exercise, sorted_cards, traps
from ..messages import Cards, Plain, msg
from .hands import deal_hand, equation_sets
from .registry import Base, Param, generator

_HAND = Param(int, 5, low=3, high=10)
_POWER = Param(bool, True)
_TOTAL = Param(int, 10, low=3, high=10)


def _plus(numbers: object) -> Plain:
    return Plain(" + ".join(map(str, numbers)))  # type: ignore[call-overload]


@generator("equations.pair", hand_size=_HAND, power_cards=_POWER)
def pair(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Find a pair: two equal number cards."""
    from sq_edu.maths import find_discards

    # The pair is never the smallest nor the biggest two cards (a guess in order misses it):
    # two neighbours below it, one bigger card above it.
    n = rng.randint(3, 9)
    near = rng.randint(1, n - 2)
    planted: list[int | str] = [near, near + 1, n, n, rng.randint(n + 1, 10)]
    if p["power_cards"]:                        # and two equal power cards (not a pair)
        planted += [rng.choice(("king", "knight", "potion", "jester"))] * 2
    hand = deal_hand(rng, max(p["hand_size"], len(planted)), planted, p["power_cards"])
    answers = tuple(d.cards for d in find_discards(hand) if d.kind == "pair")
    powers = [c for c in set(hand) if not is_number(c) and hand.count(c) >= 2]
    return base.make(kind=CARDS, prompt=msg("lessons.eq_pair_prompt"), answers=answers, hand=hand,
                     traps=traps(answers,
                                 (sorted_cards((powers[0],) * 2) if powers else None,
                                  msg("mistakes.pair_power", card=Cards(tuple(powers[:1])))),
                                 ((near, near + 1), msg("mistakes.pair_near", a=near,
                                                        b=near + 1))),
                     hints=(msg("lessons.eq_pair_nudge"), msg("lessons.eq_pair_strategy")),
                     worked=(msg("lessons.eq_pair_worked_sort"),
                             msg("lessons.eq_pair_worked_same", n=answers[0][0])),
                     extra={"discard": "pair"})


@generator("equations.sum", hand_size=_HAND, power_cards=_POWER, max_total=_TOTAL,
           min_addends=Param(int, 2, low=2, high=5), max_addends=Param(int, 2, low=2, high=5),
           answer=Param(str, "cards", choices=(CARDS, EQUATION)),
           most_guessable=Param(float, 1.0))
def sums(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Find (select or type) an addition equation with a given number of addends.

    `most_guessable` < 1 deals again (up to GUESS_TRIES times) a hand where number cards
    picked at random, as many as asked, are right more often than that, or where the smallest
    number cards are a right answer: with three or four addends a hand of a few number cards
    (or one holding several equations) is otherwise answered by luck."""
    low, high = p["min_addends"], max(p["min_addends"], p["max_addends"])
    for _ in range(GUESS_TRIES if p["most_guessable"] < 1 else 1):
        planted, wrong, extra, hand, answers = _sum_hand(p, rng, low, high)
        if _pick_rate(hand, answers, low, high) <= p["most_guessable"]:
            break
    *parts, made = planted
    numbers = [int(c) for c in hand if is_number(c)]
    absent = next(((a, b) for a in sorted(set(numbers)) for b in sorted(set(numbers))
                   if a <= b and (a != b or numbers.count(a) > 1) and a + b <= 10
                   and a + b not in numbers), None)
    slips = traps(answers,
                  (sorted_cards(parts), msg("mistakes.sum_no_total", left=_plus(parts),
                                            total=made)),
                  (sorted_cards((*parts, wrong)) if extra else None,
                   msg("mistakes.sum_wrong_total", left=_plus(parts), total=made,
                       biggest=wrong)),
                  (sorted_cards((*absent, sum(absent))) if absent and p["answer"] == EQUATION
                   else None,
                   msg("mistakes.sum_not_in_hand", left=_plus(absent or ()),
                       total=sum(absent or ()))))
    key = "lessons.eq_sum_prompt" if low == high else "lessons.eq_sum_prompt_range"
    prompt = msg(key, n=low, low=low, high=high, total=p["max_total"])
    if p["answer"] == EQUATION:
        prompt = msg("lessons.eq_type_prompt", n=low)
    biggest = answers[0][-1]
    return base.make(kind=p["answer"], prompt=prompt, answers=answers, hand=hand,
                     hints=(msg("lessons.eq_sum_nudge"), msg("lessons.eq_sum_strategy")),
                     traps=slips,
                     worked=(msg("lessons.eq_sum_worked_total", total=biggest),
                             msg("lessons.eq_sum_worked_parts", total=biggest,
                                 parts=Plain(" + ".join(map(str, answers[0][:-1]))))),
                     extra={"discard": "sum", "addends": [low, high],
                            "max_total": p["max_total"]})


GUESS_TRIES = 40   # hands dealt for a sum that is hard to hit by picking cards at random


def _sum_hand(p: Mapping[str, Any], rng: random.Random, low: int, high: int
              ) -> tuple[tuple[int, ...], int, list[int], tuple[Any, ...], tuple[Any, ...]]:
    """A planted equation, a card next to its total, the dealt hand and its right answers."""
    from sq_edu.maths import find_discards

    planted = rng.choice(equation_sets(low, high, p["max_total"]))
    *parts, made = planted
    wrong = made + rng.choice((-1, 1)) if made < 10 else made - 1   # a card next to the total
    extra = [wrong] if wrong not in parts else []
    hand = deal_hand(rng, max(p["hand_size"], len(planted) + 2), [*planted, *extra],
                     p["power_cards"])
    answers = tuple(d.cards for d in find_discards(hand) if d.kind == "equation"
                    and low <= d.size - 1 <= high and d.total <= p["max_total"])
    return planted, wrong, extra, hand, answers


def _pick_rate(hand: tuple[Any, ...], answers: tuple[Any, ...], low: int, high: int) -> float:
    """How often number cards picked at random (each size asked alike) are a right answer;
    1 when the smallest number cards are one (the first guess of a child in a hurry)."""
    numbers = sorted(int(c) for c in hand if is_number(c))
    right = {tuple(sorted(int(c) for c in a)) for a in answers}
    rates = []
    for size in range(low + 1, high + 2):
        if tuple(numbers[:size]) in right:
            return 1.0
        picks = list(combinations(numbers, size))
        if picks:
            rates.append(sum(pick in right for pick in picks) / len(picks))
    return sum(rates) / len(rates) if rates else 0.0


@generator("equations.fact_family", max_total=_TOTAL,
           addends=Param(int, 2, low=2, high=4))
def fact_family(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """The same discard read as subtraction: 3 + 5 = 8, so 8 - 5 = ?

    Every answer is asked as often as the others: drawn from the discards, "2" was the
    answer of 27% of items and a good constant guess (the stored rate 0.29)."""
    by_answer = _subtractions(p["addends"], p["max_total"])
    right = base.answer_rng().choice(sorted(by_answer))
    cards, discard, form = rng.choice(by_answer[right])
    question = form.rsplit("=", 1)[0]
    total, *parts = (int(x) for x in question.split("\u2212"))
    taken = sum(parts)
    return base.make(kind=NUMBER, answers=(right,), hand=tuple(cards),
                     prompt=msg("lessons.eq_family_prompt", equation=Plain(discard.equation),
                                question=Plain(question.strip() + " = ?")),
                     hints=(msg("lessons.eq_family_nudge"),
                            msg("lessons.eq_family_strategy", equation=Plain(discard.equation))),
                     traps=traps((right,),
                                 (total + taken, msg("lessons.eq_trap_added", total=total,
                                                     taken=taken)),
                                 (total, msg("lessons.eq_trap_start", total=total)),
                                 (taken, msg("lessons.eq_trap_taken", taken=taken))),
                     worked=(msg("lessons.eq_family_worked_same",
                                 equation=Plain(discard.equation)),
                             msg("lessons.eq_family_worked_read", total=total, taken=taken,
                                 answer=right)),
                     guess=1 / 9,
                     extra={"equation": discard.equation, "subtraction": form.strip()})


_Subtraction = tuple[tuple[int, ...], Any, str]   # the cards, their discard, "8 − 5 = 3"


@functools.cache
def _subtractions(addends: int, max_total: int) -> dict[int, list[_Subtraction]]:
    """Every subtraction a discard reads as ("8 − 5 = 3"), by its answer."""
    from sq_edu.maths.discards import make_discard

    found: dict[int, list[_Subtraction]] = {}
    for cards in equation_sets(addends, addends, max_total):
        discard = make_discard(cards)
        if discard is None:
            raise ValueError(f"{cards} is no discard")  # equation_sets gives only true ones
        for form in discard.subtractions:
            found.setdefault(int(form.rsplit("=", 1)[1]), []).append((cards, discard, form))
    return found


@generator("equations.best", hand_size=Param(int, 7, low=5, high=10), power_cards=_POWER)
def best(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """From a bigger hand, the discard that sheds the most cards."""
    from sq_edu.maths import best_discards

    # A long equation with a shorter one inside it (1 + 2 + 3 = 6 holds 1 + 2 = 3), and a
    # pair: stopping at the first discard found, or taking the pair, sheds fewer cards.
    nested = [c for c in equation_sets(3, 3, 10) if c[0] + c[1] in c[2:3]]
    planted = list(rng.choice(nested))
    twin = rng.choice([n for n in range(1, 11) if n not in planted])
    hand = deal_hand(rng, max(p["hand_size"], len(planted) + 2), [*planted, twin, twin],
                     p["power_cards"])
    answers = tuple(d.cards for d in best_discards(hand))
    inner = sorted_cards(planted[:3])
    return base.make(kind=CARDS, prompt=msg("lessons.eq_best_prompt"), answers=answers,
                     traps=traps(answers,
                                 (inner, msg("mistakes.best_first_found", n=3,
                                             best=len(answers[0]))),
                                 ((twin, twin), msg("mistakes.best_pair", best=len(answers[0])))),
                     hand=hand, hints=(msg("lessons.eq_best_nudge"),
                                       msg("lessons.eq_best_strategy")),
                     worked=(msg("lessons.eq_best_worked_list"),
                             msg("lessons.eq_best_worked_most", n=len(answers[0]))))


@generator("equations.missing", max_total=_TOTAL, addends=Param(int, 2, low=2, high=4),
           hand_size=_HAND)
def missing(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """A missing-card puzzle, 3 + ? = 8: which card of the hand completes the discard?"""
    from sq_edu.maths import check_equation

    cards = list(rng.choice(equation_sets(p["addends"], p["addends"], p["max_total"])))
    *addends, total = cards
    gap = rng.randrange(len(addends))
    shown = [str(a) for a in addends]
    shown[gap] = "?"
    puzzle = " + ".join(shown) + f" = {total}"
    known = [a for i, a in enumerate(addends) if i != gap]
    hand = deal_hand(rng, p["hand_size"], (addends[gap],), power_cards=True)
    # Every card of the hand that makes the puzzle true (checked by the maths layer).
    answers = tuple(sorted({c for c in hand if is_number(c) and check_equation(
        " + ".join(str(x) for x in [*known, c]) + f" = {total}").ok}))
    return base.make(kind=NUMBER, answers=answers, hand=hand,
                     prompt=msg("lessons.eq_missing_prompt", puzzle=Plain(puzzle)),
                     hints=(msg("lessons.eq_missing_nudge"),
                            msg("lessons.eq_missing_strategy" if len(known) > 1 else
                                "lessons.eq_missing_strategy_one", total=total,
                                known=Plain(" + ".join(map(str, known))), sum=sum(known))),
                     traps=traps(answers,
                                 (total + sum(known), msg("lessons.eq_trap_added_missing",
                                                          total=total, known=sum(known))),
                                 (total, msg("lessons.eq_trap_total", total=total)),
                                 (sum(known), msg("lessons.eq_trap_known", known=sum(known)))),
                     worked=(msg("lessons.eq_missing_worked_take", total=total,
                                 known=sum(known), gap=total - sum(known)),
                             msg("lessons.eq_missing_worked_check",
                                 puzzle=Plain(puzzle.replace("?", str(total - sum(known)))))),
                     guess=1 / 9,
                     extra={"puzzle": puzzle})
