"""Exercise generators: pure functions of (level parameters, seed).

A teacher hands out "seed 12" and every child gets the same deal: `generate` derives one private
RNG from the lesson, level and seed, and generators use nothing else that is random.
Each family (`equations.py`, `dungeon.py`, ...) registers itself when `GENERATORS` first needs
it, so a lesson loads only its own generators.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..exercise import Exercise
from .registry import GENERATORS, Base, Generator, Param, rng_for

if TYPE_CHECKING:
    from ..lesson import Lesson

__all__ = ["GENERATORS", "Base", "Generator", "Param", "exercise_seed", "generate"]


def generate(lesson: Lesson, level: int, seed: int) -> Exercise:
    """Exercise for `seed` at `level` (1-based) of `lesson`; same arguments, same exercise."""
    spec = lesson.level(level)
    gen = GENERATORS[spec.generator]
    base = Base(lesson_id=lesson.id, level=level, seed=int(seed), skill=spec.skill)
    return gen.func(gen.with_defaults(spec.params), rng_for(seed, lesson.id, level), base)


def exercise_seed(seed: int, index: int) -> int:
    """The seed of exercise `index` in a sequence started from `seed` (worksheets, a lesson run)."""
    return int(seed) * 1000 + int(index)

