"""Worked examples drawn outside every deal: the level's own example, the re-teach example
that shows one named trap, and how many clean answers a level asks for (from its example's
guess chance).
"""

from __future__ import annotations

from sq_edu.links import MAX_SEED
from sq_edu.practice.exercise import Exercise
from sq_edu.practice.generators import generate
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.mastery import items_to_master

EXAMPLE_SEED = (MAX_SEED + 1) * 1000   # the worked example: outside every deal a class can type
RETEACH_SEEDS = 60      # example deals searched for one that shows the trap


def reteach_example(lesson: Lesson, level: int, key: str, nth: int = 0) -> Exercise | None:
    """The `nth` worked example (outside every deal, never the level's own example) on which
    misconception `key` gives a wrong answer; None if the level has none."""
    found = 0
    for k in range(1, RETEACH_SEEDS + 1):
        ex = generate(lesson, level, EXAMPLE_SEED + k)
        if any(why.key == key for _, why in ex.traps):
            if found == nth:
                return ex
            found += 1
    return None


def items_for_level(lesson: Lesson, level: int) -> int:
    """Clean answers in a row that master `level` (fewer where guessing is harder)."""
    return items_to_master(generate(lesson, level, EXAMPLE_SEED).guess_chance)
