"""Who is playing: a nickname row for the game app, so the coach's questions reach progress.

Answers given before a nickname is saved are kept in memory and replayed onto the learner's
file when it is (nothing lost, nothing counted twice). Each answer is recorded with
`source="play"` and saved at once; a save that fails is said once in the page and logged.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Progress, ProgressError, ProgressStore, clean_nickname
from sq_edu.practice.checking import Judgement as Verdict
from sq_edu.practice.coach.questions import Question
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded

log = logging.getLogger(__name__)


class LearnerRow(widgets.VBox):
    """Nickname, "Keep my progress", and the learner's `Progress` the coach records into."""

    def __init__(self, feedback: Feedback, lang: str = "en", folder: Path | None = None,
                 on_learner: Callable[[Progress], None] | None = None) -> None:
        self.lang = normalize_lang(lang)
        self.feedback = feedback
        self.folder = folder
        self.store: ProgressStore | None = None
        self.progress = Progress()
        self._unfiled: list[tuple[str, str, bool, float]] = []  # (lesson, skill, right, guess)
        self._on_learner = on_learner
        self._failing = False
        self.nickname = widgets.Text(style={"description_width": "initial"},
                                     layout=widgets.Layout(width="auto"))
        self.nickname.add_class("sq-nickname")
        self.save_button = button("sq-save-nickname", icon="save")
        self.help = html_box("sq-help-line")
        self.save_button.on_click(guarded(lambda: self.feedback)(
            lambda _b: self.set_nickname(self.nickname.value)))
        row = widgets.HBox([self.nickname, self.save_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([row, self.help])
        self.add_class("sq-learner")
        self.set_lang(self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.nickname.description = t("practice.report_nickname", self.lang)
        self.save_button.description = t("play.learner_save", self.lang)
        key = "play.learner_saved" if self.store is not None else "play.learner_help"
        self.help.value = (f'<span style="font-size:0.95em">'
                           f"{escape(t(key, self.lang, name=self.progress.nickname))}</span>")

    def set_nickname(self, text: str) -> None:
        """Name the learner: load (or start) their file and add what was answered so far."""
        try:
            name = clean_nickname(text)
        except ProgressError as exc:
            self.feedback.show(exc.msg.render(self.lang), "bad")
            return
        self.store = ProgressStore.for_learner(name, self.folder)
        saved = self.store.load()
        for lesson, skill, correct, guess in self._unfiled:
            saved.mastery.record(lesson, 0, skill, correct, guess=guess, source="play")
        saved.nickname = name
        self.progress = saved
        self._unfiled.clear()
        self._save()
        self.nickname.value = name
        self.set_lang(self.lang)
        if self._on_learner is not None:
            self._on_learner(saved)

    def record(self, question: Question, verdict: Verdict) -> None:
        """One coach answer, counted like a drill answer of the same skill and saved."""
        ex = question.exercise
        guess = ex.guess_chance     # a lucky pick among 5 words counts for less, as in drills
        self.progress.mastery.record(ex.lesson_id, ex.level, ex.skill, verdict.correct,
                                     guess=guess, source="play")
        if self.store is None:
            self._unfiled.append((ex.lesson_id, ex.skill, verdict.correct, guess))
            return
        self._save()

    def _save(self) -> None:
        assert self.store is not None
        try:
            self.store.save(self.progress)
        except (OSError, ProgressError):
            if not self._failing:
                log.warning("could not save progress to %s", self.store.path, exc_info=True)
                self.feedback.say("lesson_app.progress_not_saved", "bad")
            self._failing = True
        else:
            self._failing = False
