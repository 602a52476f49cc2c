"""Who is playing: a nickname row for the game apps (Play, Table), so the coach reaches progress.

The record itself (answers kept until the learner is named, saved at once after) is
`sq_edu.practice.learner_record.LearnerRecord`; this row names it and says a failed save once
in the page (and in the log). Naming needs the learner's secret, as in a lesson: the picture
and 4 digits (`SecretFields`) go through the lesson's own `SecretGate` (one guess counter for
the server), so a classmate who types another learner's nickname neither reads nor adds to
that record. A new nickname takes the secret given now. A wrong or missing secret is said
kindly; the game goes on, its answers kept in this page until the right secret is given.
Play's settings and the Table app both use this row.
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
from sq_edu.widgets.secret_fields import SecretFields
from sq_edu.widgets.secret_gate import SecretGate

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


def name_seat(record: LearnerRecord, name: str, opened: LearnerRecord,
              not_kept: list[str]) -> Progress | None:
    """Name a person's record at a hot seat (Play together asks no secrets there), unless
    that nickname has a secret that this page has not opened (`opened`, the nickname row's):
    then None, the name added to `not_kept`, and the seat's answers stay on this screen."""
    store = record.store_for(name)
    if store.secret() is not None and (opened.store is None or opened.store.path != store.path):
        not_kept.append(name)
        return None
    return record.name(name)


def not_kept_key(not_kept: list[str]) -> str:
    """The message for the seats `name_seat` did not keep: one name, or several."""
    return "play.seat_not_kept" if len(not_kept) == 1 else "play.seats_not_kept"


class LearnerRow(widgets.VBox):
    """Nickname, secret and "Keep my progress" for `record`; `on_learner` hears of a named
    learner."""

    def __init__(self, feedback: Feedback, record: LearnerRecord, lang: str = "en",
                 on_learner: Callable[[Progress], None] | None = None) -> None:
        self.lang = normalize_lang(lang)
        self.feedback = feedback
        self.learner = record
        self.record = SavingRecorder(record, feedback)
        self.gate = SecretGate(record.folder)
        self._on_learner = on_learner
        self.nickname = text_box(style={"description_width": "initial"},
                                 layout=widgets.Layout(width="auto"))
        self.nickname.add_class("sq-nickname")
        self.secret = SecretFields(self.lang)
        self.save_button = button("sq-save-nickname", icon="save")
        self.help = html_box("sq-help-line")
        self.save_button.on_click(guarded(lambda: self.feedback)(
            lambda _b: self.set_nickname(self.nickname.value)))
        row = widgets.HBox([self.nickname],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([row, self.help, self.secret, self.save_button])
        self.add_class("sq-learner")
        self.set_lang(self.lang)

    @property
    def progress(self) -> Progress:
        return self.learner.progress

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.nickname.description = t("practice.report_nickname", self.lang)
        self.save_button.description = t("play.learner_save", self.lang)
        self.secret.set_lang(self.lang)
        key = "play.learner_saved" if self.learner.named else "play.learner_help"
        self.help.value = (f'<span style="font-size:0.95em">'
                           f"{escape(t(key, self.lang, name=self.progress.nickname))}</span>")

    def set_nickname(self, text: str, picture: str | None = None,
                     pin: str | None = None) -> bool:
        """Name the learner if their secret opens their record (`picture` and `pin`, else
        what is picked and typed here; both are cleared): their file is loaded (or started
        with this secret) and what was answered so far is added. True when named."""
        picked, typed = self.secret.take()
        picture, pin = (picked if picture is None else picture), (typed if pin is None else pin)
        try:
            store = self.learner.store_for(text)
        except ProgressError as exc:
            self.feedback.show(exc.msg.render(self.lang), "bad")
            return False
        self.gate = SecretGate(store.path.parent)   # the folder's counter, shared by all pages
        current = self.learner.store
        if current is None or current.path != store.path:   # this page has not opened it yet
            refusal = self.gate.refusal(store, text.strip(), picture, pin)
            if refusal is not None:
                kept = self.progress.nickname if self.learner.named else ""
                self.nickname.value = kept or text
                not_kept = t("play.learner_not_kept", self.lang, name=text.strip())
                self.feedback.show(f"{refusal.render(self.lang)} {not_kept}", "bad")
                return False
            secret = self.gate.record_to_keep(picture, pin, store.secret())
        else:
            secret = self.gate.record_to_keep(picture, pin, self.progress.secret)
        saved = self.learner.name(text, secret)
        self._save()
        self.nickname.value = saved.nickname
        self.set_lang(self.lang)
        said = self.gate.said_msg()   # a message: a language switch says it again
        if said is not None:
            self.feedback.say(said.key, "good", **said.params)
        if self._on_learner is not None:
            self._on_learner(saved)
        return True

    def _save(self) -> None:
        self.record.save()
