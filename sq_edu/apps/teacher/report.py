"""The teacher page's progress report from uploaded files (the way on Binder, where every
child has a server of their own and the teacher cannot read their folders).

Uploads are parsed as data (size-limited JSON, never code); a bad file is listed in the
report, never fatal. CSS hooks: `sq-report-upload` (button), `sq-report-view` (table),
`sq-report-csv` (CSV download link).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from sq_edu.apps.lesson.html import download_link
from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Progress, ProgressError
from sq_edu.practice.classroom.report import Report, teacher_report
from sq_edu.practice.progress import from_bytes
from sq_edu.widgets.controls import html_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded

MAX_FILES = 60  # a class, not a school: more uploads at once are refused with a message


class ReportSection(widgets.VBox):
    """Heading, upload button, report table and CSV link; the app's status line says how
    the upload went."""

    def __init__(self, lang: str, feedback: Feedback) -> None:
        self.lang = normalize_lang(lang)
        self.feedback = feedback
        self.report = Report()
        self.heading = widgets.HTML()
        self.upload = widgets.FileUpload(
            accept=".json,application/json", multiple=True,
            layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.upload.add_class("sq-report-upload")
        self.view = html_box("sq-report-view")
        self.csv_link = html_box("sq-report-csv")
        self.upload.observe(guarded(lambda: self.feedback)(self._uploaded), "value")
        super().__init__([self.heading, self.upload, self.view, self.csv_link])
        self.set_lang(self.lang)

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = [(str(item["name"]), bytes(item["content"])) for item in change["new"]]
        self.add_files(files)

    def add_files(self, files: list[tuple[str, bytes]]) -> Report:
        """Build the report from uploaded files; a bad file is listed, never fatal."""
        if len(files) > MAX_FILES:
            self.feedback.say("apps.teacher_too_many_files", "bad", n=MAX_FILES)
            return self.report
        loaded: list[Progress] = []
        problems: list[tuple[str, str]] = []
        for name, data in files:
            try:
                loaded.append(from_bytes(data))
            except ProgressError as error:
                problems.append((name, error.msg.key))
        self.report = teacher_report(loaded)
        self.report.problems.extend(problems)
        self._show()
        # A report with rows is a success (the unreadable files are listed in it); only a
        # batch in which nothing could be read is a failure.
        tone = "good" if loaded else "bad"
        self.feedback.say("apps.teacher_report_ready", tone, n=len(loaded), bad=len(problems))
        return self.report

    def _show(self) -> None:
        if not self.report.rows and not self.report.problems:
            self.view.value = f"<p>{html.escape(t('apps.teacher_no_report', self.lang))}</p>"
            self.csv_link.value = ""
            return
        self.view.value = self.report.to_html(self.lang)
        self.csv_link.value = download_link(
            self.report.to_csv(self.lang).encode("utf-8"), "progress-report.csv",
            "text/csv", t("apps.teacher_csv", self.lang))

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.heading.value = (
            f"<h3>{html.escape(t('apps.teacher_report', self.lang))}</h3>"
            f"<p>{html.escape(t('apps.teacher_report_help', self.lang))}</p>")
        self.upload.description = t("apps.teacher_upload", self.lang)
        self._show()
