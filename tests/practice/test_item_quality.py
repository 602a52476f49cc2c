"""Content checks over many items per level: each named misconception gives a wrong answer on
at least 80% of items (the item discriminates), no worked step only repeats itself ("x = x"),
no question speaks of a card the hand lacks as if it were there, and the numbers stay within
the level's grade (grade 1: up to 20 and a pile of at most 12 cards; up to grade 3: within
1000, no negatives).
200 items per level are slow (the detective and dungeon generators play bot games): the fast
test takes the first 40 of the same items."""

from __future__ import annotations

import re

import pytest

from sq_edu.engine.cards import JESTER, KNIGHT
from sq_edu.practice import load_lessons
from sq_edu.practice.exercise import Exercise
from tests.support.tiers import audit_sizes

from .learners import bank

LESSONS = load_lessons().lessons
LEVELS = [(lid, n) for lid, lesson in sorted(LESSONS.items())
          for n in range(1, len(lesson.levels) + 1)]
DISCRIMINATES = 0.8
GRADE_1_PILE = 12   # a discard pile a grade-1 child can count card by card (issue 38)
# Levels whose named errors cannot all show on one item (`errors_apart`: each shows on its own
# answers) are checked to be wrong on every item by at least one named error instead.
EXCLUSIVE = {(lid, n) for lid, lesson in LESSONS.items() for n, lv in enumerate(lesson.levels, 1)
             if lv.errors_apart}
_SAME = re.compile(r"(?<![\w/.,])(\d+(?:/\d+)?) = \1(?![\w/.,])")
_NEGATIVE = re.compile(r"(?:^|[\s(:=,])[-\u2212]\d")   # -50, not the 5 - 3 of a subtraction
_NUMBER = re.compile(r"(?<![\w/])\d+")


def _texts(ex: Exercise, lang: str) -> list[str]:
    parts = [ex.prompt, *ex.context, *ex.hints, *ex.worked, ex.hint(ex.hint_count - 1)]
    return [m.render(lang) for m in parts]


def _reasoning(ex: Exercise, lang: str) -> list[str]:
    """What the child must work with: the question, the hints, the worked steps (the table's
    story may say how many cards the draw pile holds; nobody counts those)."""
    return [m.render(lang) for m in (ex.prompt, *ex.hints, ex.hint(ex.hint_count - 1))]


def _check_level(lesson_id: str, level: int, size: int) -> None:
    spec = LESSONS[lesson_id].levels[level - 1]
    items = bank(lesson_id, level, size)
    wrong = {key: 0 for key in spec.misconceptions}
    for ex in items:
        keys = {why.key for _, why in ex.traps}
        for key in wrong:
            wrong[key] += key in keys
        if (lesson_id, level) in EXCLUSIVE:
            assert keys & set(wrong), (ex.seed, "no named error shows on this item")
        for lang in ("en", "ru"):
            for text in _texts(ex, lang):
                assert not _SAME.search(text), (ex.seed, lang, text)
                if spec.grade and spec.grade <= 3:
                    assert not _NEGATIVE.search(text), (ex.seed, lang, text)
            most = 20 if spec.grade == 1 else 1000 if spec.grade and spec.grade <= 3 else 0
            for text in _reasoning(ex, lang) if most else ():
                assert all(int(n) <= most for n in _NUMBER.findall(text)), (ex.seed, text)
        prompt = ex.prompt.render("en")
        if "Your knight" in prompt or ("attack player" in prompt and "If you had" not in prompt):
            assert KNIGHT in ex.hand, (ex.seed, prompt)
        if "If you play a jester" in prompt:
            assert JESTER in ex.hand, (ex.seed, prompt)
        if spec.grade == 1 and ex.observation is not None:
            assert len(ex.observation.discard_pile) <= GRADE_1_PILE, (ex.seed, "a pile to count")
    if (lesson_id, level) not in EXCLUSIVE:
        for key, count in wrong.items():
            assert count >= DISCRIMINATES * len(items), (key, count, len(items))


# Measured gaps (strict xfail), none left: the percent levels ask about groups of cards, so
# the odds slip misses by 3 points or more (it moved a one-card chance by 1-2 points).
GAPS: set[tuple[str, int]] = set()


CASES = [pytest.param(lid, n, marks=pytest.mark.xfail(strict=True, reason="measured gap"))
         if (lid, n) in GAPS else (lid, n) for lid, n in LEVELS]


# 200 items per level: a named error that tells on fewer than 80% of items is seen as such
# within about 3 points (one standard error at 80% is 2.8 points); 40 in the quick loop.
@pytest.mark.parametrize("size", audit_sizes(40, 200))
@pytest.mark.parametrize(("lesson_id", "level"), CASES)
def test_items_discriminate_teach_and_fit_the_grade(lesson_id: str, level: int,
                                                    size: int) -> None:
    _check_level(lesson_id, level, size)
