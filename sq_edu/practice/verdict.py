"""A learner's standing on a skill from their progress: the one rule (`standing.standing_of`)
with the lesson that skill belongs to, for the pages that only know the skill's id (the
report, the game's coach, the exit ticket, a class trace)."""

from __future__ import annotations

from functools import lru_cache

from sq_edu.practice.lesson import Lesson, load_lessons
from sq_edu.practice.mastery import Mastery
from sq_edu.practice.standing import Standing


@lru_cache(maxsize=1)
def lesson_of_skill() -> dict[str, Lesson]:
    """Shipped lessons do not change while a server runs: read them once."""
    return {skill: lesson for lesson in load_lessons().lessons.values()
            for skill in lesson.skills}


def _levels(skill: str, lesson: Lesson | None) -> tuple[str, tuple[int, ...]]:
    lesson = lesson if lesson is not None else lesson_of_skill().get(skill)
    if lesson is None:
        return "", ()
    return lesson.id, tuple(lv.number for lv in lesson.levels if lv.skill == skill)


def skill_standing(mastery: Mastery, skill: str, lesson: Lesson | None = None) -> Standing:
    """The skill's standing; "mastered" needs a level of the skill's lesson opened."""
    return mastery.standing(skill, *_levels(skill, lesson))


def skill_opened(mastery: Mastery, skill: str, lesson: Lesson | None = None) -> bool:
    """A level of the skill's lesson has opened the next one (what a class trace says)."""
    return mastery.opened(*_levels(skill, lesson))
