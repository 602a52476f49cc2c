"""A good child is not over-drilled (issue #38, item 2): on every lesson level a realistic
child, right on 85-90% of items with random slips, opens the level in a median of at most 10
items and within 20 in 95% of runs; a perfect learner in at most 8. The guessers and the
one-misconception learners that must never open a level are in test_learners.py.

Each run draws its items from the shared bank (tests/support/item_bank.py) through the
lesson's own mastery rules. The 95th percentile of a good child's runs has a long tail: over
100 runs it moved by up to 12 items from one window of 100 deals to the next (chances 1: 17
to 32), so the whole run takes 1000 deals (`PACE_DEALS`, as the bench does); the quick tier
checks the medians of 15 deals on a bank of 60 items.
"""

from __future__ import annotations

import statistics

import pytest

from sq_edu.practice import load_lessons
from tests.support.tiers import audit_sizes

from .learners import PACE_DEALS, good_child, items_to_open, percentile, perfect

LESSONS = load_lessons().lessons
LEVELS = [(lid, n) for lid, lesson in sorted(LESSONS.items())
          for n in range(1, len(lesson.levels) + 1)]

# Levels measured over the targets with `python -m bench teaching` (realistic median/95th of
# 1000 runs there), reported rather than hidden. Strict in the whole run, so the day one is
# fixed the test says so.
SLOW: set[tuple[str, int]] = set()   # none since card detective 3 and chances 4 (issue 38)


WHOLE = PACE_DEALS   # the runs of `python -m bench teaching`: the test holds the table it prints


@pytest.mark.parametrize("deals", audit_sizes(15, WHOLE))
@pytest.mark.parametrize(("lesson_id", "level"), LEVELS)
def test_a_good_child_opens_every_level_in_about_ten_items(lesson_id: str, level: int,
                                                           deals: int) -> None:
    """The quick tier is a smoke check: 15 runs on 60 items put a median within about 4 items
    of the whole run's (chances 5: 12 against 10) and say nothing of a 95th percentile."""
    lesson = LESSONS[lesson_id]
    size = 60 if deals < WHOLE else 200
    found = items_to_open(lesson, level, good_child, deals, limit=60, size=size)
    quick = items_to_open(lesson, level, lambda deal: perfect, 10, limit=60, size=size)
    over = [f"{what} {value} > {most}" for what, value, most in (
        ("realistic median", statistics.median(found), 10 if deals >= WHOLE else 14),
        ("realistic 95th", percentile(found, 0.95) if deals >= WHOLE else 0, 20),
        ("perfect median", statistics.median(quick), 8)) if value > most]
    if (lesson_id, level) in SLOW:
        assert over or deals < WHOLE, "no longer slow: take the level out of SLOW"
        pytest.xfail(f"measured gap: {over}")
    assert not over, sorted(found)
