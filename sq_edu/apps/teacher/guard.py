"""`ClassGuard`: the teacher's controls for a class server under strain, behind the password.

- which lock is on after too many wrong guesses (on a learner, the class password, the teacher
  password), why (how many wrong tries, from which device or address) and until when, read
  from the server-wide guess counts, with "Lift every lock" (one click);
- for one nickname: give a new secret (a picture and 4 digits drawn by the server, shown big
  in `sq-guard-secret` to hand to the child who forgot theirs), free the nickname (a
  classmate took it first) or lift the wait;
- the one-time door code for a late child's new device behind a flood (`door.py`);
- "free the class": every lesson page kernel but this one is shut down, so a class held full
  by forgotten tabs or by one device starts afresh (the children reload their pages);
- the class report as a CSV file the server streams (a short signed link, not the file).

Stable hooks: `sq-class-guard` (the box), `sq-guard-locks` (who is locked),
`sq-guard-lift-all` (lifts every lock; shown while one is on),
`sq-guard-nickname` (text), `sq-guard-reset`, `sq-guard-release`, `sq-guard-lift`,
`sq-guard-free` (buttons), `sq-guard-secret` (a new secret), `sq-guard-report` (the CSV
link); messages go to the app's
`sq-status` line.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as widgets

from sq_edu.apps.teacher.door import DoorBox
from sq_edu.i18n import normalize_lang, t
from sq_edu.pages.server_calls import ask_to_free_the_class, report_link
from sq_edu.practice import ProgressError, clean_nickname
from sq_edu.practice.classroom.learners import release_lock, release_nickname, reset_secret
from sq_edu.practice.guess_limit import STRONG_TARGETS, GuessLimit
from sq_edu.practice.secret_pictures import symbol
from sq_edu.widgets.controls import button, html_box, text_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.picture_picker import picture_name

LOCK_LINES = {"pair": "guard_lock_device", "address": "guard_lock_address",
              "device": "guard_lock_many"}


class ClassGuard(widgets.VBox):
    """Lockouts, a learner's secret and nickname, and "free the class"."""

    def __init__(self, folder: Path | None, feedback: Feedback, lang: str = "en",
                 free_class: Callable[[], int] = ask_to_free_the_class) -> None:
        self.folder = folder
        self.feedback = feedback
        self.lang = normalize_lang(lang)
        self._free_class = free_class
        guard = guarded(lambda: self.feedback)
        self.heading = widgets.HTML()
        self.locks = html_box("sq-guard-locks")
        self.nickname = text_box(style={"description_width": "initial"},
                                 layout=widgets.Layout(width="18em"))
        self.nickname.add_class("sq-guard-nickname")
        self.reset = button("sq-guard-reset", icon="key")
        self.release = button("sq-guard-release", icon="user-times")
        self.lift = button("sq-guard-lift", icon="unlock")
        self.lift_all = button("sq-guard-lift-all", icon="unlock-alt", button_style="danger")
        self.lift_all.on_click(guard(lambda _b: self.lift_every_lock()))
        self.free = button("sq-guard-free", icon="power-off", button_style="warning")
        self.report = html_box("sq-guard-report")
        self.secret_card = html_box("sq-guard-secret")
        self.reset.on_click(guard(lambda _b: self.reset_secret(self.nickname.value)))
        self.release.on_click(guard(lambda _b: self.release_nickname(self.nickname.value)))
        self.lift.on_click(guard(lambda _b: self.lift_wait(self.nickname.value)))
        self.free.on_click(guard(lambda _b: self.free_the_class()))
        row = widgets.HBox([self.nickname, self.reset, self.release, self.lift],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.door = DoorBox(folder, feedback, self.lang)   # a late child behind a flood
        super().__init__([self.heading, self.locks, self.lift_all, row, self.secret_card,
                          self.door, self.free, self.report])
        self.add_class("sq-class-guard")
        self.set_lang(self.lang)

    # --- actions ----------------------------------------------------------------------------
    def _learner(self, text: str) -> str | None:
        try:
            return clean_nickname(text)
        except ProgressError as error:
            self.feedback.show(error.msg.render(self.lang), "bad")
            return None

    def reset_secret(self, text: str) -> bool:
        """A new secret for the learner, shown big for the teacher to hand over."""
        self.secret_card.value = ""
        nickname = self._learner(text)
        if nickname is None or self.folder is None:
            return False
        given = reset_secret(self.folder, nickname)
        if given is None:
            self.feedback.say("classroom.guard_no_learner", "bad", nickname=nickname)
            return False
        picture, digits = given
        name = picture_name(picture, self.lang)
        self.feedback.say("classroom.guard_reset_done", "good", nickname=nickname,
                          picture=name, digits=digits)
        self.secret_card.value = (
            f'<div role="status" style="display:inline-block;border:3px solid #1d4ed8;'
            f'border-radius:12px;padding:8px 16px;margin:6px 0;background:#eff6ff">'
            f"<div>{escape(t('classroom.guard_secret_card', self.lang, nickname=nickname))}"
            f'</div><div style="font-size:2.2em;line-height:1.2">'
            f'<span aria-hidden="true">{symbol(picture)}</span> {escape(name)} + '
            f'<b style="letter-spacing:0.15em">{escape(digits)}</b></div></div>')
        self.draw_locks()
        return True

    def release_nickname(self, text: str) -> bool:
        return self._for_learner(text, lambda f, n: release_nickname(f, n) is not None,
                                 "guard_release_done")

    def _for_learner(self, text: str, action: Callable[[Path, str], bool], done: str) -> bool:
        """Do `action` for the learner typed; a friendly line either way."""
        nickname = self._learner(text)
        if nickname is None or self.folder is None:
            return False
        if not action(self.folder, nickname):
            self.feedback.say("classroom.guard_no_learner", "bad", nickname=nickname)
            return False
        self.feedback.say(f"classroom.{done}", "good", nickname=nickname)
        self.draw_locks()
        return True

    def lift_wait(self, text: str) -> None:
        """Lift the wait on a learner, or on the class password when the box is empty."""
        if text.strip():
            nickname = self._learner(text)
            if nickname is None:
                return
            from sq_edu.practice.progress import learner_file_name

            release_lock(self.folder, f"learner:{learner_file_name(nickname)[:-5]}")
        else:
            release_lock(self.folder, "class")
        self.feedback.say("classroom.guard_lifted", "good")
        self.draw_locks()

    def lift_every_lock(self) -> int:
        """Every wait lifted at once (the class, the teacher's and every learner's)."""
        lifted = GuessLimit(self.folder).release_all()
        self.feedback.say("classroom.guard_lifted_all", "good", n=lifted)
        self.draw_locks()
        return lifted

    def free_the_class(self) -> int:
        freed = self._free_class()
        if freed < 0:
            self.feedback.say("classroom.guard_free_failed", "bad")
        else:
            self.feedback.say("classroom.guard_free_done", "good", n=freed)
        return freed

    # --- drawing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Locks and the door code as they are now (the live view calls it every few s)."""
        self.draw_locks()
        self.door.refresh()

    def draw_locks(self) -> None:
        """The locks in force: on whom, why (wrong tries from which device or address) and
        until when; "Lift every lock" shows while one is on."""
        lines = []
        for lock in GuessLimit(self.folder).locks():
            kind, _, name = str(lock["target"]).partition(":")
            who = (name if kind == "learner" else t(f"classroom.guard_target_{kind}", self.lang)
                   if kind in ("class", "teacher", "door") else kind)
            until = time.strftime("%H:%M", time.localtime(lock["until"]))
            address = lock["address"] or t("classroom.guard_this_computer", self.lang)
            line = LOCK_LINES[lock["kind"]]
            if lock["kind"] == "address" and lock["target"] in STRONG_TARGETS:
                line = "guard_lock_address_password"   # a new device there tries once
            lines.append(t(f"classroom.{line}", self.lang, who=who,
                           n=lock["fails"], address=address, time=until))
        text = lines or [t("classroom.guard_no_locks", self.lang)]
        self.locks.value = "".join(f"<p>{escape(line)}</p>" for line in text)
        self.lift_all.layout.display = "" if lines else "none"

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.heading.value = (f"<h3>{escape(t('classroom.guard_title', self.lang))}</h3>"
                              f"<p>{escape(t('classroom.guard_help', self.lang))}</p>")
        self.nickname.description = t("practice.report_nickname", self.lang)
        for control, key in ((self.reset, "guard_reset"), (self.release, "guard_release"),
                             (self.lift, "guard_lift"), (self.free, "guard_free")):
            control.description = t(f"classroom.{key}", self.lang)
        self.lift_all.description = t("classroom.guard_lift_all", self.lang)
        self.door.set_lang(self.lang)
        link = report_link(self.lang)
        self.report.value = (
            f'<p><a href="{escape(link)}" download="class-report.csv" style="color:#1d4ed8;'
            f'text-decoration:underline;font-size:1.05em">⬇ '
            f"{escape(t('classroom.guard_report', self.lang))}</a></p>" if link else "")
        self.draw_locks()
