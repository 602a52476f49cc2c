"""Simulated learners for the acceptance tests of the lessons' teaching.

A learner answers one exercise at a time; `run` plays a lesson level through a widget-free
`LessonSession`, as the lesson screen does, and reports how many items it took to open the
next level, if it ever did.

- `perfect`: always one of the right answers, typed as a child would.
- `guesser`: a random option / seat, a random number in the level's range, random cards.
- `misconception(name)`: the wrong answer a named slip gives (see `SLIPS`).
- `plausible(pool)`: guesses *within the answer's format*: a true discard from the hand, an
  answer that other items of the level have (`pool`), any option or seat.
- `constant(pool)`: the same answer every time: the level's most common one ("10%").
- `carrying(name)`: carries one misconception through a whole level: the slip's answer where
  the item allows it, the right answer where the slip does not change it.
- `realistic(right)`: a good child, right on a share `right` of items (85-90%), a random slip
  (one of the item's named wrong answers, else a wrong guess) on the others.
- `improving()`: starts at half right and gains 5 points an item, up to 95%.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from sq_edu.practice import Exercise, typed_form
from sq_edu.practice.exercise import CARDS, CHOICE, EQUATION, FRACTION, NUMBER, PERCENT, SEAT
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.session import LessonSession, MemoryRecorder
from tests.support import item_bank

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


@functools.cache
def answer_pool(lesson_id: str, level: int, n: int = 60) -> tuple[object, ...]:
    """What the level's answers look like, typed: other items' answers (seeds no deal uses)."""
    from sq_edu.practice import generate, get_lesson

    lesson = get_lesson(lesson_id)
    pool = []
    for seed in range(n):
        ex = generate(lesson, level, 10**7 + seed)
        typed = typed_form(ex, ex.answers[0])
        pool.append(tuple(typed) if isinstance(typed, list) else typed)
    return tuple(pool)


def _sizes(ex: Exercise) -> list[int]:
    """How many cards the item asks for: 2 for a pair, addends + 1 for a sum, else 2 to 4."""
    if ex.extra.get("discard") == "pair":
        return [2]
    if ex.extra.get("discard") == "sum":
        low, high = ex.extra["addends"]  # type: ignore[misc]
        return list(range(int(low) + 1, int(high) + 2))
    return [2, 3, 4]


def _typed_cards(ex: Exercise, cards: list) -> object:
    if ex.kind == CARDS:
        return cards
    *left, total = sorted(cards)
    return " + ".join(map(str, left)) + f" = {total}"


def plausible(ex: Exercise, rng: random.Random) -> object:
    """A guess within the format: a true discard of the hand, another item's answer."""
    if ex.kind in (CARDS, EQUATION):   # number cards, as many as the item asks for
        numbers = [c for c in ex.hand if isinstance(c, int)]
        size = min(rng.choice(_sizes(ex)), len(numbers))
        return _typed_cards(ex, rng.sample(numbers, size)) if size >= 2 else guesser(ex, rng)
    if ex.kind == CHOICE:
        return rng.choice(ex.options).id
    if ex.kind == SEAT:
        return rng.choice(ex.seats)
    return rng.choice(answer_pool(ex.lesson_id, ex.level))


@functools.cache   # the constant guesser asks it for every item of hundreds of deals
def most_common(lesson_id: str, level: int) -> object:
    pool = answer_pool(lesson_id, level)
    return max(pool, key=pool.count)


def constant(ex: Exercise, rng: random.Random) -> object:
    """The same answer every time (the most common one of the level); the biggest discard."""
    common = None if ex.kind in (CARDS, EQUATION) else most_common(ex.lesson_id, ex.level)
    if ex.kind in (CARDS, EQUATION):   # the smallest number cards, as many as asked
        numbers = sorted(c for c in ex.hand if isinstance(c, int))
        size = min(_sizes(ex)[0], len(numbers))
        return _typed_cards(ex, numbers[:size]) if size >= 2 else guesser(ex, rng)
    if ex.kind == CHOICE and common not in {o.id for o in ex.options}:
        return ex.options[0].id
    if ex.kind == SEAT and common not in ex.seats:
        return ex.seats[0]
    return common


def carrying(key: str) -> Learner:
    """One misconception through a whole level: its answer where it bites, else the right one."""
    slip = misconception(key)

    def answer(ex: Exercise, rng: random.Random) -> object:
        said = slip(ex, rng)
        return perfect(ex, rng) if said is None else said
    return answer


def misconception(key: str) -> Learner:
    """A learner who always makes the slip whose message is `key` (when the item allows it)."""

    def answer(ex: Exercise, rng: random.Random) -> object:
        for value, why in ex.traps:
            if why.key == key and ex.kind in (NUMBER, FRACTION, PERCENT):
                value = Fraction(value)  # type: ignore[arg-type]
                if ex.kind == PERCENT:
                    return str(round(float(value * 100)))
                if ex.kind == FRACTION:
                    return f"{value.numerator}/{value.denominator}"
                return int(value)
            if why.key == key and ex.kind == EQUATION and len(value) < 3:  # type: ignore[arg-type]
                return None          # cards without a total cannot be typed as an equation
            if why.key == key:
                return typed_form(ex, value)
        if key == "practice.trap_decimal_for_percent" and ex.kind == PERCENT:
            return f"{float(Fraction(ex.answers[0])):.2f}"  # type: ignore[arg-type]
        if key == "practice.trap_fraction_for_percent" and ex.kind == PERCENT:
            value = Fraction(ex.answers[0])  # type: ignore[arg-type]
            return f"{value.numerator}/{value.denominator}"
        return None
    return answer


