"""Checking an answer and saying what it means ("3 + 5 makes 8").

`check(exercise, answer)` takes what a widget or a test hands over (selected cards, typed text, a
number, an option id, a seat) and never raises: anything it cannot read gets a friendly
`understood=False` feedback asking again, which does not count as a mistake.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from sq_edu.engine.cards import Card, is_number, parse_card
from sq_edu.i18n.format import Number, Percent, parse_decimal
from sq_edu.practice.exercise import (
    CARDS,
    CHOICE,
    EQUATION,
    FRACTION,
    NUMBER,
    PERCENT,
    SEAT,
    Exercise,
    as_fraction,
    sorted_cards,
)
from sq_edu.practice.messages import Cards, Msg, Plain, msg
from sq_edu.practice.slips import card_slip, choice_slip, typed_slip

MAX_TEXT = 60
_FRACTION = re.compile(r"^\s*(\d{1,4})\s*(?:/|out\s+of|из)\s*(\d{1,4})\s*$", re.IGNORECASE)
# Whole numbers, negative ones too (Dungeon of Queens scores): "-50", "−50" (U+2212), "– 50".
_WHOLE = re.compile(r"^\s*([-\u2212\u2013]?)\s*(\d{1,4})\s*$")


@dataclass(frozen=True)
class Judgement:
    """The outcome of one answer."""

    correct: bool
    understood: bool                 # False: we could not read it; not counted as a mistake
    message: Msg                     # "Yes!" / "Not quite" / "Type a whole number"
    interpretation: Msg | None = None  # what the answer means ("3 + 5 makes 8")
    answer: object = None            # the answer in canonical form
    misconception: str | None = None  # the key of the misconception this answer shows, if any

    def lines(self, lang: str = "en") -> list[str]:
        parts = [self.message.render(lang)]
        if self.interpretation is not None:
            parts.append(self.interpretation.render(lang))
        return parts


def _unclear(key: str, **params: object) -> Judgement:
    return Judgement(False, False, msg(key, **params))


def _verdict(correct: bool, answer: object, interpretation: Msg | None = None) -> Judgement:
    key = "practice.correct" if correct else "practice.not_quite"
    return Judgement(correct, True, msg(key), interpretation, answer)


def check(ex: Exercise, answer: object) -> Judgement:
    """Judge `answer` for `ex`; every kind of exercise goes through here."""
    if isinstance(answer, str) and len(answer) > MAX_TEXT:
        return _unclear("practice.too_long")
    handler = {CARDS: _cards, EQUATION: _equation, NUMBER: _number, FRACTION: _fraction,
               PERCENT: _percent, CHOICE: _choice, SEAT: _seat}[ex.kind]
    return handler(ex, answer)


def read_cards(answer: object) -> tuple[Card, ...] | None:
    """Selected cards from a list of tokens or a text "3, 5, 8"; None if any is not a card."""
    items: Iterable[object]
    if isinstance(answer, str):
        items = [x for x in re.split(r"[\s,;]+", answer) if x]
    elif isinstance(answer, Iterable):
        items = answer
    else:
        return None
    try:
        return sorted_cards(parse_card(x) for x in items)
    except ValueError:
        return None


def explain_cards(cards: tuple[Card, ...], goal: Mapping[str, object] | None = None) -> Msg | None:
    """What a selection means for the question asked: a pair, a true sum, or why not.

    `goal` is the exercise's `extra`: {"discard": "pair"} or {"discard": "sum", "addends":
    [low, high], "max_total": n}. Without it (any discard will do) the selection is read as
    the game reads it. A sum question must never answer "5 and 6 are not equal".
    """
    numbers = [int(c) for c in cards if is_number(c)]
    if len(cards) < 2:
        return None
    if len(numbers) < len(cards):
        return msg("practice.explain_power_in_equation")
    wanted = (goal or {}).get("discard")
    if wanted == "pair" and len(cards) != 2:
        return msg("practice.explain_pair_two_cards", n=len(cards))
    if wanted == "sum":
        return _explain_sum(numbers, goal or {})
    if len(cards) == 2:
        key = "practice.explain_pair" if numbers[0] == numbers[1] else "practice.explain_no_pair"
        return msg(key, a=numbers[0], b=numbers[1])
    return _explain_equation(numbers)


def _explain_equation(numbers: list[int]) -> Msg:
    *addends, biggest = sorted(numbers)
    left = Plain(" + ".join(map(str, addends)))
    if sum(addends) == biggest:
        return msg("practice.explain_equation", left=left, total=biggest)
    return msg("practice.explain_not_equation", left=left, total=sum(addends), biggest=biggest)


def _whole(value: object) -> int:
    """A whole number from a lesson's goal (the lesson check has already vetted it)."""
    if isinstance(value, (int, str)):
        return int(value)
    raise TypeError(f"a goal's number is a whole number, not {value!r}")


