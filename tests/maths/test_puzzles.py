"""Puzzle generators: seeded, and their answers are right by the maths layer's own checks."""

from __future__ import annotations

import pytest

from sq_edu.maths import (
    check_equation,
    find_discards,
    hand_with_discards,
    legal_question,
    missing_card,
)


def test_missing_card_answer_completes_a_true_equation() -> None:
    for seed in range(200):
        puzzle = missing_card(seed, max_addends=3)
        assert puzzle.question.count("?") == 1
        filled = puzzle.question.replace("?", str(puzzle.answer))
        assert filled == puzzle.equation
        assert check_equation(filled).ok
        assert 1 <= puzzle.answer <= 10
    assert missing_card(5) == missing_card(5)


def test_legal_question_answers_match_check_equation() -> None:
    answers = set()
    for seed in range(200):
        q = legal_question(seed)
        verdict = check_equation(q.question)
        assert verdict.ok == q.answer, q
        assert verdict.key == q.reason or (q.answer and verdict.key == "ok_no_hand")
        answers.add(q.answer)
    assert answers == {True, False}


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_hands_with_exactly_k_discards(k: int) -> None:
    for seed in range(10):
        hand = hand_with_discards(k, seed)
        assert len(hand) == 5 and len(find_discards(hand)) == k
    assert hand_with_discards(k, 3) == hand_with_discards(k, 3)


def test_impossible_request_says_so() -> None:
    with pytest.raises(ValueError, match="exactly 40 discards"):
        hand_with_discards(40, 0, tries=200)
