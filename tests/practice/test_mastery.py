"""Mastery rises with clean answers (more for answers that are hard to guess), opens the next
level only at "mastered", steps back after three mistakes in a row (the warm-up and the way
back: test_level_record.py), ignores replays, and
brings mastered skills back for review after 1, 3, 7 and 21 calendar days."""

from __future__ import annotations

from sq_edu.practice.mastery import (
    HINTED_CAP,
    LEVEL_UP_STREAK,
    MASTERED,
    RETURN_AFTER,
    REVIEW_DAYS,
    STUCK_AFTER,
    Mastery,
    gain,
    guesser_tail,
    items_to_master,
    misconception_bits,
)

DAY = 740_000   # a calendar day number (date.toordinal), fixed so the tests do not depend on today


def test_the_next_level_opens_exactly_when_the_level_is_mastered() -> None:
    m = Mastery()
    asked = items_to_master(1 / 3)
    assert asked == 8      # three options: a guesser is right 8 times running once in 6561
    outcomes = [m.record("eq", 1, "pairs", True, 0, levels=3, today=DAY)
                for _ in range(asked)]
    opened = [n for n, o in enumerate(outcomes, 1) if o.level_up == 2]
    assert opened == [asked]                   # not one answer earlier
    assert outcomes[-1].stage == "mastered"    # the level opens at "mastered", never before
    assert all(o.stage != "mastered" for o in outcomes[:-1])
    assert m.lesson("eq").level == 2 and m.lesson("eq").unlocked == 2
    assert m.level_mastered("eq", 1) and not m.level_mastered("eq", 2)


def test_answers_that_are_hard_to_guess_prove_more() -> None:
    assert gain(1 / 10) > gain(1 / 3) > gain(1 / 2)
    m = Mastery()
    ups = [m.record("q", 1, "sum", True, levels=2, guess=1 / 20, today=DAY).level_up
           for _ in range(LEVEL_UP_STREAK)]
    assert ups == [None] * (LEVEL_UP_STREAK - 1) + [2]   # still never fewer than the streak


def test_hinted_answers_do_not_count_towards_the_level() -> None:
    m = Mastery()
    for _ in range(15):
        assert m.record("eq", 1, "pairs", True, hints=1, levels=3, today=DAY).level_up is None
    assert m.lesson("eq").level == 1
    assert m.skill("pairs").score == HINTED_CAP < MASTERED
    assert m.skill("pairs").hints == 15 and m.skill("pairs").correct == 15


def test_mistakes_lower_the_score_and_reset_the_streak() -> None:
    m = Mastery()
    m.record("eq", 1, "pairs", True, levels=3, today=DAY)
    m.record("eq", 1, "pairs", True, levels=3, today=DAY)
    before = m.skill("pairs").score
    m.record("eq", 1, "pairs", False, levels=3, today=DAY)
    assert m.skill("pairs").score < before and m.lesson("eq").streak == 0
    assert m.standing("pairs").word == "practising"   # two of three right alone


def test_three_wrong_in_a_row_step_back_to_the_previous_level() -> None:
    m = Mastery()
    m.choose_level("eq", 3)
    backs = [m.record("eq", 3, "x", False, levels=3, today=DAY).step_back
             for _ in range(STUCK_AFTER)]
    assert backs == [None] * (STUCK_AFTER - 1) + [2]
    assert m.lesson("eq").level == 2
    # at level 1 there is nowhere lower: the same level again, with its worked example
    m2 = Mastery()
    backs = [m2.record("eq", 1, "x", False, levels=3, today=DAY).step_back for _ in range(3)]
    assert backs[-1] == 1


def test_a_learner_at_0_of_10_looks_different_from_one_at_3_of_5() -> None:
    stuck, trying = Mastery(), Mastery()
    stuck_outcomes = [stuck.record("eq", 1, "x", False, levels=3, today=DAY) for _ in range(10)]
    for correct in (True, False, True, False, True):
        last = trying.record("eq", 1, "x", correct, levels=3, today=DAY)
    assert sum(o.step_back is not None for o in stuck_outcomes) == 3
    assert last.step_back is None and trying.skill("x").score > stuck.skill("x").score == 0


def test_replays_of_the_same_deal_never_open_a_level() -> None:
    m = Mastery()
    for _ in range(20):
        outcome = m.record("eq", 1, "pairs", True, levels=3, replay=True, today=DAY)
        assert outcome.replay and outcome.level_up is None
    assert m.lesson("eq").level == 1 and m.skill("pairs").score == 0
    assert m.skill("pairs").attempts == 20       # still counted as practice


def test_last_level_stays() -> None:
    m = Mastery()
    m.choose_level("eq", 3)
    for _ in range(12):
        assert m.record("eq", 3, "x", True, levels=3, today=DAY).level_up is None


def test_mastered_skill_comes_back_after_1_3_7_21_days() -> None:
    m = Mastery()
    while m.skill("pairs").score < MASTERED:
        m.record("eq", 1, "pairs", True, levels=9, today=DAY)
    assert m.due_reviews(DAY) == []
    day = DAY
    for gap in REVIEW_DAYS:
        assert m.due_reviews(day + gap - 1) == []
        day += gap
        assert m.due_reviews(day) == ["pairs"]
        assert m.due_in(("pairs", "sums"), day) == ["pairs"] and m.due_in(("sums",), day) == []
        assert m.record("eq", 1, "pairs", True, levels=9, today=day).reviewed
    outcome = m.record("eq", 1, "pairs", False, levels=9, today=day + 30)
    assert outcome.reviewed and m.skill("pairs").score < MASTERED
    assert m.skill("pairs").due == day + 30 + REVIEW_DAYS[0]   # back to tomorrow


