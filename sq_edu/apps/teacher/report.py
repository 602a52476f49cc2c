"""The teacher page's progress report from uploaded files (the way on Binder, where every
child has a server of their own and the teacher cannot read their folders).

Uploads are parsed as data (size-limited JSON, never code); a bad file is listed in the
report, never fatal. The table shows PAGE_ROWS rows at a time (60 large files once made a
56.6 MiB page), with buttons for the other pages; the CSV link is offered up to MAX_LINK_BYTES
(on a class server the teacher page also offers the whole class's CSV streamed by the server).
CSS hooks: `sq-report-upload` (button), `sq-report-view` (table), `sq-report-csv` (CSV
download link), `sq-report-prev` / `sq-report-next` / `sq-report-pages` (paging).
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Progress, ProgressError
from sq_edu.practice.classroom.report import Report, teacher_report
from sq_edu.practice.progress import from_bytes
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.download import download_link
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded

MAX_FILES = 60  # a class, not a school: more uploads at once are refused with a message
PAGE_ROWS = 50  # rows of the table drawn at once
MAX_LINK_BYTES = 1024 * 1024   # a larger CSV is not put into the page as a data link


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
        self.upload.add_class("sq-upload")   # the label without ipywidgets' "(0)" (app.css)
        self.view = html_box("sq-report-view")
        self.csv_link = html_box("sq-report-csv")
        self.page = 0
        self.prev_button = button("sq-report-prev", icon="chevron-left")
        self.next_button = button("sq-report-next", icon="chevron-right")
        self.pages = html_box("sq-report-pages")
        guard = guarded(lambda: self.feedback)
        self.prev_button.on_click(guard(lambda _b: self.turn(-1)))
        self.next_button.on_click(guard(lambda _b: self.turn(+1)))
        self.upload.observe(guard(self._uploaded), "value")
        self.paging = widgets.HBox([self.prev_button, self.pages, self.next_button],
                                   layout=widgets.Layout(align_items="center", gap="0.5em"))
        super().__init__([self.heading, self.upload, self.view, self.paging, self.csv_link])
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
        self.page = 0
        self._show()
        # A report with rows is a success (the unreadable files are listed in it); only a
        # batch in which nothing could be read is a failure.
        tone = "good" if loaded else "bad"
        self.feedback.say("apps.teacher_report_ready", tone, n=len(loaded), bad=len(problems))
        return self.report

    @property
    def page_count(self) -> int:
        return max(1, -(-len(self.report.rows) // PAGE_ROWS))

    def turn(self, step: int) -> None:
        """Show the previous (-1) or next (+1) page of the table."""
        self.page = min(max(0, self.page + step), self.page_count - 1)
        self._show()

    def _show(self) -> None:
        self.paging.layout.display = "none" if self.page_count == 1 else None
        if not self.report.rows and not self.report.problems:
            self.view.value = f"<p>{html.escape(t('apps.teacher_no_report', self.lang))}</p>"
            self.csv_link.value = ""
            return
        first = self.page * PAGE_ROWS
        shown = Report(self.report.rows[first:first + PAGE_ROWS], self.report.problems)
        self.view.value = shown.to_html(self.lang)
        self.pages.value = html.escape(t(
            "apps.teacher_report_rows", self.lang, first=first + 1,
            last=min(first + PAGE_ROWS, len(self.report.rows)), n=len(self.report.rows)))
        self.prev_button.disabled = self.page == 0
        self.next_button.disabled = self.page >= self.page_count - 1
        data = self.report.to_csv(self.lang).encode("utf-8")
        self.csv_link.value = (
            download_link(data, "progress-report.csv", "text/csv",
                          t("apps.teacher_csv", self.lang)) if len(data) <= MAX_LINK_BYTES
            else f"<p>{html.escape(t('apps.teacher_csv_too_big', self.lang))}</p>")

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.heading.value = (
            f"<h3>{html.escape(t('apps.teacher_report', self.lang))}</h3>"
            f"<p>{html.escape(t('apps.teacher_report_help', self.lang))}</p>")
        self.upload.description = self.upload.tooltip = t("apps.teacher_upload", self.lang)
        self.prev_button.description = t("apps.teacher_report_prev", self.lang)
        self.next_button.description = t("apps.teacher_report_next", self.lang)
        self._show()
