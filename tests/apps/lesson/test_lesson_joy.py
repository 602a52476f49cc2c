"""A right answer in a lesson: a cheer and the picked cards marked to fly off."""

from __future__ import annotations

from sq_edu.apps.lesson import LessonApp


def test_a_right_answer_cheers_and_marks_the_cards_to_fly(tmp_path) -> None:
    app = LessonApp("equations", "en", level=2, seed=12, progress_dir=tmp_path)
    app.answer.set(list(app.exercise.answers[0]))
    app.submit()
    assert app.cheer.serial == 1 and app.cheer.cue == "right"
    assert "sq-solved" in app.answer._dom_classes
    app.next_exercise()
    assert "sq-solved" not in app.answer._dom_classes and app.celebrate.value == ""
