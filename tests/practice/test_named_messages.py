"""Each error a child makes on its own gets its named message (#38 item 4).

The learners of own_slips.py work the error out from the item's premises (the whole deck, the
cards seen, the last queen, "the lower of" forgotten), not from the wrong answers the generator
planted, so a message that only names the planted answer fails here.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from sq_edu.practice import check, get_lesson
from tests.practice.learners import bank
from tests.practice.own_slips import named_shares
from tests.support.tiers import audit_sizes

# The errors issue #38 measured, on the levels it measured them.
LISTED = [
    ("chances", 1, "even chance"), ("chances", 1, "count only"),
    *(("chances", n, e) for n in (2, 3, 6, 7, 8) for e in ("whole deck", "seen over seen")),
    ("queen_points", 1, "last queen"), ("queen_points", 2, "last queen"),
    ("dungeon_scoring", 3, "forgets the lower of"),
    ("card_detective", 1, "own hand (count)"), ("card_detective", 2, "own hand (count)"),
    ("card_detective", 3, "own dragons"), ("card_detective", 4, "own dragons"),
]


@pytest.mark.parametrize("size", audit_sizes(40, 200))
@pytest.mark.parametrize(("lesson_id", "level", "error"), LISTED)
def test_an_error_made_from_the_premises_hears_its_name(lesson_id: str, level: int, error: str,
                                                         size: int) -> None:
    wrong, share = named_shares(get_lesson(lesson_id), level,
                                bank(lesson_id, level, size))[error]
    assert share >= 0.8, f"{lesson_id} {level} {error}: {share:.0%} of {wrong} wrong answers"


def test_a_chance_over_100_percent_is_told_so_and_a_scaled_count_is_not_the_count() -> None:
    over = next(ex for ex in bank("chances", 7, 40)
                if any(Fraction(v) > 1 for v, _ in ex.traps))   # type: ignore[arg-type]
    value = next(Fraction(v) for v, _ in over.traps if Fraction(v) > 1)  # type: ignore[arg-type]
    said = check(over, f"{round(float(value * 100))}%")
    assert not said.correct and said.interpretation is not None
    assert said.interpretation.key == "practice.percent_over_100"
    counts = bank("chances", 2, 40)[0]
    good, total = counts.extra["good"], counts.extra["total"]
    assert check(counts, f"{good} out of {total}").correct
    scaled = check(counts, f"{2 * good} out of {2 * total}")  # type: ignore[operator]
    assert not scaled.correct and not scaled.understood