def _explain_sum(numbers: list[int], goal: Mapping[str, object]) -> Msg:
    """A sum question: the addends must make another selected card, with the asked count."""
    span = goal.get("addends", (2, 2))
    low, high = (_whole(x) for x in (span if isinstance(span, (tuple, list)) else (span, span)))
    if len(numbers) == 2:
        left = Plain(" + ".join(map(str, sorted(numbers))))
        return msg("practice.explain_sum_no_total", left=left, total=sum(numbers),
                   n=low + 1, addends=low)
    *addends, biggest = sorted(numbers)
    if sum(addends) != biggest:
        return _explain_equation(numbers)
    left = Plain(" + ".join(map(str, addends)))
    if not low <= len(addends) <= high:
        count = Plain(str(low) if low == high else f"{low}–{high}")
        return msg("practice.explain_sum_count", left=left, total=biggest, addends=count)
    limit = _whole(goal.get("max_total", 10))
    if biggest > limit:
        return msg("practice.explain_sum_too_big", left=left, total=biggest, limit=limit)
    return msg("practice.explain_equation", left=left, total=biggest)


def _cards(ex: Exercise, answer: object) -> Judgement:
    cards = read_cards(answer)
    if cards is None:
        return _unclear("practice.pick_cards")
    if not cards:
        return _unclear("practice.pick_cards")
    held = list(ex.hand)
    for c in cards:
        if c not in held:
            return _unclear("practice.not_in_hand", cards=Cards((c,)))
        held.remove(c)
    if cards not in ex.answers and (why := card_slip(ex, cards)) is not None:
        return Judgement(False, True, msg("practice.not_quite"), why, cards, why.key)
    return _verdict(cards in ex.answers, cards, explain_cards(cards, ex.extra))


def _equation(ex: Exercise, answer: object) -> Judgement:
    """Typed text is read as an equation; picked cards (a list) are judged as they are."""
    from sq_edu.maths import check_cards, check_equation

    hand = ex.hand or None
    if isinstance(answer, str) or answer is None:
        verdict = check_equation(answer or "", hand=hand, rules=ex.rules)
    else:
        cards = read_cards(answer)
        if cards is None:
            return _unclear("practice.pick_cards")
        verdict = check_cards(cards, hand=hand, rules=ex.rules)
    said = Msg("maths." + verdict.key, dict(verdict.params))
    if verdict.true_equation is None:
        return Judgement(False, False, said)
    if tuple(verdict.cards) not in ex.answers and (why := typed_slip(
            ex, tuple(int(c) for c in verdict.cards if is_number(c)),
            verdict.in_hand is not False)) is not None:
        return Judgement(False, True, msg("practice.not_quite"), why, verdict.cards, why.key)
    if not verdict.ok:
        return Judgement(False, True, msg("practice.not_quite"), said, verdict.cards)
    correct = tuple(verdict.cards) in ex.answers
    if correct:
        return Judgement(True, True, msg("practice.correct"), said, verdict.cards)
    return Judgement(False, True, msg("practice.true_but_not_asked"), said, verdict.cards)


def read_whole(answer: object) -> int | None:
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return answer
    match = _WHOLE.match(str(answer)) if isinstance(answer, str) else None
    if match is None:
        return None
    return -int(match.group(2)) if match.group(1) else int(match.group(2))


def _size_note(value: Fraction, answers: tuple[object, ...]) -> Msg | None:
    """For a wrong single answer: too big or too small (a direction, not the answer)."""
    if len(answers) != 1:
        return None
    target = as_fraction(answers[0])
    if value == target:
        return None
    return msg("practice.too_big" if value > target else "practice.too_small")


def _trap(ex: Exercise, value: Fraction, answer: object, within: Fraction = Fraction(0)
          ) -> Judgement | None:
    """A wrong answer that a known misconception gives: its own message, not "too big"; of
    several slips within the tolerance, the nearest (a percent crowds them together)."""
    if within:
        gaps = [abs(as_fraction(trap) - value) for trap, _ in ex.traps]
        near = [(gap, n, why) for n, (gap, (_, why)) in enumerate(zip(gaps, ex.traps,
                                                                      strict=True))
                if gap <= within]
    else:   # the usual exact answer: an equal slip, no Fraction arithmetic (learner audits)
        near = [(within, n, why) for n, (trap, why) in enumerate(ex.traps)
                if as_fraction(trap) == value]
    if not near:
        return None
    why = min(near, key=lambda found: found[:2])[2]
    return Judgement(False, True, msg("practice.not_quite"), why, answer, why.key)


def _number(ex: Exercise, answer: object) -> Judgement:
    value = read_whole(answer)
    if value is None:
        return _unclear("practice.type_number")
    correct = value in ex.answers
    if not correct and (trapped := _trap(ex, Fraction(value), value)) is not None:
        return trapped
    return _verdict(correct, value, None if correct else _size_note(Fraction(value), ex.answers))


def read_fraction(answer: object) -> Fraction | None:
    """"3/20", "3 out of 20", "3 из 20", a whole number or a Fraction; None otherwise."""
    if isinstance(answer, Fraction):
        return answer
    whole = read_whole(answer)
    if whole is not None:
        return Fraction(whole)
    match = _FRACTION.match(answer) if isinstance(answer, str) else None
    if not match or int(match.group(2)) == 0:
        return None
    return Fraction(int(match.group(1)), int(match.group(2)))


