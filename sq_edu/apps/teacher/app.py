"""`TeacherApp`: the class live, class settings as a shareable link, the progress report,
printable worksheets.

When the server was started with a teacher password (`sq-edu serve --teacher-password`), the
page first asks for it (`TeacherLogin`) and builds nothing else before the right one is given.
Then the live class view (`ClassView`) shows the server's class as it works. A teacher picks
lesson, level, deal number and the pupils' language and gets one absolute link (built from the
address the teacher's own browser shows, `PageAddress`) that opens the lesson with exactly those
settings for every child (`.../equations.ipynb?lang=ru&level=2&seed=12&class=5b`), optionally
with the level fixed for a test. Children's exported progress files, uploaded together, become
one report table with a CSV download (the way on Binder, where every child has their own
server). A worksheet for the same settings downloads as a print-ready HTML page with its
answer key. Uploads are parsed as data (size-limited JSON, never code); every callback is
guarded.

Stable hooks for browser tests (CSS classes; all controls are native and labelled):

    sq-teacher-app      the whole app              sq-language        English / Русский toggle
    sq-class-lesson     lesson (select)            sq-class-level     level (select)
    sq-class-seed       deal number                sq-class-lang      pupils' language (select)
    sq-class-link       the shareable link         sq-class-url       the same, as text to copy
    sq-class-fix        keep the class on this lesson and level (checkbox)
    sq-class-view       the live class (class_view.ClassView; its own hooks there)
    sq-live-off         why the live view is off (no teacher password was set)
    sq-report-upload    progress files (button)    sq-report-view     report table
    sq-report-csv       CSV download link          sq-worksheet-count number of exercises
    sq-worksheet-make   make the worksheet         sq-worksheet-link  its download link
    sq-status           status line (role=status)
"""

from __future__ import annotations

import html
import logging
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets

from sq_edu.apps.teacher import class_settings
from sq_edu.apps.teacher.class_settings import lesson_pages
from sq_edu.apps.teacher.class_view import ClassView
from sq_edu.apps.teacher.guard import ClassGuard
from sq_edu.apps.teacher.login import TeacherLogin
from sq_edu.apps.teacher.report import MAX_FILES, ReportSection
from sq_edu.apps.teacher.tickets import TicketSection, on_the_site
from sq_edu.apps.teacher.worksheets import WorksheetSection
from sq_edu.i18n import LANGS, normalize_lang, t
from sq_edu.links import MAX_SEED, PageParams, on_binder
from sq_edu.pages.link_seal import sealed_query
from sq_edu.pages.page_address import PageAddress
from sq_edu.practice import Lesson, load_lessons
from sq_edu.practice.classroom.exit_ticket import KEY_PARAM
from sq_edu.practice.classroom.live import server_class
from sq_edu.practice.classroom.report import Report
from sq_edu.practice.classroom.teacher_key import server_key
from sq_edu.practice.classroom.ticket_box import class_ticket_key
from sq_edu.practice.progress import default_progress_dir
from sq_edu.widgets.controls import html_box, text_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.joy import Fold, header_tools, settings_fold
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.style import AppStyle

log = logging.getLogger(__name__)
__all__ = ["MAX_FILES", "TeacherApp", "lesson_pages"]
WIDE = {"description_width": "initial"}


def _labelled(css: str, widget: widgets.Widget) -> widgets.Widget:
    widget.add_class(css)
    return widget


