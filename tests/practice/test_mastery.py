"""Mastery rises with correct answers, counts only hint-free ones towards levels, falls after
mistakes, and comes back for review."""

from __future__ import annotations

from sq_edu.practice.mastery import (
    HINTED_CAP,
    LEVEL_UP_STREAK,
    MASTERED,
    REVIEW_STEPS,
    Mastery,
)


def test_hint_free_streak_opens_the_next_level() -> None:
    m = Mastery()
    outcomes = [m.record("eq", 1, "pairs", True, 0, levels=3) for _ in range(LEVEL_UP_STREAK)]
    assert [o.level_up for o in outcomes] == [None] * (LEVEL_UP_STREAK - 1) + [2]
    assert m.lesson("eq").level == 2 and m.lesson("eq").unlocked == 2


def test_hinted_answers_do_not_count_towards_the_level() -> None:
    m = Mastery()
    for _ in range(15):
        assert m.record("eq", 1, "pairs", True, hints=1, levels=3).level_up is None
    assert m.lesson("eq").level == 1
    assert m.skill("pairs").score == HINTED_CAP < MASTERED
    assert m.skill("pairs").hints == 15 and m.skill("pairs").correct == 15


def test_mistakes_lower_the_score_and_reset_the_streak() -> None:
    m = Mastery()
    m.record("eq", 1, "pairs", True, levels=3)
    m.record("eq", 1, "pairs", True, levels=3)
    before = m.skill("pairs").score
    m.record("eq", 1, "pairs", False, levels=3)
    assert m.skill("pairs").score < before and m.lesson("eq").streak == 0
    assert m.skill("pairs").stage == "learning"


def test_last_level_stays() -> None:
    m = Mastery()
    m.choose_level("eq", 3)
    for _ in range(LEVEL_UP_STREAK * 2):
        assert m.record("eq", 3, "x", True, levels=3).level_up is None


def test_mastered_skill_comes_back_for_review() -> None:
    m = Mastery()
    while m.skill("pairs").score < MASTERED:
        m.record("eq", 1, "pairs", True, levels=9)
    assert m.skill("pairs").stage == "mastered" and m.due_reviews() == []
    for _ in range(REVIEW_STEPS[0]):
        m.record("eq", 2, "other", True, levels=9)
    assert m.due_reviews() == ["pairs"]
    outcome = m.record("eq", 1, "pairs", False, levels=9)
    assert outcome.reviewed and m.skill("pairs").score < MASTERED
    assert m.due_reviews() == []
    assert m.skill("pairs").due == m.clock + 3


def test_round_trip() -> None:
    m = Mastery()
    m.record("eq", 1, "pairs", True, 1, levels=3)
    assert Mastery.from_dict(m.to_dict()) == m


def test_answers_at_another_level_leave_the_current_level_alone() -> None:
    m = Mastery()
    m.choose_level("eq", 2)
    for _ in range(LEVEL_UP_STREAK):
        assert m.record("eq", 1, "pairs", True, levels=3).level_up is None
    assert m.lesson("eq").level == 2 and m.lesson("eq").streak == 0
