"""`TeacherLogin`: the teacher password asked before the teacher page shows anything.

Only the salted hash of the password is known to the kernel
(`sq_edu.practice.classroom.teacher_key`).
The page's other widgets are not even created before the right password is given, so nothing
about the class reaches a browser that has not given it. Wrong tries get a friendly line; they
are counted for the whole server (`guess_limit`: every page and route), and a run of them
makes the next try from the guessing device wait longer and longer; the teacher's own device
(one that has not been guessing, or opened this page before) opens at once.

Stable hooks: `sq-teacher-login` (the box), `sq-teacher-password` (password input),
`sq-teacher-open` (button); the status line is the app's `sq-status`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice.classroom.teacher_key import check_password
from sq_edu.practice.guess_limit import GuessLimit, client_device
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.password_box import PasswordBox


class TeacherLogin(widgets.VBox):
    """Calls `on_open()` once the password matches `key` (a stored hash)."""

    def __init__(self, key: str, on_open: Callable[[], None], feedback: Feedback,
                 lang: str = "en", folder: Path | None = None) -> None:
        self._key = key
        self._on_open = on_open
        self.feedback = feedback
        self.lang = normalize_lang(lang)
        self.guesses = GuessLimit(folder)
        self.opened = False
        guard = guarded(lambda: self.feedback)
        self.heading = html_box("sq-teacher-login-title")
        # Enter sends the typed word with it (never judged on a word missing its last
        # letters); "Open" finds it too, as the box sends its word when a tap leaves it.
        self.password = PasswordBox()
        self.password.add_class("sq-teacher-password")
        self.open_button = button("sq-teacher-open", icon="unlock", button_style="primary")
        self.open_button.on_click(guard(lambda _b: self.try_password(self.password.value)))
        self.password.on_submit(guard(self.try_password))
        super().__init__([self.heading, widgets.HBox(
            [self.password, self.open_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"))])
        self.add_class("sq-teacher-login")
        self.set_lang(self.lang)

    def try_password(self, word: str) -> bool:
        """Check one try; True (and the page opens) when it is the teacher password."""
        if self.opened:
            return True
        device = client_device()
        wait = self.guesses.wait_left("teacher", device)
        if wait:
            self.feedback.say("classroom.password_wait", "bad", n=wait)
            return False
        if not word:
            self.feedback.say("classroom.password_empty", "bad")
            return False
        if not check_password(word, self._key):
            wait = self.guesses.failed("teacher", device)
            self.password.value = ""
            if wait:
                self.feedback.say("classroom.password_wait", "bad", n=wait)
            else:
                self.feedback.say("classroom.password_wrong", "bad")
            return False
        self.guesses.succeeded("teacher", device)
        self.opened = True
        self.password.value = ""
        self.feedback.clear()
        self._on_open()
        return True

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.heading.value = (f"<h3>{escape(t('classroom.password_title', self.lang))}</h3>"
                              f"<p>{escape(t('classroom.password_help', self.lang))}</p>")
        self.password.description = t("classroom.password", self.lang)
        self.open_button.description = t("classroom.password_open", self.lang)
