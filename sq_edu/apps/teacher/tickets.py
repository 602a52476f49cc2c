"""The teacher page's exit tickets: read the children's tickets (camera or typed) into the class
table and CSV, in a class with no server (`classroom.exit_ticket`).

The tickets are checked with the class key the teacher's class link hands the children
(`TeacherApp.class_query` adds it as `&tk=...`); a forged, damaged or other class's ticket is
refused with a sentence that says why, and the same ticket read twice counts once
(`classroom.ticket_box.TicketBox`). The table and CSV are the live class view's own
(`classroom.diagnosis`).

CSS hooks: `sq-ticket-code` (typed code), `sq-ticket-add` (button), `sq-qr-camera` (the camera
reader, widgets.qr_camera), `sq-ticket-status` (role=status), `sq-ticket-grid` (the class
table), `sq-ticket-csv` (its download link).
"""

from __future__ import annotations

import html
import sys
import time
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import load_lessons
from sq_edu.practice.classroom.diagnosis import class_csv, grid_html, skill_grid
from sq_edu.practice.classroom.ticket_box import Reading, TicketBox
from sq_edu.widgets.controls import button, html_box, text_box
from sq_edu.widgets.download import download_link
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.qr_camera import QrCamera

# Where the site keeps jsQR (lite/build.py), from the app page (app.html) the app runs in.
SITE_READER = "static/jsqr/jsQR.js"


def on_the_site() -> bool:
    """Python runs in the browser (Pyodide): the serverless site."""
    return sys.platform == "emscripten"


class TicketSection(widgets.VBox):
    """Heading, camera, typed code, what the last ticket read did, the class table and CSV."""

    def __init__(self, lang: str, key: str, class_code: str = "",
                 reader_url: str | None = None) -> None:
        self.lang = normalize_lang(lang)
        self.box = TicketBox(key)
        self.class_code = class_code
        self.last: Reading | None = None
        self.heading = widgets.HTML()
        self.status = Feedback(self.lang)
        self.status.add_class("sq-ticket-status")
        guard = guarded(lambda: self.status)
        url = SITE_READER if reader_url is None and on_the_site() else (reader_url or "")
        self.camera = QrCamera(reader_url=url)
        self.camera_note = html_box("sq-ticket-camera-note")
        self.code = text_box(layout=widgets.Layout(width="min(30em, 95%)"),
                             style={"description_width": "initial"})
        self.code.add_class("sq-ticket-code")
        self.add = button("sq-ticket-add", icon="plus")
        self.grid = html_box("sq-ticket-grid")
        self.csv_link = html_box("sq-ticket-csv")
        self.add.on_click(guard(lambda _b: self.read_typed()))
        self.camera.observe(guard(lambda _c: self.read(self.camera.read)), "reads")
        self.camera.observe(guard(self._camera_problem), "problem")
        self._titles = {i: lesson for i, lesson in load_lessons().lessons.items()}
        super().__init__([self.heading, self.camera, self.camera_note,
                          widgets.HBox([self.code, self.add],
                                       layout=widgets.Layout(flex_flow="row wrap",
                                                             align_items="center")),
                          self.status, self.grid, self.csv_link])
        self.add_class("sq-ticket-section")
        self.set_lang(self.lang)

    def read_typed(self) -> Reading:
        reading = self.read(self.code.value)
        if reading.tone != "bad":
            self.code.value = ""
        return reading

    def read(self, code: object) -> Reading:
        """Read one ticket's code and say what it did; the table follows."""
        reading = self.box.read(code)
        self.last = reading
        self._say()
        if reading.tone == "good":
            self._draw()
        return reading

    def _camera_problem(self, change: dict[str, Any]) -> None:
        if change["new"]:
            self.status.say("exit_ticket.camera_denied", "bad")
            self.camera.problem = ""

    def _say(self) -> None:
        reading = self.last
        if reading is None:
            self.status.clear()
            return
        name = reading.ticket.nickname if reading.ticket is not None else ""
        self.status.say(reading.key, reading.tone, **{"nickname": name, **reading.params})

    def _draw(self) -> None:
        lang = self.lang
        activities = self.box.activities()
        count = f"<p>{html.escape(t('exit_ticket.count', lang, n=len(activities)))}</p>"
        if not activities:
            self.grid.value = f"<p>{html.escape(t('exit_ticket.none_yet', lang))}</p>"
            self.csv_link.value = ""
            return

        def titles(lesson: str, skill: str) -> str:
            found = self._titles.get(lesson)
            return found.skill_title(skill, lang) if found is not None else skill

        self.grid.value = count + grid_html(skill_grid(activities), lang, titles)
        table = class_csv(activities, self.class_code or "-", lang).encode("utf-8")
        name = f"tickets_{self.class_code or 'class'}_{time.strftime('%Y%m%d_%H%M')}.csv"
        self.csv_link.value = download_link(table, name, "text/csv",
                                            t("classroom.csv_download", lang))

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        lang = self.lang
        self.heading.value = (f"<h3>{html.escape(t('exit_ticket.teacher_heading', lang))}</h3>"
                              f"<p>{html.escape(t('exit_ticket.teacher_help', lang))}</p>")
        with self.camera.hold_sync():
            self.camera.start_label = t("exit_ticket.camera_start", lang)
            self.camera.stop_label = t("exit_ticket.camera_stop", lang)
            self.camera.looking_label = t("exit_ticket.camera_looking", lang)
        self.camera_note.value = ("" if self.camera.reader_url else
                                  f"<p>{html.escape(t('exit_ticket.camera_site_only', lang))}</p>")
        self.code.description = t("exit_ticket.typed_label", lang)
        self.code.placeholder = t("exit_ticket.typed_placeholder", lang)
        self.add.description = t("exit_ticket.add", lang)
        self.status.set_lang(lang)
        self._say()
        self._draw()
