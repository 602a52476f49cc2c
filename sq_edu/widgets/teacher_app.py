"""`TeacherApp`: class settings as a shareable link, the progress report, printable worksheets.

A teacher picks lesson, level, deal number and the pupils' language and gets one link that opens
the lesson with exactly those settings for every child (`equations.ipynb?lang=ru&level=2&seed=12`).
Children's exported progress files, uploaded together, become one report table with a CSV
download. A worksheet for the same settings downloads as a print-ready HTML page with its
answer key. Uploads are parsed as data (size-limited JSON, never code); every callback is guarded.

Stable hooks for browser tests (CSS classes; all controls are native and labelled):

    sq-teacher-app      the whole app              sq-language        English / Русский toggle
    sq-class-lesson     lesson (select)            sq-class-level     level (select)
    sq-class-seed       deal number                sq-class-lang      pupils' language (select)
    sq-class-link       the shareable link         sq-class-url       the same, as text to copy
    sq-report-upload    progress files (button)    sq-report-view     report table
    sq-report-csv       CSV download link          sq-worksheet-count number of exercises
    sq-worksheet-make   make the worksheet         sq-worksheet-link  its download link
    sq-status           status line (role=status)
"""

from __future__ import annotations

import html
import os
from urllib.parse import urlsplit, urlunsplit

import ipywidgets as widgets

from sq_edu.i18n import LANGS, normalize_lang, t
from sq_edu.links import DASHBOARDS, MAX_SEED, PageParams, clamp_level
from sq_edu.practice import Lesson, Progress, ProgressError, load_lessons, worksheet_html
from sq_edu.practice.progress import from_bytes
from sq_edu.practice.report import Report, teacher_report
from sq_edu.practice.worksheet import MAX_EXERCISES

from .feedback import Feedback
from .guard import guarded
from .language import LanguageToggle
from .lesson_app_html import download_link
from .style import AppStyle

MAX_FILES = 60  # a class, not a school: more uploads at once are refused with a message
WIDE = {"description_width": "initial"}


def _labelled(css: str, widget: widgets.Widget) -> widgets.Widget:
    widget.add_class(css)
    return widget


