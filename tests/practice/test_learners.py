"""The acceptance tests of issue 12, with simulated learners (tests/practice/learners.py):
a perfect learner masters every level within 6 items, a guessing learner masters none within
50, and a learner with a named misconception gets the message for that misconception."""

from __future__ import annotations

import pytest

from sq_edu.practice import check, generate, load_lessons

from .learners import guesser, misconception, perfect, run

LESSONS = load_lessons().lessons
LEVELS = [(lid, n) for lid, lesson in sorted(LESSONS.items())
          for n in range(1, len(lesson.levels) + 1)]


@pytest.mark.parametrize(("lesson_id", "level"), LEVELS)
def test_a_perfect_learner_masters_every_level_within_6_items(lesson_id: str,
                                                              level: int) -> None:
    for seed in (1, 2):
        result = run(LESSONS[lesson_id], level, perfect, seed=seed, limit=6)
        assert result.opened_after is not None and result.opened_after <= 6, result
        assert result.step_backs == 0


@pytest.mark.parametrize(("lesson_id", "level"), LEVELS)
def test_a_guessing_learner_never_masters_a_level_within_50_items(lesson_id: str,
                                                                   level: int) -> None:
    for seed in (1, 2, 3):
        result = run(LESSONS[lesson_id], level, guesser, seed=seed, limit=50)
        assert not result.reached_mastered and result.opened_after is None, result
        assert result.step_backs >= 1      # stuck: stepped back and shown the example again


# (lesson, level, misconception message): at least two per numeric level of issue 12.
SLIPS = [
    ("card_detective", 1, "lessons.det_trap_own_hand"),
    ("card_detective", 1, "lessons.det_trap_whole_deck"),
    ("card_detective", 1, "lessons.det_trap_seen"),
    ("card_detective", 2, "lessons.det_trap_own_hand"),
    ("card_detective", 2, "lessons.det_trap_seen"),
    ("chances", 2, "lessons.ch_trap_draw_pile"),
    ("chances", 2, "lessons.ch_trap_own_hand"),
    ("chances", 2, "lessons.ch_trap_odds"),
    ("chances", 3, "lessons.ch_trap_draw_pile"),
    ("chances", 3, "lessons.ch_trap_last_play"),
    ("chances", 6, "lessons.ch_trap_draw_pile"),
    ("chances", 6, "lessons.ch_trap_own_hand"),
    ("chances", 7, "practice.trap_decimal_for_percent"),
    ("chances", 7, "lessons.ch_trap_draw_pile"),
    ("chances", 7, "practice.trap_fraction_for_percent"),
    ("chances", 8, "practice.trap_fraction_for_percent"),
    ("chances", 8, "practice.trap_decimal_for_percent"),
    ("equations", 5, "lessons.eq_trap_added"),
    ("equations", 5, "lessons.eq_trap_start"),
    ("equations", 7, "lessons.eq_trap_added_missing"),
    ("equations", 7, "lessons.eq_trap_total"),
    ("queen_points", 1, "lessons.qp_trap_count"),
    ("queen_points", 1, "lessons.qp_trap_fives"),
    ("queen_points", 2, "lessons.qp_trap_left_out"),
    ("queen_points", 2, "lessons.qp_trap_count"),
    ("queen_points", 3, "lessons.qp_trap_have"),
    ("queen_points", 3, "lessons.qp_trap_added"),
    ("queen_points", 4, "lessons.qp_trap_fives"),
    ("queen_points", 4, "lessons.qp_trap_goal"),
    ("dungeon_scoring", 1, "dungeon.ex_trap_trick_only"),
    ("dungeon_scoring", 1, "dungeon.ex_trap_no_trick_points"),
    ("dungeon_scoring", 1, "dungeon.ex_trap_no_queen_points"),
    ("dungeon_scoring", 2, "dungeon.ex_trap_hand_only"),
    ("dungeon_scoring", 2, "dungeon.ex_trap_no_contract"),
    ("dungeon_scoring", 3, "dungeon.ex_trap_dungeon_lower"),
    ("dungeon_scoring", 3, "dungeon.ex_trap_dungeon_trick_points"),
]


@pytest.mark.parametrize(("lesson_id", "level", "key"), SLIPS)
def test_a_learner_with_a_misconception_gets_its_message(lesson_id: str, level: int,
                                                         key: str) -> None:
    import random

    learner = misconception(key)
    lesson = LESSONS[lesson_id]
    met = 0
    for seed in range(40):
        ex = generate(lesson, level, seed)
        answer = learner(ex, random.Random(seed))
        if answer is None:      # this item does not allow the slip (no king in the hand...)
            continue
        said = check(ex, answer)
        assert not said.correct and said.misconception == key, (seed, answer, said)
        assert said.interpretation is not None
        for lang in ("en", "ru"):
            text = said.interpretation.render(lang)
            assert text and "{" not in text
        met += 1
    assert met >= 5, f"the slip {key} came up only {met} times in 40 items"


@pytest.mark.parametrize(("lesson_id", "level"), [
    (lid, n) for lid, n in LEVELS
    if generate(LESSONS[lid], n, 0).kind in ("number", "fraction", "percent")])
def test_every_numeric_level_has_two_misconception_messages(lesson_id: str, level: int) -> None:
    named = {key for lid, n, key in SLIPS if (lid, n) == (lesson_id, level)}
    assert len(named) >= 2
