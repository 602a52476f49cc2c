"""The scoring lesson: every level makes exercises whose answers follow from the rule text,
worked out here from the exercise's raw numbers (not by calling the engine's scoring)."""

from __future__ import annotations

from collections import Counter

import pytest

from sq_edu.practice.checking import check
from sq_edu.practice.exercise import typed_form
from sq_edu.practice.generators import exercise_seed, generate
from sq_edu.practice.generators.dungeon import LESSON_ID
from sq_edu.practice.generators.dungeon_race import NOBODY
from sq_edu.practice.lesson import get_lesson
from tests.support.tiers import audit_sizes

COUNT = 40


def trick_value(own: int, others: list[int], queens: int) -> int:
    if queens == 3:
        return min(min(others), own - 100)
    if queens == 4:
        return min(0, own - 250)
    return own + (10, 35, 60)[queens]


def confirm(ex, generator: str) -> None:
    e = ex.extra
    if generator in ("dungeon.trick", "dungeon.dungeon"):
        plays = e["trick"]["plays"]
        assert sum(code.startswith("Q") for _, code in plays) == e["queens"]
        assert ex.answers == (trick_value(e["before"], e["others"], e["queens"]),)
        if generator == "dungeon.dungeon":
            assert e["queens"] >= 3 and sorted(e["others"] + [e["before"]]) == sorted(e["scores"])
    elif generator == "dungeon.hand":
        score = e["before"]
        for q in e["queens"]:
            score = trick_value(score, [], q)
        if e["dealer"]:  # 5 tricks or 50 points in the hand (docs/rules.md 8)
            made = e["dealer_tricks"] >= e["contract"] or score - e["before"] >= 50
            score += 50 if made else -50
        assert ex.answers == (score,)
    elif generator == "dungeon.race":
        scores = e["scores"]
        top = max(scores)
        best = [s for s, v in enumerate(scores) if v == top]
        assert len(best) == 1, "a shared win or lead is dealt again, never asked"
        expected = f"p{best[0]}" if top >= 500 else f"{NOBODY}_p{best[0]}"
        assert ex.answers == (expected,)
        assert expected in {option.id for option in ex.options}
        if e["with_contract"]:
            assert abs(e["contract_points"]) == 50
    else:
        pytest.fail(f"no confirmation for {generator}")


LESSON = get_lesson(LESSON_ID)


@pytest.mark.parametrize("count", audit_sizes(10, COUNT))
@pytest.mark.parametrize("level", [lv.number for lv in LESSON.levels])
def test_level_generates_confirmed_exercises(level: int, count: int) -> None:
    spec = LESSON.level(level)
    answers = Counter()
    for i in range(count):
        ex = generate(LESSON, level, exercise_seed(3, i))
        confirm(ex, spec.generator)
        for answer in ex.answers:
            assert check(ex, typed_form(ex, answer)).correct
        wrong = ex.answers[0] + 5 if isinstance(ex.answers[0], int) else next(
            o.id for o in ex.options if o.id not in ex.answers)
        if wrong not in ex.answers:
            assert not check(ex, typed_form(ex, wrong)).correct
        assert ex.hint_count >= 3
        for lang in ("en", "ru"):
            shown = (ex.prompt, *ex.context, *ex.hints, *ex.reveal, ex.hint(ex.hint_count - 1))
            texts = [m.render(lang) for m in shown]
            assert all(t and "{" not in t for t in texts), texts
        assert ex.prompt.render("ru") != ex.prompt.render("en")
        answers[ex.answers[0]] += 1
    assert len(answers) > 1, f"level {level} always has the same answer"


def test_the_dungeon_level_shows_both_sides_of_the_lower_of() -> None:
    sides = Counter()
    for i in range(COUNT):
        ex = generate(LESSON, 3, exercise_seed(5, i))
        e = ex.extra
        if e["queens"] == 3:
            sides["lowest other" if min(e["others"]) < e["before"] - 100 else "minus 100"] += 1
    assert len(sides) == 2, sides


def test_same_seed_same_exercise() -> None:
    for level in range(1, len(LESSON.levels) + 1):
        a, b = generate(LESSON, level, 12), generate(LESSON, level, 12)
        assert a.prompt == b.prompt and a.answers == b.answers and a.context == b.context


def test_a_missed_contract_is_taken_away_not_added_as_a_negative() -> None:
    """"535 + −50 = 485" has two signs: the step reads "535 − 50"."""
    from sq_edu.i18n import t
    from sq_edu.practice.generators.dungeon import signed_step

    assert signed_step(535, -50) == "535 \u2212 50" and signed_step(100, 50) == "100 + 50"
    text = t("mistakes.race_no_contract", "en", step=signed_step(535, -50), real=485)
    assert "535 \u2212 50 = 485" in text and "+ \u2212" not in text