def slip(ex: Exercise, rng: random.Random) -> object:
    """A wrong answer: one of the item's named wrong answers, or a guess that is wrong."""
    keys = [why.key for _, why in ex.traps]
    rng.shuffle(keys)
    for key in keys:
        said = misconception(key)(ex, rng)
        if said is not None and not verdict(ex, said)[1]:
            return said
    said = guesser(ex, rng)
    for _ in range(20):
        if not verdict(ex, said)[1]:
            break
        said = guesser(ex, rng)
    return said


def realistic(right: float) -> Learner:
    """Right on a share `right` of the items, a random slip on the others."""
    def answer(ex: Exercise, rng: random.Random) -> object:
        return perfect(ex, rng) if rng.random() < right else slip(ex, rng)
    return answer


def improving(start: float = 0.5, step: float = 0.05, top: float = 0.95) -> Learner:
    """Right more often item by item: `start`, then `step` more each item, up to `top`."""
    seen = [0]

    def answer(ex: Exercise, rng: random.Random) -> object:
        right = min(top, start + step * seen[0])
        seen[0] += 1
        return perfect(ex, rng) if rng.random() < right else slip(ex, rng)
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
        # Only the level played counts: back at an easier level after stepping back, opening
        # the level played again is not mastering it.
        mastered = mastered or (at == level and (record.mastered
                                                 or outcome.level_up == level + 1))
        backs += outcome.step_back is not None
        if outcome.level_up == level + 1 or (at == level == len(lesson.levels) and mastered):
            return Run(item, item, True, backs)
    return Run(limit, None, mastered, backs)


def bank(lesson_id: str, level: int, n: int = 200) -> tuple[Exercise, ...]:
    """Items 0..n-1 of a level, dealt once per `make test` (tests/support/item_bank.py)."""
    return item_bank.items(lesson_id, level, n)


def bank_run(lesson: Lesson, level: int, learner: Learner, deal: int = 1, limit: int = 50,
             size: int = 200) -> Run:
    """Like `run`, with the items of each level drawn at random from its `bank`: the same
    mastery rules (`Mastery.record` with each item's guess chance and the misconceptions it
    tells apart, step back, come back, level up) over
    hundreds of deals without dealing every item again."""
    from sq_edu.practice.mastery import Mastery, misconception_bits

    rng = random.Random(f"bank|{lesson.id}|{level}|{deal}")
    mastery = Mastery()
    mastery.choose_level(lesson.id, level)
    at, backs, mastered = level, 0, False
    banks: dict[int, tuple[Exercise, ...]] = {}   # each level's bank, looked up once a run
    for item in range(1, limit + 1):
        items = banks.get(at) or banks.setdefault(at, bank(lesson.id, at, size))
        ex = items[rng.randrange(len(items))]
        said = check_answer(ex, learner(ex, rng))
        tells, named = misconception_bits(ex.misconceptions, {why.key for _, why in ex.traps})
        outcome = mastery.record(lesson.id, at, ex.skill, said, 0, len(lesson.levels),
                                 guess=ex.guess_chance, tells=tells, named=named)
        mastered = mastered or (at == level and (mastery.lesson(lesson.id).mastered
                                                 or outcome.level_up == level + 1))
        if outcome.step_back is not None:
            backs += 1
            at = outcome.step_back
        if outcome.back_to is not None:   # the warm-up after a step back is done
            at = outcome.back_to
        if outcome.level_up is not None:
            at = outcome.level_up
        if outcome.level_up == level + 1 or (at == level == len(lesson.levels) and mastered):
            return Run(item, item, True, backs)
    return Run(limit, None, mastered, backs)


_CHECKED: dict[tuple[int, str], tuple[Exercise, bool, bool]] = {}


def verdict(ex: Exercise, answer: object) -> tuple[bool, bool]:
    """(understood, correct) of `check(ex, answer)`, each (item, answer) checked once: the
    audits' learners give the same few answers to the same banked items thousands of times.
    The item is kept with its verdict, so its id cannot be taken by another item."""
    from sq_edu.practice import check

    key = (id(ex), repr(answer))
    kept = _CHECKED.get(key)
    if kept is None or kept[0] is not ex:
        said = check(ex, answer)
        kept = _CHECKED[key] = (ex, said.understood, said.correct)
    return kept[1], kept[2]


def check_answer(ex: Exercise, answer: object) -> bool:
    understood, correct = verdict(ex, answer)
    assert understood, (ex.lesson_id, ex.level, answer)
    return correct


NEVER = 999   # a run that never opened the level within its limit
# A good child's runs per level for the median and the 95th percentile. Over 100 runs the 95th
# of one level moved between 16 and 28 from one window of 100 deals to the next (deals 1-1000,
# card detective 3); over 1000 it is within about one item.
PACE_DEALS = 1000


def items_to_open(lesson: Lesson, level: int, learner_for: Callable[[int], Learner],
                  deals: int, limit: int = 60, size: int = 200) -> list[int]:
    """Items each of `deals` bank runs took to open the level (NEVER if it did not);
    `learner_for(deal)` gives each run its own learner (a fresh `improving` one...)."""
    found = []
    for deal in range(1, deals + 1):
        result = bank_run(lesson, level, learner_for(deal), deal, limit=limit, size=size)
        found.append(NEVER if result.opened_after is None else result.opened_after)
    return found


def percentile(values: list[int], share: float) -> int:
    """The value below which `share` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def good_child(deal: int) -> Learner:
    """The realistic child of deal `deal`: right on 85-90% of items (its own share)."""
    return realistic(random.Random(deal).uniform(0.85, 0.90))
