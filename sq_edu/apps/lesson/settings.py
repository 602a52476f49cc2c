"""The grown-ups' controls of a lesson page: level, deal number, a new deal and the worksheet.

They sit behind the one "For grown-ups" button, so a child sees the task first. A class link
can fix the level and deal (a test); the app then switches these controls off.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import t
from sq_edu.links import MAX_SEED
from sq_edu.practice import Lesson, worksheet_html
from sq_edu.widgets.controls import button, html_box
from sq_edu.widgets.download import download_link
from sq_edu.widgets.joy import settings_fold

WORKSHEET_EXERCISES = 8


class LessonSettings:
    """The level select, the deal number, "new deal" and the worksheet link, in a fold."""

    def __init__(self, lesson: Lesson, lang: str, level: int, seed: int) -> None:
        self.lesson, self.lang = lesson, lang
        self.level_select = widgets.Dropdown(options=self._level_options(), value=level,
                                             style={"description_width": "initial"})
        self.level_select.add_class("sq-level")
        self.seed_box = widgets.BoundedIntText(value=seed, min=0, max=MAX_SEED,
                                               layout=widgets.Layout(width="16em"),
                                               style={"description_width": "initial"})
        self.seed_box.add_class("sq-seed")
        self.new_deal = button("sq-new-deal", icon="refresh")
        self.worksheet_button = button("sq-worksheet", icon="print")
        self.worksheet_link = html_box("sq-worksheet-link")
        self._muted = False   # set while the app itself changes the level shown
        self.toggle, self.box = settings_fold(
            [self.level_select, self.seed_box,
             widgets.HBox([self.new_deal, self.worksheet_button, self.worksheet_link],
                          layout=widgets.Layout(flex_flow="row wrap"))], lang)

    def on_level(self, chosen: Callable[[int], None]) -> None:
        """`chosen(level)` when the learner picks a level (not when the app shows one)."""
        def changed(change: dict[str, Any]) -> None:
            if not self._muted:
                chosen(change["new"])
        self.level_select.observe(changed, "value")

    def show_level(self, level: int, relabel: bool = False) -> None:
        """Show `level` in the select (`relabel`: with labels in the language now) without
        reacting to it as a learner's choice."""
        self._muted = True
        try:
            if relabel:
                self.level_select.options = self._level_options()
            self.level_select.value = level
        finally:
            self._muted = False

    def fix(self, fixed: bool) -> None:
        """A class link fixed the level and deal: the controls that change them are off."""
        for control in (self.level_select, self.seed_box, self.new_deal):
            control.disabled = fixed
        if fixed:
            self.level_select.tooltip = t("classroom.level_fixed", self.lang)

    def worksheet(self, level: int, seed: int, count: int = WORKSHEET_EXERCISES) -> str:
        """A printable page for this level and deal (same deal, same sheet), as a download."""
        page = worksheet_html(self.lesson, level, seed, count, self.lang)
        self.worksheet_link.value = download_link(
            page.encode("utf-8"), f"worksheet-{self.lesson.id}-{level}-{seed}-"
            f"{self.lang}.html", "text/html", t("lesson_app.worksheet_link", self.lang, n=count))
        return page

    def relabel(self, lang: str, level: int) -> None:
        """Every label in `lang`; a worksheet made in the other language is withdrawn."""
        self.lang = lang
        self.show_level(level, relabel=True)
        self.level_select.description = t("common.level", lang)
        self.seed_box.description = t("common.deal_number", lang)
        self.seed_box.tooltip = t("lesson_app.seed_help", lang)
        self.new_deal.description = t("lesson_app.new_deal", lang)
        self.new_deal.tooltip = t("lesson_app.seed_help", lang)
        self.worksheet_button.description = t("lesson_app.worksheet", lang)
        self.worksheet_link.value = ""

    def _level_options(self) -> list[tuple[str, int]]:
        return [(t("lesson_app.level_option", self.lang, n=lv.number,
                   title=lv.title.get(self.lang)), lv.number) for lv in self.lesson.levels]