class TeacherApp(widgets.VBox):
    """The teacher page; see the module docstring for its parts and CSS hooks."""

    def __init__(self, lang: str = "en", lesson: str | None = None, level: int | None = None,
                 seed: int | None = None) -> None:
        self.lang = normalize_lang(lang)
        shipped = load_lessons().lessons
        self.lessons: dict[str, Lesson] = {
            lesson_id: shipped[lesson_id] for lesson_id in DASHBOARDS if lesson_id in shipped
        }
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-status")
        guard = guarded(lambda: self.feedback)
        self.report = Report()
        self._quiet = False  # set while options are relabelled, so settings do not "change"

        self.title = widgets.HTML()
        self.language = LanguageToggle(self.lang, self.feedback)
        self.language.on_change(guard(self.set_lang))
        self.class_heading = widgets.HTML()
        first = lesson if lesson in self.lessons else next(iter(self.lessons), None)
        self.lesson_select = _labelled("sq-class-lesson", widgets.Dropdown(
            options=list(self.lessons), value=first, style=WIDE))
        self.level_select = _labelled("sq-class-level", widgets.Dropdown(style=WIDE))
        self.seed_box = _labelled("sq-class-seed", widgets.BoundedIntText(
            value=seed if seed is not None else 1, min=0, max=MAX_SEED, style=WIDE,
            layout=widgets.Layout(width="16em")))
        self.class_lang = _labelled("sq-class-lang", widgets.Dropdown(
            options=list(LANGS), value=self.lang, style=WIDE))
        self.link = _labelled("sq-class-link", widgets.HTML())
        self.url = _labelled("sq-class-url", widgets.Text(
            layout=widgets.Layout(width="95%"), style=WIDE))

        self.report_heading = widgets.HTML()
        self.upload = _labelled("sq-report-upload", widgets.FileUpload(
            accept=".json,application/json", multiple=True,
            layout=widgets.Layout(width="auto", align_self="flex-start")))
        self.report_view = _labelled("sq-report-view", widgets.HTML())
        self.csv_link = _labelled("sq-report-csv", widgets.HTML())

        self.worksheet_heading = widgets.HTML()
        self.count = _labelled("sq-worksheet-count", widgets.BoundedIntText(
            value=8, min=1, max=MAX_EXERCISES, style=WIDE, layout=widgets.Layout(width="14em")))
        self.make = _labelled("sq-worksheet-make", widgets.Button(
            icon="print", layout=widgets.Layout(width="auto")))
        self.worksheet_link = _labelled("sq-worksheet-link", widgets.HTML())

        self._fill_levels(level)
        for control in (self.lesson_select, self.level_select, self.seed_box, self.class_lang):
            control.observe(guard(self._settings_changed), "value")
        self.upload.observe(guard(self._uploaded), "value")
        self.make.on_click(guard(lambda _b: self.make_worksheet()))

        super().__init__()
        self.add_class("sq-app")
        self.add_class("sq-teacher-app")
        header = widgets.HBox([self.title, self.language],
                              layout=widgets.Layout(justify_content="space-between"))
        header.add_class("sq-app-header")
        self.children = (
            AppStyle(), header,
            self.feedback,
            self.class_heading,
            widgets.HBox([self.lesson_select, self.level_select],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.seed_box, self.class_lang],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.link, self.url,
            self.report_heading, self.upload, self.report_view, self.csv_link,
            self.worksheet_heading, widgets.HBox([self.count, self.make]), self.worksheet_link,
        )
        self._texts()
        self._update_link()
        self._show_report()

    # --- class settings ---------------------------------------------------------------------

    @property
    def lesson(self) -> Lesson | None:
        return self.lessons.get(self.lesson_select.value)

    def _relabel(self, dropdown: widgets.Dropdown, options: list[tuple[str, object]],
                 value: object) -> None:
        """New option labels (or options) keeping the chosen value; ipywidgets would reset it."""
        self._quiet = True
        try:
            dropdown.options = options
            dropdown.value = value
        finally:
            self._quiet = False

    def _fill_levels(self, wanted: int | None = None) -> None:
        lesson = self.lesson
        levels = lesson.levels if lesson else ()
        numbers = [lvl.number for lvl in levels]
        # A wanted level the lesson lacks is the nearest it has (the one level policy).
        current = (clamp_level(wanted, len(numbers)) if wanted is not None and numbers
                   else (numbers[0] if numbers else None))
        self._relabel(self.level_select,
                      [(f"{lvl.number}. {lvl.title.get(self.lang)}", lvl.number)
                       for lvl in levels], current)

    def _settings_changed(self, change: dict) -> None:
        if self._quiet:
            return
        if change["owner"] is self.lesson_select:
            self._fill_levels()
        self._update_link()
        self.worksheet_link.value = ""

    def class_query(self) -> str:
        """The query string a whole class shares: language, level and deal number."""
        return PageParams(self.class_lang.value, seed=self.seed_box.value,
                          level=self.level_select.value).to_query()

    def share_link(self) -> str:
        """Link to the lesson with the class settings; absolute when the page address is known."""
        relative = f"{self.lesson_select.value}.ipynb?{self.class_query()}"
        page = os.environ.get("VOILA_REQUEST_URL", "")
        parts = urlsplit(page)
        if not (parts.scheme in ("http", "https") and parts.path.endswith("teacher.ipynb")):
            return relative
        path = parts.path[: -len("teacher.ipynb")] + f"{self.lesson_select.value}.ipynb"
        return urlunsplit((parts.scheme, parts.netloc, path, self.class_query(), ""))

    def _update_link(self) -> None:
        lesson = self.lesson
        if lesson is None:
            self.link.value = html.escape(t("apps.index_none", self.lang))
            return
        link = self.share_link()
        pupils = self.class_lang.value
        level, seed = self.level_select.value, self.seed_box.value
        name = (f"{lesson.title.get(pupils)}: {t('apps.teacher_level', pupils).lower()} "
                f"{level}, {t('apps.teacher_seed', pupils).lower()} {seed}")
        self.link.value = (f'<p>{html.escape(t("apps.teacher_link_intro", self.lang))} '
                           f'<a href="{html.escape(link)}" target="_blank" rel="noopener">'
                           f"{html.escape(name)}</a></p>")
        self.url.value = link

    # --- progress report --------------------------------------------------------------------

    def _uploaded(self, change: dict) -> None:
        files = [(str(item["name"]), bytes(item["content"])) for item in change["new"]]
        self.add_progress_files(files)

    def add_progress_files(self, files: list[tuple[str, bytes]]) -> Report:
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
        self._show_report()
        tone = "bad" if problems else "good"
        self.feedback.say("apps.teacher_report_ready", tone, n=len(loaded), bad=len(problems))
        return self.report

    def _show_report(self) -> None:
        if not self.report.rows and not self.report.problems:
            self.report_view.value = f"<p>{html.escape(t('apps.teacher_no_report', self.lang))}</p>"
            self.csv_link.value = ""
            return
        self.report_view.value = self.report.to_html(self.lang)
        self.csv_link.value = download_link(
            self.report.to_csv(self.lang).encode("utf-8"), "progress-report.csv",
            "text/csv", t("apps.teacher_csv", self.lang))

    # --- worksheets -------------------------------------------------------------------------

    def make_worksheet(self) -> str:
        """The printable worksheet (with answer key) for the class settings, as HTML."""
        lesson = self.lesson
        if lesson is None:
            return ""
        level, seed, count = self.level_select.value, self.seed_box.value, self.count.value
        page = worksheet_html(lesson, level, seed, count, self.class_lang.value)
        self.worksheet_link.value = download_link(
            page.encode("utf-8"), f"worksheet-{lesson.id}-{level}-{seed}.html", "text/html",
            t("apps.teacher_worksheet_link", self.lang),
            t("apps.teacher_worksheet_help", self.lang))
        return page

    # --- language ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.feedback.set_lang(self.lang)
        with self.hold_sync():
            self._fill_levels(self.level_select.value)
            self._texts()
            self._update_link()
            self._show_report()
            if self.worksheet_link.value:
                self.make_worksheet()

    def _texts(self) -> None:
        lang = self.lang
        self.title.value = f'<h2 class="sq-h">{html.escape(t("apps.teacher_title", lang))}</h2>'
        self.class_heading.value = f"<h3>{html.escape(t('apps.teacher_class', lang))}</h3>"
        self.report_heading.value = (
            f"<h3>{html.escape(t('apps.teacher_report', lang))}</h3>"
            f"<p>{html.escape(t('apps.teacher_report_help', lang))}</p>")
        self.worksheet_heading.value = f"<h3>{html.escape(t('apps.teacher_worksheet', lang))}</h3>"
        self.lesson_select.description = t("apps.teacher_lesson", lang)
        self._relabel(self.lesson_select,
                      [(self.lessons[i].title.get(lang), i) for i in self.lessons],
                      self.lesson_select.value)
        self.level_select.description = t("apps.teacher_level", lang)
        self.seed_box.description = t("apps.teacher_seed", lang)
        self.class_lang.description = t("apps.teacher_pupils_lang", lang)
        self._relabel(self.class_lang,
                      [(t(f"widgets.language_{code}", lang), code) for code in LANGS],
                      self.class_lang.value)
        self.url.description = t("apps.teacher_copy", lang)
        self.upload.description = t("apps.teacher_upload", lang)
        self.count.description = t("apps.teacher_count", lang)
        self.make.description = t("apps.teacher_make", lang)
