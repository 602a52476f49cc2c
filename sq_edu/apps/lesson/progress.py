"""The "My progress" panel of the lesson app: skills, nickname, download and upload.

It owns the learner's `Progress` and where it is kept, saving after each answer. Two ways:
- an explicit file (`store`, the tests' and old notebooks' way): everything goes there;
- the progress folder (`folder`, the default): answers live in memory until a nickname is
  saved, then in `<folder>/<learner_file_name>.json`. A returning learner's file is loaded
  ("Welcome back") and the answers given before the nickname are replayed onto it, so nothing
  is lost and nothing is counted twice. In the folder each learner has a secret, a picture
  of sixteen and a number of 4 digits (`secret_pictures`, stored hashed): chosen with the
  nickname, asked at "welcome back" and before an upload may replace a record that is not
  yours (`secret_gate`). Wrong secrets are counted for the whole server (`guess_limit`, per
  learner and per device): after five, growing waits. A record from before the pictures
  opens with its 4 digits; its learner is asked to add a picture, and the record is remade
  with it.
Every save re-reads the file under a lock and replays this page's new answers onto it, so two
tabs with one nickname lose nothing.
A save that fails (full disk, read-only folder) is said once in the page, with the download
link as the way out; the lesson goes on and the traceback goes to the log. Bad files and
nicknames get a friendly line; callbacks run through the app's guard.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from sq_edu.apps.lesson.html import mastery_html
from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Progress, ProgressError, ProgressStore, clean_nickname
from sq_edu.practice.learner_guard import is_picture_record
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.mastery import DEFAULT_GUESS, Outcome
from sq_edu.practice.messages import Msg, msg
from sq_edu.practice.progress import from_bytes, to_bytes
from sq_edu.practice.secret_pictures import hash_secret, secret_text
from sq_edu.practice.session import Attempt
from sq_edu.widgets.controls import text_box
from sq_edu.widgets.download import download_link
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.secret_fields import SecretFields
from sq_edu.widgets.secret_gate import SecretGate

log = logging.getLogger(__name__)
NOT_SAVED = "lesson_app.progress_not_saved"


class ProgressPanel(widgets.VBox):
    """Skills, nickname, export and import of one learner's progress."""

    def __init__(self, lesson: Lesson, store: ProgressStore | None, feedback: Feedback,
                 lang: str = "en", on_import: Callable[[Progress], None] | None = None,
                 folder: Path | None = None,
                 on_learner: Callable[[Progress], None] | None = None) -> None:
        self.lesson = lesson
        self.store = store
        self.folder = folder if store is None else None
        self.progress = store.load() if store is not None else Progress()
        self.feedback = feedback
        self.lang = normalize_lang(lang)
        self.level = 1
        self._on_import = on_import
        self._on_learner = on_learner
        self._muted = False
        self._failing = False                 # the last save failed (said once per streak)
        self._unfiled: list[Attempt] = []      # answers not yet in any learner's file
        self._unsaved: list[Attempt] = []      # answers not yet in this learner's file
        self._started: dict[str, int] = {}     # ... each lesson's level when the first came
        self.gate = SecretGate(self.folder)
        self.title = widgets.HTML()
        self.title.add_class("sq-progress-title")
        self.mastery = widgets.HTML()
        self.mastery.add_class("sq-mastery")
        self.notice = widgets.HTML()
        self.notice.add_class("sq-progress-notice")
        self.nickname = text_box(value=self.progress.nickname,
                                 style={"description_width": "initial"})
        self.nickname.add_class("sq-nickname")
        # The "not your real name" advice is a visible line: a placeholder vanishes on typing.
        self.nickname_help = widgets.HTML()
        self.nickname_help.add_class("sq-help-line")
        self.save_nickname = widgets.Button(icon="save", layout=widgets.Layout(width="auto"))
        self.save_nickname.add_class("sq-save-nickname")
        # The secret (picture and number), Save on the number's row: asked only with a
        # progress folder (an explicit file is one learner's).
        self.fields = SecretFields(self.lang, beside=[self.save_nickname],
                                   shown=self.folder is not None)
        self.secret, self.picture = self.fields.secret, self.fields.picture
        self.export = widgets.HTML()
        self.export.add_class("sq-export")
        self.export_help = widgets.HTML()
        self.export_help.add_class("sq-help-line")
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("sq-import")
        self.upload.add_class("sq-upload")   # the label without ipywidgets' "(0)" (app.css)
        guard = guarded(lambda: self.feedback)
        self.save_nickname.on_click(guard(lambda _b: self.set_nickname(self.nickname.value)))
        self.upload.observe(guard(self._uploaded), "value")
        # In the order a child fills them in: nickname, picture, number, Save.
        nickname_row = widgets.HBox([self.nickname])
        nickname_row.add_class("sq-progress-row")
        files_row = widgets.HBox([self.export, self.upload])   # download and upload together
        files_row.add_class("sq-progress-row")
        # Who is working: in class mode these go above the first task until saved.
        self.who_parts = (nickname_row, self.nickname_help, self.fields)
        self.parts = (self.title, self.mastery, self.notice, *self.who_parts, files_row,
                      self.export_help)
        super().__init__(list(self.parts))
        self.add_class("sq-progress-box")

    # --- saving ---------------------------------------------------------------------------
    def record(self, lesson_id: str, level: int, skill: str, correct: bool, hints: int,
               levels: int, guess: float = DEFAULT_GUESS, replay: bool = False, *,
               tells: int = 0, named: int = 0, slip: str = "") -> Outcome:
        """Count one answer (the app then calls `save`); remembered until it is in a file."""
        answer = Attempt(lesson_id, level, skill, correct, hints, levels, guess, replay,
                         tells, named, slip)
        if self.store is None:
            self._unfiled.append(answer)
        before = self.progress.mastery.lessons.get(lesson_id)
        if before is not None:
            self._started.setdefault(lesson_id, before.level)
        self._unsaved.append(answer)
        return self.progress.mastery.record(lesson_id, level, skill, correct, hints, levels,
                                            guess=guess, replay=replay, tells=tells,
                                            named=named, slip=slip)

    def save(self, *, replace: bool = False) -> Msg | None:
        """Write the progress file (if there is one) and redraw: merged with what another tab
        saved, or (`replace`, an upload) as the whole record with the old one backed up.

        Returns the line to show now when this save is the first of a run that failed (the
        app puts it under the feedback); None otherwise. Failing saves never raise.
        """
        shown: Msg | None = None
        if self.store is not None:
            try:
                if replace:
                    self.store.replace(self.progress)
                else:
                    self.progress = self.store.commit(self.progress, self._unsaved,
                                                      self._started)
            except (OSError, ProgressError) as exc:
                if not self._failing:
                    log.warning("could not save progress to %s", self.store.path,
                                exc_info=True)
                    shown = exc.msg if isinstance(exc, ProgressError) else msg(NOT_SAVED)
                self._failing = True
            else:
                self._failing = False
                self._unfiled.clear()
                self._unsaved.clear()
                self._started.clear()
        self.draw()
        return shown

    @property
    def save_failed(self) -> bool:
        """True while the progress is only in memory because the last save failed."""
        return self._failing

    # --- nickname -------------------------------------------------------------------------
    def set_nickname(self, text: str, pin: str | None = None,
                     picture: str | None = None) -> None:
        """Name the learner; with a progress folder this also picks (or finds) their file,
        and needs their secret (`picture` and `pin`, else what is picked and typed)."""
        try:
            nickname = clean_nickname(text)
        except ProgressError as exc:
            self.feedback.show(exc.msg.render(self.lang), "bad")
            return
        given_picture, given_pin = self.fields.take()   # never left for the next child
        typed = given_pin if pin is None else pin
        picked = given_picture if picture is None else picture
        self.gate.forget()
        joined = self._join(nickname, picked, typed) if self.folder is not None else "same"
        if joined == "refused":
            return
        if joined == "returning" and self.progress.nickname:
            nickname = self.progress.nickname   # a look-alike spelling is the same learner
        self.progress.nickname = nickname
        self.nickname.value = nickname
        failed = self.save()
        if failed is not None or self._failing or self.store is None:
            self.feedback.show((failed or msg(NOT_SAVED)).render(self.lang), "bad")
        elif joined == "unreadable" and self.store is not None and self.store.problem:
            self.feedback.show(self.store.problem.render(self.lang), "bad")
        else:
            said = t("lesson_app.welcome_back" if joined == "returning"
                     else "lesson_app.nickname_saved", self.lang, nickname=nickname)
            self.feedback.show(f"{said} {self.gate.said(self.lang)}".strip(), "good")

    def _join(self, nickname: str, picture: str | None, typed: str) -> str:
        """Switch to this learner's file in the folder: "same", "new", "returning",
        "unreadable" (their file was damaged; the store says how it was recovered) or
        "refused" (a missing or wrong secret number; the page says so).

        A learner already named who types another nickname is someone else: that learner's
        own progress is used (the first one's file stays as it was). Answers not yet in any
        file are replayed onto the learner's saved record, so none is lost or counted twice.
        """
        assert self.folder is not None
        store = ProgressStore.for_learner(nickname, self.folder)
        same = self.store is not None and store.path == self.store.path
        if not same or not is_picture_record(self.progress.secret):
            refusal = self.gate.refusal(store, nickname, picture, typed)
            if refusal is not None:
                self.feedback.show(refusal.render(self.lang), "bad")
                return "refused"
        if same:
            remade = self.gate.record_to_keep(picture, typed, self.progress.secret)
            self.progress.secret = remade or self.progress.secret
            return "same"
        try:
            exists = store.path.exists()
        except OSError:
            exists = False
        named_before = self.store is not None
        self.store = store
        if not exists and not named_before:
            self.progress.secret = self.gate.record_to_keep(picture, typed, None)
            self._unsaved, self._started = [], {}   # no file yet: the record in memory is all
            return "new"                      # a new learner keeps what they did so far
        saved = store.load()
        saved.secret = self.gate.record_to_keep(picture, typed, saved.secret) or saved.secret
        for a in self._unfiled:
            saved.mastery.record(a.lesson_id, a.level, a.skill, a.correct, a.hints, a.levels,
                                 guess=a.guess, replay=a.replay, tells=a.tells, named=a.named,
                                 slip=a.slip)
        self._unsaved = list(self._unfiled)   # replayed onto the file's record on saving
        self._started.clear()
        self.progress = saved
        if self._on_learner is not None:
            self._on_learner(saved)
        if store.problem is not None:
            return "unreadable"
        return "returning" if exists else "new"

    # --- export / import ------------------------------------------------------------------
    def export_bytes(self) -> bytes:
        return to_bytes(self.progress)

    def import_bytes(self, data: bytes) -> bool:
        """Take uploaded progress; a friendly message (never a traceback) if it is not ours.

        With a progress folder, a file with a nickname becomes that learner's file here.
        """
        try:
            progress = from_bytes(data)
        except ProgressError as exc:
            self.feedback.show(exc.msg.render(self.lang), "bad")
            return False
        if self.folder is not None and progress.nickname:
            store = ProgressStore.for_learner(progress.nickname, self.folder)
            existing = store.secret()
            mine = self.store is not None and self.store.path == store.path
            picture, typed = self.fields.take()
            if existing is not None and not mine:
                refusal = self.gate.refusal(store, progress.nickname, picture, typed)
                if refusal is not None:
                    if refusal.key in ("safety.pin_wrong", "safety.pin_needed",
                                       "safety.secret_needed"):
                        refusal = msg("safety.upload_needs_pin", nickname=progress.nickname)
                    self.feedback.show(refusal.render(self.lang), "bad")
                    return False
            fresh = (hash_secret(picture or "", typed)   # a new learner, or an old secret remade
                     if secret_text(picture, typed) and not is_picture_record(existing)
                     and (existing is not None or progress.secret is None) else None)
            progress.secret = fresh or existing or progress.secret
            self.store = store
        self.fields.clear()
        self.progress = progress
        self._unfiled.clear()
        self._unsaved.clear()
        self._started.clear()
        self.nickname.value = progress.nickname
        if self._on_import is not None:
            self._on_import(progress)
        failed = self.save(replace=True)
        if failed is not None or self._failing:
            self.feedback.show((failed or msg(NOT_SAVED)).render(self.lang), "bad")
        else:
            self.feedback.show(msg("practice.progress_imported",
                                   nickname=progress.nickname or "?").render(self.lang), "good")
        return True

    # --- drawing --------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.draw()

    def notice_message(self) -> Msg | None:
        """The one line about where the progress is kept, if there is something to say."""
        if self._failing:
            return msg(NOT_SAVED)
        if self.store is None:   # no folder: no home directory was found
            return msg("lesson_app.progress_in_memory" if self.folder else NOT_SAVED)
        if self.folder is not None:
            return msg("lesson_app.progress_kept", nickname=self.progress.nickname)
        return None

    def draw(self) -> None:
        lang = self.lang
        self.title.value = f"<h3 class='sq-h'>{escape(t('lesson_app.progress_title', lang))}</h3>"
        notice = self.notice_message()
        self.notice.value = (
            f"<p role='status' aria-live='polite' style='margin:2px 0'>"
            f"{escape(notice.render(lang))}</p>" if notice is not None else "")
        self.nickname.description = t("practice.report_nickname", lang)
        self.nickname.placeholder = t("lesson_app.nickname_example", lang)
        self.nickname_help.value = escape(t("lesson_app.nickname_placeholder", lang))
        self.save_nickname.description = t("lesson_app.save_nickname", lang)
        self.fields.set_lang(lang)
        self.upload.description = self.upload.tooltip = t("lesson_app.upload", lang)
        self.mastery.value = mastery_html(self.lesson, self.progress.mastery, self.level, lang)
        self.export.value = download_link(
            self.export_bytes(), f"sq-progress-{self.progress.nickname or 'me'}.json",
            "application/json", t("lesson_app.download", lang), css="sq-export-link")
        self.export_help.value = escape(t("lesson_app.download_help", lang))

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = list(change["new"] or ())
        if self._muted or not files:
            return
        content = files[0].get("content", b"") if isinstance(files[0], dict) else b""
        self.import_bytes(bytes(content))
        self._muted = True
        try:
            self.upload.value = ()   # the same file may be picked again
        finally:
            self._muted = False