def test_round_trip() -> None:
    m = Mastery()
    m.record("eq", 1, "pairs", True, 1, levels=3, today=DAY)
    assert Mastery.from_dict(m.to_dict()) == m


def test_old_progress_files_still_load() -> None:
    old = {"clock": 3, "skills": {"pairs": {"attempts": 3, "correct": 3, "hints": 0,
                                            "score": 60, "review_step": -1, "due": None}},
           "lessons": {"eq": {"level": 1, "unlocked": 1, "streak": 3}}}
    m = Mastery.from_dict(old)
    assert m.lesson("eq").score == 0 and m.skill("pairs").score == 60


def test_answers_at_another_level_leave_the_current_level_alone() -> None:
    m = Mastery()
    m.choose_level("eq", 2)
    for _ in range(8):
        assert m.record("eq", 1, "pairs", True, levels=3, today=DAY).level_up is None
    assert m.lesson("eq").level == 2 and m.lesson("eq").streak == 0


def test_a_guessable_level_asks_for_more_right_answers() -> None:
    """The level's sampled guess rate sets how many right answers in a row it takes: pure
    guessing at that rate does as well less than once in 3000 tries."""
    for guess in (0.05, 0.2, 1 / 3, 0.5):
        n = items_to_master(guess)
        assert guesser_tail(n, n, guess) < 1 / 3000 <= guesser_tail(n - 1, n - 1, guess) \
            or n == LEVEL_UP_STREAK
    assert items_to_master(0.5) == 12 and items_to_master(0.05) == LEVEL_UP_STREAK


def test_one_miss_never_wipes_out_a_run_of_right_answers() -> None:
    m = Mastery()
    for _ in range(2):
        m.record("eq", 1, "pairs", True, levels=9, guess=0.1, today=DAY)
    run = m.skill("pairs").score
    m.record("eq", 1, "pairs", False, levels=9, guess=0.1, today=DAY)
    after = m.skill("pairs").score
    assert run / 2 < after < run         # it falls, gently: more than half the run is kept
    m.record("eq", 1, "pairs", False, levels=9, guess=0.1, today=DAY)
    assert m.skill("pairs").score < after  # a second miss falls further


def test_an_error_met_at_a_level_must_be_told_apart_by_the_run_that_opens_it() -> None:
    """Right on every "yes" and "no" but wrong on each "maybe": once a "maybe" item has shown the
    error, no run without a right "maybe" opens the level, not even after stepping back."""
    tells, named = misconception_bits(("forgot_seen", "unseen_yes"), {"unseen_yes"})
    assert (tells, named) == (0b10, 0b11)
    asked = items_to_master(1 / 3)
    m = Mastery()
    m.choose_level("det", 2)
    m.record("det", 2, "block", False, 0, levels=3, today=DAY, tells=tells, named=named)
    outcomes = [m.record("det", 2, "block", True, 0, levels=3, today=DAY, tells=0b01,
                         named=named) for _ in range(3 * asked)]
    assert not any(o.level_up for o in outcomes)
    last = m.record("det", 2, "block", True, 0, levels=3, today=DAY, tells=tells, named=named)
    assert last.level_up == 3
    m = Mastery()       # stepping back and coming again keeps what the level has shown
    m.choose_level("det", 2)
    back = [m.record("det", 2, "block", False, 0, levels=3, today=DAY, tells=tells,
                     named=named) for _ in range(STUCK_AFTER)][-1].step_back
    assert back == 1
    warm_up = [m.record("det", 1, "block", True, 0, levels=3, today=DAY, tells=0b01,
                        named=named).back_to for _ in range(RETURN_AFTER)]
    assert warm_up[-1] == 2
    outcomes = [m.record("det", 2, "block", True, 0, levels=3, today=DAY, tells=0b01,
                         named=named) for _ in range(3 * asked)]
    assert not any(o.level_up for o in outcomes)


def test_a_level_opens_only_after_each_named_error_met_a_telling_item_answered_right() -> None:
    """No item that tells "unseen_yes" came up: however long the clean run, the level stays shut
    (a child who carries that error would pass it); one such item answered right opens it. A
    telling item answered after a hint proves nothing."""
    named = 0b11
    asked = items_to_master(1 / 3)
    m = Mastery()
    opened = [m.record("det", 1, "block", True, 0, levels=3, today=DAY, tells=0b01,
                       named=named).level_up for _ in range(3 * asked)]
    assert not any(opened)
    assert m.record("det", 1, "block", True, 1, levels=3, today=DAY, tells=0b10,
                    named=named).level_up is None          # with a hint: help, not proof
    again = [m.record("det", 1, "block", True, 0, levels=3, today=DAY, tells=0b01,
                      named=named).level_up for _ in range(asked)]
    assert not any(again)
    last = m.record("det", 1, "block", True, 0, levels=3, today=DAY, tells=0b10, named=named)
    assert last.level_up == 2
    assert m.lesson("det").proved == 0                      # the next level starts afresh
