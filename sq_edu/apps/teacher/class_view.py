"""`ClassView`: the teacher page's live view of one class on this server.

Reads the class's activity files (`sq_edu.practice.classroom`) every REFRESH_SECONDS while the
page is open and shows one row per learner: lesson, level, last active, answers in the last
10 minutes, right answers in a row and a "stuck" flag; a click on a name opens that learner's
skills from their progress file (read only: the teacher's page never moves or rewrites a
learner's file). Nothing is uploaded; Binder, where each child has a server of their own,
keeps using the upload report.

Stable hooks for browser tests (CSS classes):

    sq-class-view       the whole live section     sq-class-code      class code (text input)
    sq-class-show       show that class (button)   sq-class-summary   learners / stuck / time
    sq-class-table      the table (ClassTable)     sq-learner-skills  the opened learner's skills
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from html import escape
from pathlib import Path

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.links import ClassCodeError, clean_class_code
from sq_edu.practice.classroom.diagnosis import Grid, class_csv, grid_html, level_text, skill_grid
from sq_edu.practice.classroom.live import (
    SORT_KEYS,
    LearnerRow,
    class_rows,
    read_class,
    sort_rows,
)
from sq_edu.practice.classroom.report import teacher_report
from sq_edu.practice.classroom.suggested import Suggestion, send_practice
from sq_edu.practice.lesson import load_lessons
from sq_edu.practice.progress import ProgressError, from_bytes, learner_file_name
from sq_edu.practice.standing import Standing
from sq_edu.widgets.class_table import ClassTable
from sq_edu.widgets.controls import button, html_box, text_box
from sq_edu.widgets.download import download_link
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded

log = logging.getLogger(__name__)
REFRESH_SECONDS = 3.0
MAX_REFRESHES = 4 * 3600 // 3   # a forgotten tab stops polling after about four hours


def ago(seconds: int, lang: str) -> str:
    """"just now", "40 seconds ago", "3 minutes ago"."""
    if seconds < 10:
        return t("classroom.just_now", lang)
    if seconds < 120:
        return t("classroom.seconds_ago", lang, n=seconds)
    return t("classroom.minutes_ago", lang, n=seconds // 60)


def stuck_text(row: LearnerRow, now: float, lang: str) -> str:
    """The "Needs help?" cell, in the grid's own terms when a skill is struggling there."""
    if row.stuck == "struggling":
        words = Standing("struggling", row.skill_mistake).text(lang)
        return t("classroom.stuck_struggling", lang, standing=words, right=row.skill_right,
                 n=row.skill_attempts)
    if row.stuck == "idle":
        return t("classroom.stuck_idle", lang, n=max(5, row.idle_seconds(now) // 60))
    return t("classroom.not_stuck", lang)


# Columns named like a label elsewhere share its key (one key per concept, STYLE.md).
_COLUMN_KEYS = {"lesson": "apps.teacher_lesson", "level": "common.level"}


class ClassView(widgets.VBox):
    """The live class section; `refresh()` reads the folder now, `start()` keeps doing it."""

    def __init__(self, folder: Path | None, class_code: str = "", lang: str = "en",
                 feedback: Feedback | None = None,
                 link_for: Callable[[str, int, str], str] | None = None) -> None:
        self.folder = folder
        self.lang = normalize_lang(lang)
        self.code = class_code
        self.feedback = feedback or Feedback(self.lang)
        self.rows: list[LearnerRow] = []
        self.on_refresh: list = []   # more live sections refreshed with this one (tables)
        self._now = time.time()
        self._task: asyncio.Task[None] | None = None
        self._lessons = load_lessons().lessons
        self._titles = {i: lesson.title for i, lesson in self._lessons.items()}
        self.activities: list = []
        guard = guarded(lambda: self.feedback)
        self.heading = widgets.HTML()
        self.help = html_box("sq-help-line")
        self.code_box = text_box(value=class_code, style={"description_width": "initial"},
                                 layout=widgets.Layout(width="22em"))
        self.code_box.add_class("sq-class-code")
        self.show_button = button("sq-class-show", icon="users")
        self.show_button.on_click(guard(lambda _b: self.set_class(self.code_box.value)))
        self.summary = html_box("sq-class-summary")
        self.table = ClassTable()
        self.table.add_class("sq-class-table")
        self.table.observe(guard(lambda _c: self._draw()), ["sort_key", "descending"])
        self.table.observe(guard(lambda _c: self._show_skills()), "selected")
        self.skills = html_box("sq-learner-skills")
        self.grid = html_box("sq-class-grid")
        # One "Send practice" button per common mistake: its learners get that level.
        self.send_box = widgets.VBox(layout=widgets.Layout(align_items="flex-start"))
        self.send_box.add_class("sq-send-practice-box")
        self._sends: tuple = ()
        self._guard = guard
        self.link_for = link_for
        row = widgets.HBox([self.code_box, self.show_button],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        super().__init__([self.heading, self.help, row, self.summary, self.table,
                          self.skills, self.grid, self.send_box])
        self.add_class("sq-class-view")
        self._texts()
        self.refresh()

    # --- reading the class ------------------------------------------------------------------
    def set_class(self, text: str) -> None:
        """Show another class (the code typed on the page); a bad code gets a friendly line."""
        try:
            code = clean_class_code(text)
        except ClassCodeError:
            self.feedback.say("classroom.class_bad_code", "bad")
            return
        self.code = code
        self.code_box.value = code
        self.table.selected = ""
        self.feedback.say("classroom.class_showing", "good",
                          code=code or t("classroom.class_none", self.lang))
        self._texts()
        self.refresh()

    def refresh(self, now: float | None = None) -> list[LearnerRow]:
        """Read the class folder now and redraw; the rows, in the order shown."""
        now = time.time() if now is None else now
        self.activities = read_class(self.folder, self.code) if self.folder is not None else []
        self.rows = class_rows(self.folder, self.code, now) if self.folder is not None else []
        self._now = now
        self._draw()
        self._draw_grid()
        if self.table.selected:
            self._show_skills()
        for also in self.on_refresh:
            also()
        return self.rows

    def start(self) -> None:
        """Refresh every REFRESH_SECONDS while the kernel runs (in Voila; a no-op elsewhere)."""
        try:
            loop = asyncio.get_event_loop()
        except RuntimeError:
            return
        if self._task is None and loop.is_running():
            self._task = loop.create_task(self._poll())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _poll(self) -> None:
        for _ in range(MAX_REFRESHES):
            await asyncio.sleep(REFRESH_SECONDS)
            try:
                self.refresh()
            except Exception:   # a bad moment on the disk must not end the live view
                log.exception("live class view: refresh failed")

    # --- drawing ----------------------------------------------------------------------------
    def _draw(self) -> None:
        lang, now = self.lang, self._now
        ordered = sort_rows(self.rows, self.table.sort_key, self.table.descending)
        stuck = sum(1 for r in ordered if r.is_stuck)
        with self.table.hold_sync():
            self.table.rows = [
                {"nickname": r.nickname, "stuck": r.is_stuck, "cells": {
                    "nickname": r.nickname,
                    "lesson": self._titles[r.lesson].get(lang) if r.lesson in self._titles
                    else r.lesson,
                    "level": level_text(r.level),
                    "last_active": ago(r.idle_seconds(now), lang),
                    "recent": str(r.recent),
                    "streak": str(r.streak),
                    "stuck": stuck_text(r, now, lang),
                }} for r in ordered]
        if self.folder is None:
            self.summary.value = f"<p>{escape(t('classroom.no_folder', lang))}</p>"
            return
        clock = time.strftime("%H:%M:%S", time.localtime(now))
        line = t("classroom.summary", lang, n=len(ordered), stuck=stuck, time=clock)
        self.summary.value = f'<p role="status">{escape(line)}</p>'

    def _draw_grid(self) -> None:
        """The skill-by-learner grid, the common mistakes with a practice link, and the class
        CSV straight from the server's files (no child downloads, no teacher upload)."""
        if self.folder is None:
            self.grid.value = ""
            return
        lang, code = self.lang, self.code

        def titles(lesson: str, skill: str) -> str:
            found = self._lessons.get(lesson)
            return found.skill_title(skill, lang) if found is not None else skill

        def link(lesson: str, level: int) -> str:
            return self.link_for(lesson, level, code) if self.link_for is not None else ""

        self._draw_sends(skill_grid(self.activities), titles)
        table = class_csv(self.activities, code or "-", lang).encode("utf-8")
        name = f"class_{code or 'all'}_{time.strftime('%Y%m%d_%H%M', time.localtime(self._now))}"
        self.grid.value = (grid_html(skill_grid(self.activities), lang, titles, link)
                           + download_link(table, f"{name}.csv", "text/csv",
                                           t("classroom.csv_download", lang)))

    def _draw_sends(self, grid: Grid, titles: Callable[[str, str], str]) -> None:
        """A "Send practice" button per skill with a common mistake (rebuilt only when the
        mistakes or their learners change, so a refresh never steals the teacher's focus)."""
        sends: list[tuple[str, str, str, int, tuple[str, ...]]] = []
        for lesson, skill in grid.skills:
            key, names = grid.common_slip(skill)
            if key:
                level = max(grid.cells[(n, skill)].level for n in names)
                sends.append((lesson, skill, key, level, tuple(names)))
        wanted = (tuple(sends), self.lang)
        if wanted == self._sends:
            return
        self._sends = wanted
        for old in self.send_box.children:
            old.close()
        made = []
        for lesson, skill, key, level, who in sends:
            title = titles(lesson, skill)
            sent = Suggestion(lesson, level, skill, key)
            control = button("sq-send-practice", icon="paper-plane", button_style="primary",
                             description=t("classroom.send_practice", self.lang,
                                           skill=title, who=", ".join(who)))
            control.on_click(self._guard(
                lambda _b, s=sent, w=who, name=title: self.send(s, w, name)))
            made.append(control)
        self.send_box.children = made

    def send(self, suggestion: Suggestion, who: tuple[str, ...], title: str = "") -> list[str]:
        """Send the targeted practice to these learners; said on the teacher's page."""
        if self.folder is None:
            self.feedback.say("classroom.send_practice_none", "bad")
            return []
        reached = send_practice(self.folder, self.code, who, suggestion)
        if not reached:
            self.feedback.say("classroom.send_practice_none", "bad")
            return []
        self.feedback.say("classroom.send_practice_done", "good", who=", ".join(reached),
                          skill=title or suggestion.skill, level=suggestion.level)
        return reached

    def _show_skills(self) -> None:
        name = self.table.selected
        if not name or self.folder is None:
            self.skills.value = ""
            return
        try:
            progress = from_bytes((self.folder / learner_file_name(name)).read_bytes())
        except (OSError, ProgressError):
            line = t("classroom.skills_none", self.lang, nickname=name)
            self.skills.value = f"<p>{escape(line)}</p>"
            return
        report = teacher_report([progress])
        self.skills.value = (f"<h4>{escape(t('classroom.skills_of', self.lang, nickname=name))}"
                             f"</h4>{report.to_html(self.lang)}")

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self._texts()
        self._draw()
        self._draw_grid()
        self._show_skills()

    def _texts(self) -> None:
        lang = self.lang
        self.heading.value = f"<h3>{escape(t('classroom.live_title', lang))}</h3>"
        self.help.value = escape(t("classroom.live_help", lang))
        self.code_box.description = t("classroom.class_code", lang)
        self.show_button.description = t("classroom.class_show", lang)
        code = self.code or t("classroom.class_none", lang)
        with self.table.hold_sync():
            self.table.columns = [
                {"key": k, "label": t(_COLUMN_KEYS.get(k, f"classroom.col_{k}"), lang)}
                | ({"cell_label": ""} if k == "stuck" else {})   # its cells say "Needs help"
                for k in SORT_KEYS]
            self.table.caption = t("classroom.caption", lang, code=code)
            self.table.sort_label = t("classroom.sort_by", lang)
            self.table.empty = t("classroom.empty", lang)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.stop()
        super().close()
