"""Who is playing: a nickname row for the game app, so the coach's questions reach progress.

The record itself (answers kept until the learner is named, saved at once after) is
`sq_edu.practice.learner_record.LearnerRecord`; this row names it and says a failed save once
in the page (and in the log).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Progress, ProgressError
from sq_edu.practice.checking import Judgement as Verdict
from sq_edu.practice.coach.questions import Question
from sq_edu.practice.learner_record import LearnerRecord, save_error
from sq_edu.widgets.controls import button, html_box, text_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded

log = logging.getLogger(__name__)


class SavingRecorder:
    """Records coach answers into `learner` and saves at once; a failed save is said once
    in `feedback` (and logged), and said again only after a save has worked."""

    def __init__(self, learner: LearnerRecord, feedback: Feedback) -> None:
        self.learner = learner
        self.feedback = feedback
        self._failing = False

    def __call__(self, question: Question, verdict: Verdict) -> None:
        self.learner.record(question, verdict)
        if self.learner.named:
            self.save()

    def save(self) -> None:
        error = save_error(self.learner)
        if error is None:
            self._failing = False
            return
        if not self._failing:
            where = self.learner.store.path if self.learner.store is not None else "?"
            log.warning("could not save progress to %s", where, exc_info=error)
            self.feedback.say("lesson_app.progress_not_saved", "bad")
        self._failing = True


class LearnerRow(widgets.VBox):
    """Nickname and "Keep my progress" for `record`; `on_learner` hears of a named learner."""

    def __init__(self, feedback: Feedback, record: LearnerRecord, lang: str = "en",
                 on_learner: Callable[[Progress], None] | None = None) -> None:
        self.lang = normalize_lang(lang)
        self.feedback = feedback
        self.learner = record
        self.record = SavingRecorder(record, feedback)
        self._on_learner = on_learner
        self.nickname = text_box(style={"description_width": "initial"},
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

    @property
    def progress(self) -> Progress:
        return self.learner.progress

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.nickname.description = t("practice.report_nickname", self.lang)
        self.save_button.description = t("play.learner_save", self.lang)
        key = "play.learner_saved" if self.learner.named else "play.learner_help"
        self.help.value = (f'<span style="font-size:0.95em">'
                           f"{escape(t(key, self.lang, name=self.progress.nickname))}</span>")

    def set_nickname(self, text: str) -> None:
        """Name the learner: load (or start) their file and add what was answered so far."""
        try:
            saved = self.learner.name(text)
        except ProgressError as exc:
            self.feedback.show(exc.msg.render(self.lang), "bad")
            return
        self._save()
        self.nickname.value = saved.nickname
        self.set_lang(self.lang)
        if self._on_learner is not None:
            self._on_learner(saved)

    def _save(self) -> None:
        self.record.save()