class TeacherApp(widgets.VBox):
    """The teacher page; see the module docstring for its parts and CSS hooks.

    `teacher_key` is the stored password hash (default: the server's, "" for none);
    `progress_dir` the folder of the class's files (default: the server's progress folder).
    """

    children: tuple[object, ...]  # the login first, then the whole page (a widgets.VBox trait)

    def __init__(self, lang: str = "en", lesson: str | None = None, level: int | None = None,
                 seed: int | None = None, *, class_code: str | None = None,
                 teacher_key: str | None = None, progress_dir: str | None = None,
                 class_game: Callable[[str], widgets.Widget] | None = None) -> None:
        self.lang = normalize_lang(lang)
        self._class_game, self.class_game = class_game, None   # the page hands its controls in
        self._wanted = (lesson, level, seed)
        self._class_code = server_class() if class_code is None else class_code
        self._key = server_key() if teacher_key is None else teacher_key
        self._progress_dir = progress_dir
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-status")
        self.guard = guarded(lambda: self.feedback)
        self.built = False
        self.class_view: ClassView | None = None
        self._quiet = False  # set while options are relabelled, so settings do not "change"

        self.title = widgets.HTML()
        self.language = LanguageToggle(self.lang, self.feedback)
        self.language.on_change(self.guard(self.set_lang))
        self.address = PageAddress()
        self.address.observe(self.guard(lambda _c: self._update_link() if self.built else None),
                             "href")
        super().__init__()
        self.add_class("sq-app")
        self.add_class("sq-teacher-app")
        self.settings_toggle = Fold(name="settings", key="teacher-settings",
                                    label=t("joy.more_settings", self.lang))
        self.settings_toggle.add_class("sq-settings")
        header = widgets.HBox([self.title, header_tools(self.language, self.settings_toggle)],
                              layout=widgets.Layout(justify_content="space-between"))
        header.add_class("sq-app-header")
        self._top = (AppStyle(), self.address, header, self.feedback)
        self._title()
        if self._key:
            self.login: TeacherLogin | None = TeacherLogin(
                self._key, self._build, self.feedback, self.lang, folder=self._data_folder())
            self.children = (*self._top, self.login)
        else:
            self.login = None
            self._build()

    def _build(self) -> None:
        """Everything behind the password: made only once it has been given."""
        lesson, level, seed = self._wanted
        guard = self.guard
        shipped = load_lessons().lessons
        self.pages = lesson_pages()
        self.lessons: dict[str, Lesson] = {i: shipped[i] for i in self.pages}
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
        self.fix_level = _labelled("sq-class-fix", widgets.Checkbox(
            value=False, indent=False, layout=widgets.Layout(width="auto")))
        self.link = _labelled("sq-class-link", widgets.HTML())
        self.url = _labelled("sq-class-url", text_box(
            layout=widgets.Layout(width="95%"), style=WIDE))

        self.reports = ReportSection(self.lang, self.feedback)
        self.upload, self.report_view = self.reports.upload, self.reports.view
        self.csv_link = self.reports.csv_link
        # Exit tickets: the class link hands the children this key, the section checks it.
        # On the static site only: a server's class has the live view, and its links stay short.
        self.tickets_in_link = on_the_site()
        self.ticket_key = class_ticket_key(self._data_folder(), self._key)
        self.tickets = TicketSection(self.lang, self.ticket_key, self._class_code)

        self.worksheets = WorksheetSection(self.lang)
        self.count, self.make = self.worksheets.count, self.worksheets.make_button
        self.worksheet_link = self.worksheets.link

        self._fill_levels(level)
        for control in (self.lesson_select, self.level_select, self.seed_box, self.class_lang,
                        self.fix_level):
            control.observe(guard(self._settings_changed), "value")
        self.make.on_click(guard(lambda _b: self.make_worksheet()))
        live = self._live_section()
        self.children = (
            *self._top,
            live,
            self.class_heading,
            widgets.HBox([self.lesson_select, self.level_select],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.seed_box, self.class_lang],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.fix_level,
            self.link, self.url,
            self.tickets,
            self.reports,
            # Worksheets, less often needed, behind the header's "More settings" button.
            settings_fold([self.worksheets], self.lang)[1],
        )
        self.built = True
        self._texts()
        self._update_link()
        if self.class_view is not None:
            self.class_view.start()

    def _data_folder(self) -> Path | None:
        """The class data folder (learners' files, the shared guess counts); None if none."""
        try:
            return Path(self._progress_dir or default_progress_dir())
        except (RuntimeError, KeyError, OSError):   # no home folder
            return None

    def _live_section(self) -> widgets.Widget:
        """The live class view, only behind a teacher password (it names the children)."""
        if not self._key:
            self.live_off = html_box("sq-live-off")
            return self.live_off
        folder = self._data_folder()
        if folder is None:   # no home folder: nothing to read live
            log.warning("no progress folder for the live class view")
        self.class_view = ClassView(folder, self._class_code, self.lang, self.feedback,
                                    link_for=self.practice_link)
        from .table_list import TableList  # the class's tables, live

        self.table_list = TableList(self.lang)
        self.class_view.on_refresh.append(self.table_list.refresh)
        self.class_view.children = (*self.class_view.children, self.table_list)
        if self._class_game is not None and self.table_list.client is not None:  # class mode
            self.class_game = self._class_game(self.lang)
            self.class_view.children = (*self.class_view.children, self.class_game)
        self.class_guard = ClassGuard(folder, self.feedback, self.lang)
        self.class_view.on_refresh.append(self.class_guard.refresh)   # the door code, live
        return widgets.VBox([self.class_view, self.class_guard])

    def practice_link(self, lesson_id: str, level: int, code: str) -> str:
        """A link that opens `lesson_id` at `level` for class `code` in the pupils' language:
        the targeted practice the skill grid offers for a common mistake."""
        page = self.pages.get(lesson_id)
        if page is None:
            return ""
        pupils = self.class_lang.value if hasattr(self, "class_lang") else self.lang
        return class_settings.practice_link(self.address.href, page, pupils, level, code)

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
        self._relabel(self.level_select,
                      *class_settings.level_options(self.lesson, wanted, self.lang))

    def _settings_changed(self, change: dict) -> None:
        if self._quiet:
            return
        if change["owner"] is self.lesson_select:
            self._fill_levels()
        self._update_link()
        self.worksheet_link.value = ""

    def class_query(self) -> str:
        """The query string a whole class shares: language, level, deal number, and the class
        code and "level fixed" when there are, and the key of the class's exit tickets."""
        query = sealed_query(PageParams(self.class_lang.value, seed=self.seed_box.value,
                                        level=self.level_select.value,
                                        class_code=self._class_code, fixed=self.fix_level.value))
        return f"{query}&{KEY_PARAM}={self.ticket_key}" if self.tickets_in_link else query

    def share_link(self) -> str:
        """Absolute link to the lesson with the class settings, built from the address the
        teacher's browser shows; "" until the browser has said it (a moment after drawing)."""
        return class_settings.share_link(self.address.href, self.pages[self.lesson_select.value],
                                         self.class_query())

    def _update_link(self) -> None:
        lesson = self.lesson
        if lesson is None:
            self.link.value = html.escape(t("apps.index_none", self.lang))
            return
        link = self.share_link()
        self.link.value = class_settings.link_html(lesson, link, self.class_lang.value,
                                                   self.level_select.value, self.seed_box.value,
                                                   self.lang)
        self.url.value = link

    # --- progress report (report.ReportSection) ---------------------------------------

    @property
    def report(self) -> Report:
        return self.reports.report

    def add_progress_files(self, files: list[tuple[str, bytes]]) -> Report:
        """Build the report from uploaded files; a bad file is listed, never fatal."""
        return self.reports.add_files(files)

    # --- worksheets -------------------------------------------------------------------------

    def make_worksheet(self) -> str:
        """The printable worksheet (with answer key) for the class settings, as HTML."""
        lesson = self.lesson
        if lesson is None:
            return ""
        return self.worksheets.make(lesson, self.level_select.value, self.seed_box.value,
                                    self.class_lang.value)

    # --- language ---------------------------------------------------------------------------

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.feedback.set_lang(self.lang)
        with self.hold_sync():
            self._title()
            self.settings_toggle.label = t("joy.more_settings", self.lang)
            if self.login is not None:
                self.login.set_lang(self.lang)
            if not self.built:
                return
            self._fill_levels(self.level_select.value)
            self._texts()
            self._update_link()
            self.reports.set_lang(self.lang)
            self.tickets.set_lang(self.lang)
            self.worksheets.set_lang(self.lang)
            if self.class_view is not None:
                self.class_view.set_lang(self.lang)
                self.table_list.set_lang(self.lang)
                if self.class_game is not None:
                    self.class_game.set_lang(self.lang)
                self.class_guard.set_lang(self.lang)
            if self.worksheet_link.value:
                self.make_worksheet()

    def _title(self) -> None:
        self.title.value = (f'<h2 class="sq-h">{html.escape(t("apps.teacher_title", self.lang))}'
                            "</h2>")

    def _texts(self) -> None:
        lang = self.lang
        if not self._key:
            off = ("classroom.live_off_site" if on_the_site() else
                   "classroom.live_off_binder" if on_binder() else "classroom.live_off")
            self.live_off.value = f"<p>{html.escape(t(off, lang))}</p>"
        self.class_heading.value = f"<h3>{html.escape(t('apps.teacher_class', lang))}</h3>"
        self.lesson_select.description = t("apps.teacher_lesson", lang)
        self._relabel(self.lesson_select,
                      [(self.lessons[i].title.get(lang), i) for i in self.lessons],
                      self.lesson_select.value)
        self.level_select.description = t("common.level", lang)
        self.seed_box.description = t("common.deal_number", lang)
        self.class_lang.description = t("apps.teacher_pupils_lang", lang)
        self._relabel(self.class_lang,
                      [(t(f"widgets.language_{code}", lang), code) for code in LANGS],
                      self.class_lang.value)
        self.fix_level.description = t("classroom.fix_level", lang)
        self.url.description = t("apps.teacher_copy", lang)
