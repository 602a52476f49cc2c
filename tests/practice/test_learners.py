"""Acceptance tests with simulated learners (tests/practice/learners.py): a perfect learner
masters every level in the items the level asks for; no guesser, format-aware ones included,
masters a level within 50 items; a learner carrying one of the level's named misconceptions
never opens it within 120 items and gets that misconception's message for every wrong answer.
Simulated learners play hundreds of exercises, so every run is marked `slow` (`make test` runs
them, `make test-unit` does not): the long runs take 300 deals, the others a few deals of each.
The checks of the lesson files themselves stay quick."""

from __future__ import annotations

import pytest

from sq_edu.practice import check, generate, load_lessons
from sq_edu.practice.generators import exercise_seed
from sq_edu.practice.mastery import items_to_master

from .learners import (
    bank,
    bank_run,
    carrying,
    constant,
    guesser,
    misconception,
    perfect,
    plausible,
    run,
)

LESSONS = load_lessons().lessons
LEVELS = [(lid, n) for lid, lesson in sorted(LESSONS.items())
          for n in range(1, len(lesson.levels) + 1)]


MOST_ITEMS = 12   # the most right answers in a row any level asks for (the most guessable)


# None now: card detective 4's guess rate (0.53 while "yes" was rarely found) asked for 13
# right answers; with the answers balanced (stored 0.40) 9, with the count of dragons not
# seen yet beside the verdict (seven answers, stored 0.20) 5.
TOO_GUESSABLE: set[tuple[str, int]] = set()


@pytest.mark.slow
@pytest.mark.parametrize(("lesson_id", "level"), [
    pytest.param(lid, n, marks=pytest.mark.xfail(strict=True, reason="measured gap"))
    if (lid, n) in TOO_GUESSABLE else (lid, n) for lid, n in LEVELS])
def test_a_perfect_learner_masters_every_level_in_the_items_it_asks_for(lesson_id: str,
                                                                        level: int) -> None:
    lesson = LESSONS[lesson_id]
    for seed in (1, 2):   # the most guessable item of the run sets the count (3 seats: 1/3)
        asked = items_to_master(max(generate(lesson, level, exercise_seed(seed, i)).guess_chance
                                    for i in range(MOST_ITEMS)))
        assert asked <= MOST_ITEMS, f"level {level} asks for {asked} items: too guessable"
        # It also waits for an item on which each named error changes the answer (#38 item
        # 3): on an `errors_apart` level such an item may be one in two (Dungeon 4-5's
        # "nobody yet"), so a perfect run can take longer than `asked`.
        result = run(lesson, level, perfect, seed=seed, limit=3 * MOST_ITEMS)
        assert result.opened_after is not None and result.opened_after >= min(asked, 5), result
        assert result.step_backs == 0


# Measured gaps, reported rather than hidden (strict: the day one is fixed, the test says so).
GAPS: set[tuple[str, int, str]] = set()   # none measured now


def _gap(*case: object) -> object:
    return pytest.param(*case, marks=pytest.mark.xfail(strict=True, reason="measured gap"))


GUESSERS = {"uniform": guesser, "plausible": plausible, "constant": constant}


def _guessers_open(lesson_id: str, level: int, deals: range, size: int
                   ) -> list[tuple[str, int, int]]:
    opened = []
    for name, learner in GUESSERS.items():
        for deal in deals:
            result = bank_run(LESSONS[lesson_id], level, learner, deal, limit=50, size=size)
            if result.opened_after is not None:
                opened.append((name, deal, result.opened_after))
    return opened


# None now: the random guessers opened Dungeon scoring 5 at item 14 of deal 220 (11 right of
# 14, a guess right about 1 time in 4), while its banked races were won by player 3 on 30%.
GUESS_GAPS: set[tuple[str, int]] = set()
GUESSED = [_gap(lid, n) if (lid, n, "constant") in GAPS or (lid, n) in GUESS_GAPS else (lid, n)
           for lid, n in LEVELS]


# 300 deals of 200 items per level and guesser: a guesser that opened a level in 1 deal of
# 100 would be caught with 95% certainty (0.99^300 = 0.05); fewer deals lose that. (Equations
# 4 deals hands where random number cards, or the smallest ones, are rarely a sum: no guesser
# opens it in 10000.)
@pytest.mark.slow
@pytest.mark.parametrize(("lesson_id", "level"), GUESSED)
def test_no_guesser_opens_a_level_within_50_items_in_300_deals(lesson_id: str,
                                                                level: int) -> None:
    assert _guessers_open(lesson_id, level, range(1, 301), size=200) == []


def test_every_level_names_two_or_three_misconceptions() -> None:
    for lid, n in LEVELS:
        named = LESSONS[lid].levels[n - 1].misconceptions
        assert 2 <= len(named) <= 3, (lid, n, named)


def _carry(lesson_id: str, level: int, key: str, deals: range, size: int) -> None:
    """The learner never opens the level, and each of its wrong answers gets the message."""
    import random

    lesson = LESSONS[lesson_id]
    learner = carrying(key)
    for deal in deals:
        result = bank_run(lesson, level, learner, deal, limit=120, size=size)
        assert result.opened_after is None, (deal, result)
    rng = random.Random(key)
    for ex in bank(lesson_id, level, size):
        said = check(ex, learner(ex, rng))
        if not said.correct:
            assert said.misconception == key, (ex.seed, said)


# A named error is told only by the items on which it changes the answer ("highest score
# wins": Dungeon 4-5's "nobody yet" items, half of them); the level opens only once the clean
# run holds such an item answered right, which this learner never gives.
NAMED = [_gap(lid, n, key) if (lid, n, key) in GAPS else (lid, n, key) for lid, n in LEVELS
         for key in LESSONS[lid].levels[n - 1].misconceptions]


@pytest.mark.slow
@pytest.mark.parametrize(("lesson_id", "level", "key"), NAMED)
def test_a_misconception_learner_never_opens_its_level_in_30_deals(lesson_id: str, level: int,
                                                                   key: str) -> None:
    """30 deals: such a learner answers every telling item wrong, so one deal in which it
    opened a level would be a rule failure, not bad luck; 30 deals of up to 120 items from a bank
    of 200 meet each item about 18 times (a shorter run of 10 deals on 40 items added nothing)."""
    _carry(lesson_id, level, key, range(1, 31), 200)
    result = run(LESSONS[lesson_id], level, carrying(key), seed=1, limit=20)  # the real session
    assert result.opened_after is None, result


@pytest.mark.slow
@pytest.mark.parametrize(("lesson_id", "level"), LEVELS)
def test_a_guessing_learner_steps_back(lesson_id: str, level: int) -> None:
    for seed in (1, 2, 3):
        result = run(LESSONS[lesson_id], level, guesser, seed=seed, limit=50)
        assert not result.reached_mastered and result.opened_after is None, result
        assert result.step_backs >= 1      # stuck: stepped back and shown the example again


# (lesson, level, misconception message): every level with a numeric answer names at least
# two typical slips, each with a message of its own.
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


@pytest.mark.slow
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
