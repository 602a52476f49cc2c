"""After an answer the lesson shows the way on: a wrong set of cards goes back into the hand,
a right answer highlights "Next" (the browser moves focus there: tests/browser/test_focus.py)."""

from __future__ import annotations

from sq_edu.apps.lesson import LessonApp


def _wrong_pair(app: LessonApp) -> list[int]:
    """Two positions of the hand that are not a right answer."""
    hand = app.exercise.hand
    right = {tuple(sorted(map(str, answer))) for answer in app.exercise.answers}
    for i in range(len(hand)):
        for j in range(i + 1, len(hand)):
            if tuple(sorted(map(str, (hand[i], hand[j])))) not in right:
                return [i, j]
    raise AssertionError("no wrong pair in this hand")


def test_wrong_cards_go_back_and_right_answer_lights_next() -> None:
    app = LessonApp("equations", "en", level=1, seed=12)
    hand = app.answer.hand
    hand.selected = _wrong_pair(app)
    result = app.submit()
    assert result is not None and not result.correct
    assert hand.selected == [] and app.feedback.tone == "bad"  # the message stays
    assert app.next_button.button_style == ""
    app.answer.set(app.exercise.answers[0])
    assert app.submit().correct
    assert app.next_button.button_style == "success"
    app.next_exercise()
    assert app.next_button.button_style == ""

