"""Exercise generators: pure functions of (level parameters, seed).

A teacher hands out "seed 12" and every child gets the same deal: `generate` derives one private
RNG from the lesson, level and seed, and generators use nothing else that is random.
Each family (`equations.py`, `dungeon.py`, ...) registers itself when `GENERATORS` first needs
it, so a lesson loads only its own generators.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Protocol

from ..exercise import Exercise
from .registry import GENERATORS, Base, Generator, Param, rng_for


class LevelSpec(Protocol):
    """What `generate` reads of a lesson's level (`lesson.Level`)."""

    @property
    def skill(self) -> str: ...
    @property
    def generator(self) -> str: ...
    @property
    def params(self) -> Mapping[str, object]: ...
    @property
    def misconceptions(self) -> tuple[str, ...]: ...
    @property
    def guess(self) -> float: ...
    @property
    def errors_apart(self) -> bool: ...


class LessonLevels(Protocol):
    """What `generate` reads of a lesson (`lesson.Lesson`): the loader imports this package to
    check generator names, so this package does not import the loader back."""

    @property
    def id(self) -> str: ...
    def level(self, number: int) -> LevelSpec: ...

__all__ = ["GENERATORS", "Base", "Generator", "Param", "exercise_seed", "generate"]


TRIES = 12   # deals tried for an item on which every named misconception gives a wrong answer
SETTLE = 6   # after this many, an item where all but one of them does is good enough


def generate(lesson: LessonLevels, level: int, seed: int) -> Exercise:
    """Exercise for `seed` at `level` (1-based) of `lesson`; same arguments, same exercise.

    An item teaches only if each likely error of the level (`Level.misconceptions`) gives a
    wrong answer on it, so the generator deals again (a derived seed, still reproducible) until
    every named misconception has its own wrong answer (`Exercise.traps`), keeping the best of
    TRIES deals; after SETTLE deals, all but one will do (a level may name errors that cannot
    all show on one item; with `Level.errors_apart`, one will do at once). An item's guess
    chance is never below the level's sampled one.
    """
    spec = lesson.level(level)
    gen = GENERATORS[spec.generator]
    base = Base(lesson_id=lesson.id, level=level, seed=int(seed), skill=spec.skill)
    params = gen.with_defaults(spec.params)
    named = set(spec.misconceptions)
    best, missing = None, len(named) + 1
    for attempt in range(TRIES if named else 1):
        rng = rng_for(seed, lesson.id, level, *((attempt,) if attempt else ()))
        ex = gen.func(params, rng, base)
        left = len(named - {why.key for _, why in ex.traps})
        if left < missing:
            best, missing = ex, left
        if not left or (attempt + 1 >= SETTLE and missing <= 1) or (
                spec.errors_apart and missing < len(named)):
            break
    assert best is not None
    return replace(best, misconceptions=spec.misconceptions,
                   guess=max(best.guess_chance, spec.guess))


def exercise_seed(seed: int, index: int) -> int:
    """The seed of exercise `index` in a sequence started from `seed` (worksheets, a lesson run)."""
    return int(seed) * 1000 + int(index)

