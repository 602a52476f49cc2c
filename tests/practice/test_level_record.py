"""A step back is a short warm-up (issue #38, item 2): three misses in a row at a level send the
learner to the previous level, already mastered, for RETURN_AFTER clean answers in a row, then
back to the level stepped from, where the clean run that opens it must be earned again and the
record of right answers goes on from before the step back. Level 1 steps back to itself."""

from __future__ import annotations

import json

from sq_edu.practice.mastery import (
    GUESSER_ODDS,
    LEVEL_ACCURACY,
    RETURN_AFTER,
    STUCK_AFTER,
    Mastery,
    Outcome,
    guesser_tail,
    items_to_master,
)
from sq_edu.practice.progress import Progress, from_bytes, to_bytes

DAY = 740_000


def answer(m: Mastery, level: int, correct: bool, hints: int = 0) -> Outcome:
    return m.record("eq", level, "x", correct, hints, levels=3, today=DAY)


def stuck_at(level: int) -> Mastery:
    m = Mastery()
    m.choose_level("eq", level)
    outcomes = [answer(m, level, False) for _ in range(STUCK_AFTER)]
    assert outcomes[-1].step_back == max(1, level - 1)
    return m


def test_the_warm_up_comes_back_after_return_after_clean_answers() -> None:
    assert RETURN_AFTER == 2
    m = stuck_at(3)
    assert m.lesson("eq").level == 2 and m.lesson("eq").warm_up_for == 3
    outcomes = [answer(m, 2, True) for _ in range(RETURN_AFTER)]
    assert [o.back_to for o in outcomes] == [None] * (RETURN_AFTER - 1) + [3]
    assert not any(o.level_up for o in outcomes)     # the warm-up opens nothing
    rec = m.lesson("eq")
    assert (rec.level, rec.warm_up_for, rec.streak, rec.score) == (3, 0, 0, 0)


def test_a_miss_or_a_hint_in_the_warm_up_does_not_count_towards_the_way_back() -> None:
    m = stuck_at(3)
    assert answer(m, 2, True).back_to is None
    assert answer(m, 2, False).back_to is None       # the run starts again
    assert answer(m, 2, True).back_to is None
    assert answer(m, 2, True, hints=1).back_to is None   # helped: not clean
    assert answer(m, 2, True).back_to == 3


def test_the_clean_run_is_earned_again_and_the_misses_still_count() -> None:
    """Back at level 2 after 3 misses (0 of 3 right), the warm-up's right answers are not level
    2's: the level opens at the first clean run that also makes 3 in 4 right and beats the
    guesser's odds counting those misses, later than the bare clean run would."""
    guess = 1 / 3
    need = next(k for k in range(items_to_master(guess), 60)
                if k >= LEVEL_ACCURACY * (STUCK_AFTER + k)
                and guesser_tail(k, STUCK_AFTER + k, guess) < GUESSER_ODDS)
    assert need > items_to_master(guess)      # the misses hold it back
    m = stuck_at(2)
    for _ in range(RETURN_AFTER):
        answer(m, 1, True)
    opened = [n for n in range(1, 60) if answer(m, 2, True).level_up == 3]
    assert opened[0] == need


def test_at_level_1_the_step_back_is_level_1_again() -> None:
    m = stuck_at(1)
    rec = m.lesson("eq")
    assert rec.level == 1 and rec.warm_up_for == 0
    outcomes = [answer(m, 1, True) for _ in range(20)]
    assert not any(o.back_to for o in outcomes)
    assert any(o.level_up == 2 for o in outcomes)   # level 1 opens level 2 as ever


def test_stuck_in_the_warm_up_steps_back_again_and_comes_back_to_the_warm_up_level() -> None:
    m = stuck_at(3)
    backs = [answer(m, 2, False).step_back for _ in range(STUCK_AFTER)]
    assert backs[-1] == 1 and m.lesson("eq").warm_up_for == 2
    assert [answer(m, 1, True).back_to for _ in range(RETURN_AFTER)][-1] == 2
    rec = m.lesson("eq")
    assert (rec.level, rec.answered, rec.right) == (2, STUCK_AFTER, 0)   # level 2's misses


def test_a_progress_file_keeps_the_warm_up_and_an_older_one_still_loads() -> None:
    m = stuck_at(3)
    progress = Progress("Fox", m)
    again = from_bytes(to_bytes(progress))
    assert again.mastery.lesson("eq").warm_up_for == 3
    assert [answer(again.mastery, 2, True).back_to for _ in range(RETURN_AFTER)][-1] == 3
    # saved before the warm-up existed, in the middle of a step back: no such field
    data = json.loads(to_bytes(Progress("Fox", stuck_at(3))))
    del data["mastery"]["lessons"]["eq"]["warm_up_for"]
    old = from_bytes(json.dumps(data).encode()).mastery.lesson("eq")
    assert (old.level, old.warm_up_for) == (2, 0)   # carries on under the old rule


def test_a_tampered_level_to_come_back_to_stays_in_the_lesson() -> None:
    m = stuck_at(3)
    m.lesson("eq").warm_up_for = 99
    assert [answer(m, 2, True).back_to for _ in range(RETURN_AFTER)][-1] == 3