def _fraction(ex: Exercise, answer: object) -> Judgement:
    value = read_fraction(answer)
    if value is None:
        return _unclear("practice.type_fraction")
    if ex.extra.get("form") == "out_of" and not _the_counts(ex, answer):
        return _unclear("practice.type_counts")   # "16 out of 124" for 8 out of 62
    correct = value in ex.answers
    if not correct and (trapped := _trap(ex, value, value)) is not None:
        return trapped
    if not correct and value > 1 and _close_to_percent(ex, value):
        why = msg("practice.trap_percent_for_fraction", percent=int(value))
        return Judgement(False, True, msg("practice.not_quite"), why, value, why.key)
    note = _size_note(value, ex.answers) if not correct else None
    if correct and isinstance(answer, str) and "/" in answer and value.denominator < int(
            answer.split("/")[1]):
        note = msg("practice.same_as", simple=value)
    return _verdict(correct, value, note)


def _the_counts(ex: Exercise, answer: object) -> bool:
    """An "x out of y" answer of the right size gives the counts themselves (8 out of 62, not
    16 out of 124 or 4 out of 31): the question asks to count, not to scale."""
    match = _FRACTION.match(answer) if isinstance(answer, str) else None
    good, total = ex.extra.get("good"), ex.extra.get("total")
    if match is None or not isinstance(good, int) or not isinstance(total, int) \
            or Fraction(int(match.group(1)), int(match.group(2))) not in ex.answers:
        return True
    return (int(match.group(1)), int(match.group(2))) == (good, total)


def read_percent(answer: object) -> float | None:
    """"15", "15%", "12,5 %" or "12.5": a decimal comma and point both work."""
    if isinstance(answer, str):
        answer = answer.strip().removesuffix("%")
    return parse_decimal(answer)


def _percent(ex: Exercise, answer: object) -> Judgement:
    value = read_percent(answer)
    exact = [as_fraction(a) * 100 for a in ex.answers]
    fraction = read_fraction(answer) if value is None else None
    if fraction is not None and any(abs(fraction * 100 - e) <= ex.tolerance for e in exact):
        why = msg("practice.trap_fraction_for_percent", fraction=fraction,
                  percent=Percent(fraction, 0))
        return Judgement(False, True, msg("practice.not_quite"), why, fraction, why.key)
    if fraction is not None and (trapped := _trap(ex, fraction, fraction)) is not None:
        return trapped      # "8 out of 20": the draw pile as the bottom, typed as a fraction
    if value is not None and value > 100:
        # Over 100% is no chance, but a known slip gives it (4 kings over a draw pile of 2).
        trapped = _trap(ex, Fraction(value) / 100, value, Fraction(ex.tolerance, 100))
        if trapped is None:
            return _unclear("practice.percent_over_100")
        return replace(trapped, interpretation=msg("practice.percent_over_100"))
    if value is None or value < 0:
        return _unclear("practice.type_percent")
    correct = any(abs(Fraction(value) - e) <= ex.tolerance for e in exact)
    note = msg("practice.percent_exact", percent=Percent(as_fraction(ex.answers[0]), 0),
               fraction=as_fraction(ex.answers[0]))
    if _decimal_for_percent(value, exact, ex.tolerance):
        why = msg("practice.trap_decimal_for_percent", decimal=Number(value, 6),
                  percent=Percent(value, 4))
        return Judgement(False, True, msg("practice.not_quite"), why, value, why.key)
    if correct:
        return _verdict(correct, value, note)
    trapped = _trap(ex, Fraction(value) / 100, value, Fraction(ex.tolerance, 100))
    return trapped or _verdict(correct, value, _size_note(Fraction(value) / 100, ex.answers))


def _decimal_for_percent(value: float, exact: list[Fraction], tolerance: int) -> bool:
    """"0.13" for 13%: a decimal under 1 that, times 100, is the answer (of 2% or more)."""
    return 0 < value < 1 and any(e >= 2 and abs(Fraction(value) * 100 - e) <= tolerance
                                 for e in exact)


def _close_to_percent(ex: Exercise, value: Fraction) -> bool:
    """A fraction question answered with the percent ("13" for 13/100 or 2/15)."""
    return any(abs(value - as_fraction(a) * 100) <= 1 for a in ex.answers)


def _choice(ex: Exercise, answer: object) -> Judgement:
    chosen = str(answer) if answer is not None else ""
    label = ex.option_label(chosen)
    if label is None:
        return _unclear("practice.pick_option")
    if chosen not in ex.answers and (why := choice_slip(ex, chosen)) is not None:
        return Judgement(False, True, msg("practice.not_quite"), why, chosen, why.key)
    return _verdict(chosen in ex.answers, chosen)


def _seat(ex: Exercise, answer: object) -> Judgement:
    seat = read_whole(answer)
    if seat is None or (ex.seats and seat not in ex.seats):
        return _unclear("practice.pick_seat")
    if seat not in ex.answers and (why := choice_slip(ex, seat)) is not None:
        return Judgement(False, True, msg("practice.not_quite"), why, seat, why.key)
    return _verdict(seat in ex.answers, seat)
