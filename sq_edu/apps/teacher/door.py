"""`DoorBox`: the teacher's one-time door code, for a late child's new device behind a flood.

A page flood from the school's own address holds that address's share of new pages, and a
child's brand-new tablet there waits with it: the server cannot tell it from the script's next
cookie. The teacher can: the box shows a code of 6 digits (`classroom.door_code`), big enough to
read out to one child, who types it on the waiting page. Each code opens once; the server draws
the next at once and the box shows it at its next refresh (the live view's, every few
seconds), with the uses below it: when, from which address and device, and which learners
have opened their progress on that device since. "New door code" retires the one shown; a
code opens for 10 minutes (`door_code.LIFETIME`), then the box says none is open.

Shown on a page served by `sq-edu serve` (elsewhere there is no waiting page to type it on).
Stable hooks: `sq-door` (the box), `sq-door-code` (the code), `sq-door-new` (button),
`sq-door-uses` (the uses).
"""

from __future__ import annotations

import os
import time
from html import escape
from pathlib import Path

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.pages.params import QUERY_KEY_ENV
from sq_edu.practice.classroom.door_code import DoorCode, spoken
from sq_edu.practice.guess_limit import GuessLimit
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded


def served() -> bool:
    """This page runs under `sq-edu serve` (its kernel has the server's key)."""
    return bool(os.environ.get(QUERY_KEY_ENV) and os.environ.get("VOILA_KERNEL_ID"))


class DoorBox(widgets.VBox):
    """The door code now, "New door code", and the codes used."""

    def __init__(self, folder: Path | None, feedback: Feedback, lang: str = "en",
                 shown: bool | None = None) -> None:
        self.doors = DoorCode(folder)
        self.folder, self.feedback = folder, feedback
        self.lang = normalize_lang(lang)
        self.heading = widgets.HTML()
        self.code = html_box("sq-door-code")
        self.new = button("sq-door-new", icon="refresh")
        self.new.on_click(guarded(lambda: self.feedback)(lambda _b: self.renew()))
        self.used = html_box("sq-door-uses")
        super().__init__([self.heading, self.code, self.new, self.used])
        self.add_class("sq-door")
        on = (served() if shown is None else shown) and folder is not None
        self.layout.display = "" if on else "none"
        self.set_lang(self.lang)

    def renew(self) -> str:
        code = self.doors.renew()
        self.feedback.say("classroom.guard_door_renewed", "good", code=spoken(code))
        self.refresh()
        return code

    def refresh(self) -> None:
        """Read the code and its uses now (the server spends one and draws the next)."""
        if self.layout.display == "none":
            return
        code = spoken(self.doors.current())
        self.code.value = (
            '<div role="status" style="display:inline-block;border:3px solid #1d4ed8;'
            'border-radius:12px;padding:6px 16px;margin:6px 0;background:#eff6ff">'
            f'<b style="font-size:2.2em;letter-spacing:0.15em">{escape(code)}</b></div>'
            if code else   # expired: none open until the teacher asks for one
            f'<p role="status">{escape(t("classroom.guard_door_closed", self.lang))}</p>')
        self.used.value = "".join(f"<p>{escape(line)}</p>" for line in self._uses())

    def _uses(self) -> list[str]:
        """A line per use, newest first."""
        uses = self.doors.uses()
        if not uses:
            return [t("classroom.guard_door_none", self.lang)]
        learners: dict[str, list[str]] = {}
        for target, device, _first in GuessLimit(self.folder).opened():
            if target.startswith("learner:"):
                learners.setdefault(device, []).append(target.partition(":")[2])
        lines = []
        for use in reversed(uses):
            device = str(use.get("device", ""))
            names = sorted(set(learners.get(device, [])))
            lines.append(t("classroom.guard_door_used_by" if names else
                           "classroom.guard_door_used", self.lang,
                           time=time.strftime("%H:%M", time.localtime(float(use.get("at", 0)))),
                           code=spoken(str(use.get("code", ""))),
                           address=str(use.get("address", "")) or "?",
                           device=device.partition("|")[2][:6] or "?",
                           learners=", ".join(names)))
        return lines

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.heading.value = (f"<h4>{escape(t('classroom.guard_door_title', self.lang))}</h4>"
                              f"<p>{escape(t('classroom.guard_door_help', self.lang))}</p>")
        self.new.description = t("classroom.guard_door_new", self.lang)
        self.refresh()
