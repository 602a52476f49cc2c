"""The "My progress" panel of the lesson app: skills, nickname, download and upload.

It owns the learner's `Progress` and its store: saving after each answer, the nickname (no real
names), a data-URI download link (works in Voila and on Binder without a server route) and a
FileUpload for bringing progress back. Bad files and nicknames get a friendly line, never a
traceback; callbacks run through the app's guard.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Progress, ProgressError, ProgressStore, clean_nickname
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.messages import msg
from sq_edu.practice.progress import from_bytes, to_bytes

from .feedback import Feedback
from .guard import guarded
from .lesson_app_html import download_link, mastery_html

log = logging.getLogger(__name__)


class ProgressPanel(widgets.VBox):
    """Skills, nickname, export and import of one learner's progress."""

    def __init__(self, lesson: Lesson, store: ProgressStore | None, feedback: Feedback,
                 lang: str = "en", on_import: Callable[[Progress], None] | None = None) -> None:
        self.lesson = lesson
        self.store = store
        self.progress = store.load() if store is not None else Progress()
        self.feedback = feedback
        self.lang = normalize_lang(lang)
        self.level = 1
        self._on_import = on_import
        self._muted = False
        self.title = widgets.HTML()
        self.title.add_class("sq-progress-title")
        self.mastery = widgets.HTML()
        self.mastery.add_class("sq-mastery")
        self.nickname = widgets.Text(value=self.progress.nickname, layout=widgets.Layout(
            width="18em"), style={"description_width": "initial"})
        self.nickname.add_class("sq-nickname")
        self.save_nickname = widgets.Button(icon="save", layout=widgets.Layout(width="auto"))
        self.save_nickname.add_class("sq-save-nickname")
        self.export = widgets.HTML()
        self.export.add_class("sq-export")
        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         layout=widgets.Layout(width="auto"))
        self.upload.add_class("sq-import")
        guard = guarded(lambda: self.feedback)
        self.save_nickname.on_click(guard(lambda _b: self.set_nickname(self.nickname.value)))
        self.upload.observe(guard(self._uploaded), "value")
        super().__init__([self.title, self.mastery,
                          widgets.HBox([self.nickname, self.save_nickname]),
                          widgets.HBox([self.export, self.upload])])
        self.add_class("sq-progress-box")

    def save(self) -> None:
        """Write the progress file (if there is one) and redraw; a full disk is only logged."""
        if self.store is not None:
            try:
                self.store.save(self.progress)
            except (OSError, ProgressError):
                log.exception("could not save progress to %s", self.store.path)
        self.draw()

    def set_nickname(self, text: str) -> None:
        try:
            self.progress.nickname = clean_nickname(text)
        except ProgressError as exc:
            self.feedback.show(exc.msg.render(self.lang), "bad")
            return
        self.nickname.value = self.progress.nickname
        self.save()
        self.feedback.say("lesson_app.nickname_saved", "good", nickname=self.progress.nickname)

    def export_bytes(self) -> bytes:
        return to_bytes(self.progress)

    def import_bytes(self, data: bytes) -> bool:
        """Take uploaded progress; a friendly message (never a traceback) if it is not ours."""
        try:
            progress = self.store.import_bytes(data) if self.store else from_bytes(data)
        except ProgressError as exc:
            self.feedback.show(exc.msg.render(self.lang), "bad")
            return False
        self.progress = progress
        self.nickname.value = progress.nickname
        if self._on_import is not None:
            self._on_import(progress)
        self.feedback.show(msg("practice.progress_imported",
                               nickname=progress.nickname or "?").render(self.lang), "good")
        self.draw()
        return True

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.draw()

    def draw(self) -> None:
        lang = self.lang
        self.title.value = f"<h3 class='sq-h'>{escape(t('lesson_app.progress_title', lang))}</h3>"
        self.nickname.description = t("lesson_app.nickname", lang)
        self.nickname.placeholder = t("lesson_app.nickname_placeholder", lang)
        self.save_nickname.description = t("lesson_app.save_nickname", lang)
        self.upload.description = t("lesson_app.upload", lang)
        self.mastery.value = mastery_html(self.lesson, self.progress.mastery, self.level, lang)
        self.export.value = download_link(
            self.export_bytes(), f"sq-progress-{self.progress.nickname or 'me'}.json",
            "application/json", t("lesson_app.download", lang),
            t("lesson_app.download_help", lang), css="sq-export-link")

    def _uploaded(self, change: dict) -> None:
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
