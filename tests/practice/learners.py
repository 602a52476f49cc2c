"""Simulated learners for the acceptance tests of the lessons' teaching.

A learner answers one exercise at a time; `run` plays a lesson level through a widget-free
`LessonSession`, as the lesson screen does, and reports how many items it took to open the
next level, if it ever did.

- `perfect`: always one of the right answers, typed as a child would.
- `guesser`: a random option / seat, a random number in the level's range, random cards.
- `misconception(name)`: the wrong answer a named slip gives (see `SLIPS`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from sq_edu.practice import Exercise, typed_form
from sq_edu.practice.exercise import CARDS, CHOICE, EQUATION, FRACTION, NUMBER, PERCENT, SEAT
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.session import LessonSession, MemoryRecorder

Learner = Callable[[Exercise, random.Random], object]


def perfect(ex: Exercise, rng: random.Random) -> object:
    return typed_form(ex, rng.choice(ex.answers))


def guesser(ex: Exercise, rng: random.Random) -> object:
    """No idea at all: any option, any seat, any number of the right size, any cards."""
    if ex.kind == CHOICE:
        return rng.choice(ex.options).id
    if ex.kind == SEAT:
        return rng.choice(ex.seats)
    if ex.kind in (CARDS, EQUATION):
        numbers = [c for c in ex.hand if isinstance(c, int)] or list(ex.hand)
        picked = rng.sample(numbers, min(len(numbers), rng.randint(2, 4)))
        if ex.kind == CARDS:
            return picked
        *left, total = sorted(picked)
        return " + ".join(map(str, left)) + f" = {total}"
    answer = Fraction(ex.answers[0])  # type: ignore[arg-type]
    if ex.kind == NUMBER:   # a number of the same size as the answer
        top = max(10, 2 * abs(int(answer)))
        return rng.randint(-top if answer < 0 else 0, top)
    if ex.kind == FRACTION:
        total = int(ex.extra.get("total", answer.denominator))  # type: ignore[call-overload]
        return f"{rng.randint(0, max(2, total // 4))}/{total}"
    if ex.kind == PERCENT:
        return str(rng.randint(0, 30))
    raise AssertionError(ex.kind)


def misconception(key: str) -> Learner:
    """A learner who always makes the slip whose message is `key` (when the item allows it)."""

    def answer(ex: Exercise, rng: random.Random) -> object:
        for value, why in ex.traps:
            if why.key == key:
                value = Fraction(value)  # type: ignore[arg-type]
                if ex.kind == PERCENT:
                    return str(round(float(value * 100)))
                if ex.kind == FRACTION:
                    return f"{value.numerator}/{value.denominator}"
                return int(value)
        if key == "practice.trap_decimal_for_percent" and ex.kind == PERCENT:
            return f"{float(Fraction(ex.answers[0])):.2f}"  # type: ignore[arg-type]
        if key == "practice.trap_fraction_for_percent" and ex.kind == PERCENT:
            value = Fraction(ex.answers[0])  # type: ignore[arg-type]
            return f"{value.numerator}/{value.denominator}"
        return None
    return answer


@dataclass
class Run:
    items: int                  # items answered
    opened_after: int | None    # the item whose answer opened the next level (1-based)
    reached_mastered: bool      # the level was mastered at some point
    step_backs: int


def run(lesson: Lesson, level: int, learner: Learner, seed: int = 1,
        limit: int = 50) -> Run:
    """Play `level` with `learner` for up to `limit` items through a `LessonSession`, exactly
    as the lesson screen does (check, count with the item's guess chance, step back, level up).
    """
    rng = random.Random(f"learner|{lesson.id}|{level}|{seed}")
    session = LessonSession(lesson, MemoryRecorder(), level=level, seed=seed)
    record = session.lesson_record
    backs, mastered = 0, False
    for item in range(1, limit + 1):
        if item > 1:
            session.next_exercise()
        at = session.exercise.level
        session.submit(learner(session.exercise, rng))
        outcome = session.outcome
        assert outcome is not None, "every learner here gives a readable answer"
        mastered = mastered or record.mastered or outcome.level_up is not None
        backs += outcome.step_back is not None
        if outcome.level_up is not None or (at == len(lesson.levels) and mastered):
            return Run(item, item, True, backs)
    return Run(limit, None, mastered, backs)
