"""What a lesson reveals after an answer ("What was really going on", the card counter) waits
until the exercise is settled: answered right, wrong twice, or worked out in the hints. Shown
after one wrong answer, the card counter gave card detective's count of dragons not seen yet,
the number the answer asks for, so the second try was copied. Driven through the widgets'
traits and `Button.click()`, as the other lesson-app tests."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import ipywidgets as widgets
import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.i18n import t
from sq_edu.widgets.tracker import DeckTracker

UNSEEN_YES = "mistakes.block_unseen_yes"


def texts(widget: widgets.Widget) -> str:
    """Every text the page shows under `widget`, tags taken out, but the level's worked
    example (folded under "How it works": another deal, with its own count)."""
    found: list[str] = []
    if "sq-example" in getattr(widget, "_dom_classes", ()):
        return ""
    value = getattr(widget, "value", None)
    if isinstance(value, str):
        found.append(re.sub(r"<[^>]+>", " ", value))
    for child in getattr(widget, "children", ()):
        found.append(texts(child))
    return " ".join(found)


def trackers(widget: widgets.Widget) -> list[DeckTracker]:
    found = [widget] if isinstance(widget, DeckTracker) else []
    for child in getattr(widget, "children", ()):
        found += trackers(child)
    return found


@pytest.fixture
def app(tmp_path: Path) -> LessonApp:
    """Card detective 4 on a "maybe, 2 dragons not seen yet" item."""
    app = LessonApp("card_detective", seed=8, level=4, progress_path=tmp_path / "p.json")
    assert app.exercise.answers == ("maybe-2",), app.exercise.answers
    return app


def pick(app: LessonApp, option: str) -> None:
    app.answer.set(option)
    app.submit_button.click()


def trap(app: LessonApp, key: str, skip: int = 0) -> str:
    """A wrong option whose message is `key` (the `skip`-th of them)."""
    return str([value for value, why in app.exercise.traps if why.key == key][skip])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_first_wrong_answer_names_the_error_and_does_not_show_the_count(app: LessonApp,
                                                                          lang: str) -> None:
    app.language.value = lang
    pick(app, trap(app, UNSEEN_YES))
    assert app.result.understood and not app.result.correct
    assert app.feedback.tone == "bad" and not app.solved
    assert app.result.misconception == UNSEEN_YES   # the feedback names the error
    assert app.result.message.key == "practice.not_quite"
    assert app.result.interpretation is not None
    assert app.result.interpretation.render(lang) in unescape(app.interpretation.value)
    assert "player 2" in unescape(app.interpretation.value) or lang == "ru"
    # Nothing on the page counts the dragons for the learner: no card counter, no "where the
    # dragons really are", no "not seen yet" but in the options themselves.
    assert app.reveal.children == () and trackers(app) == []
    shown = texts(app) + app.feedback.text
    assert t("lesson_app.reveal_title", lang) not in shown
    assert t("lessons.det_worked_dragons", lang, seen=1, unseen=2) not in shown
    assert not app.submit_button.disabled   # the second try is the learner's own


def test_a_second_wrong_answer_shows_what_was_going_on(app: LessonApp) -> None:
    pick(app, trap(app, UNSEEN_YES))
    pick(app, trap(app, UNSEEN_YES, skip=1))
    assert not app.solved and app.feedback.tone == "bad"
    [tracker] = trackers(app)
    assert t("lesson_app.reveal_title", "en") in app.reveal_lines.value
    assert "Dragon" in texts(tracker)


def test_a_right_second_try_shows_what_was_going_on(app: LessonApp) -> None:
    pick(app, trap(app, UNSEEN_YES))
    assert trackers(app) == []
    pick(app, "maybe-2")
    assert app.solved and len(trackers(app)) == 1
    record = app.progress.mastery.skills[app.exercise.skill]
    assert (record.attempts, record.correct) == (1, 0)   # the second try does not count


def test_the_worked_answer_in_the_hints_shows_what_was_going_on(app: LessonApp) -> None:
    pick(app, trap(app, UNSEEN_YES))
    for _ in range(app.exercise.hint_count - 1):
        app.hint_button.click()
        assert trackers(app) == []   # a nudge and a strategy: still the learner's count
    app.hint_button.click()          # the worked answer gives the count anyway
    assert len(trackers(app)) == 1


def test_the_hidden_reveal_comes_in_the_language_chosen_later(app: LessonApp) -> None:
    pick(app, trap(app, UNSEEN_YES))
    app.language.value = "ru"
    assert app.reveal_lines.value == ""
    pick(app, "maybe-2")
    assert t("lesson_app.reveal_title", "ru") in app.reveal_lines.value
