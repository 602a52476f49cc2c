"""The nickname row's line about the secret ("Your secret is now the picture ...") is said
again in the new language when the page's language changes, picture name included."""

from __future__ import annotations

from pathlib import Path

from sq_edu.apps.shared.learner import LearnerRow
from sq_edu.practice.learner_record import LearnerRecord
from sq_edu.widgets.feedback import Feedback


def test_the_secret_line_follows_a_language_switch(tmp_path: Path) -> None:
    feedback = Feedback("en")
    row = LearnerRow(feedback, LearnerRecord(tmp_path), "en")
    row.secret.picture.buttons.value, row.secret.secret.value = "sun", "1357"
    assert row.set_nickname("Anna")
    assert "Your secret is now the picture “sun” and your number" in feedback.text
    for view in (feedback, row):   # what an app's language toggle does
        view.set_lang("ru")
    assert "Теперь твой секрет — картинка «солнце» и твоё число" in feedback.text
    for view in (feedback, row):
        view.set_lang("en")
    assert "Your secret is now the picture “sun”" in feedback.text
