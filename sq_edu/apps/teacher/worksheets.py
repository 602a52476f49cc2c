"""The teacher page's worksheets: a print-ready page (with its answer key) for the class
settings, offered as a download. CSS hooks: `sq-worksheet-count` (number of exercises),
`sq-worksheet-make` (button), `sq-worksheet-link` (the download link).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Lesson, worksheet_html
from sq_edu.practice.classroom.worksheet import MAX_EXERCISES
from sq_edu.widgets.download import download_link

WIDE = {"description_width": "initial"}


class WorksheetSection(widgets.VBox):
    """Heading, number of exercises, the make button and the link; `make(...)` draws one."""

    def __init__(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.heading = widgets.HTML()
        self.count = widgets.BoundedIntText(value=8, min=1, max=MAX_EXERCISES, style=WIDE,
                                            layout=widgets.Layout(width="14em"))
        self.count.add_class("sq-worksheet-count")
        self.make_button = widgets.Button(icon="print", layout=widgets.Layout(width="auto"))
        self.make_button.add_class("sq-worksheet-make")
        self.link = widgets.HTML()
        self.link.add_class("sq-worksheet-link")
        super().__init__([self.heading, widgets.HBox([self.count, self.make_button]),
                          self.link])
        self.set_lang(self.lang)

    def make(self, lesson: Lesson, level: int, seed: int, pupils_lang: str) -> str:
        """The printable worksheet (with answer key) as HTML, and its download link shown."""
        page = worksheet_html(lesson, level, seed, self.count.value, pupils_lang)
        self.link.value = download_link(
            page.encode("utf-8"), f"worksheet-{lesson.id}-{level}-{seed}.html", "text/html",
            t("apps.teacher_worksheet_link", self.lang),
            t("apps.teacher_worksheet_help", self.lang))
        return page

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.heading.value = f"<h3>{html.escape(t('apps.teacher_worksheet', self.lang))}</h3>"
        self.count.description = t("apps.teacher_count", self.lang)
        self.make_button.description = t("apps.teacher_make", self.lang)
