"""`GrownupsApp`: the grown-ups' page for the evening at home, under Voila and on the site.

It lists every child whose progress is kept in the progress folder (this computer's, or on the
site this browser's storage, mounted as the same folder), by the teacher's rule
(`sq_edu.practice.grownups`). On a class server the folder holds the whole class, so the page
shows nothing of it and points to the teacher's page instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from sq_edu.apps.grownups.summary_html import summary_html
from sq_edu.i18n import LANGS, normalize_lang, t
from sq_edu.pages.page_address import PageAddress, sibling_link, site_link
from sq_edu.practice.classroom.live import server_class
from sq_edu.practice.grownups import ChildSummary, summaries
from sq_edu.practice.progress_folder import default_progress_dir
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.joy import header_tools
from sq_edu.widgets.style import AppStyle


class GrownupsApp(widgets.VBox):
    """The summary page, redrawn in place when the language changes."""

    lang = traitlets.Unicode("en", help="page language, one of sq_edu.i18n.LANGS")

    def __init__(self, lang: str | None = None, progress_dir: Path | None = None,
                 today: int | None = None) -> None:
        """`progress_dir`: where learners' files are (default: the progress folder);
        `today`: a `today_number` (tests pass their own)."""
        super().__init__()
        self.add_class("sq-app")
        self.add_class("sq-grownups-app")
        self.class_code = server_class()
        folder = progress_dir if progress_dir is not None else default_progress_dir()
        self.children_seen: list[ChildSummary] = (
            [] if self.class_code else summaries(folder, today))
        self.address = PageAddress()
        self.address.observe(guarded()(lambda _c: self._render()), "href")
        self.switch = widgets.Button(layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.switch.add_class("sq-language-switch")
        self.switch.on_click(guarded()(self._on_switch))
        self.page = widgets.HTML()
        tools = header_tools(self.switch)   # above the summary, left out when printed
        tools.layout = widgets.Layout(justify_content="flex-end")
        self.children = (AppStyle(), self.address, tools, self.page)
        self.lang = normalize_lang(lang)
        self._render()

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: dict[str, Any]) -> str:
        return normalize_lang(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, _change: dict[str, Any]) -> None:
        self._render()

    def _on_switch(self, _button: widgets.Button) -> None:
        self.lang = LANGS[(LANGS.index(self.lang) + 1) % len(LANGS)]

    def link(self, page: str, query: str) -> str:
        """The address that opens `page` beside this one: the site's page on the site, a
        sibling notebook under Voila (relative until the browser says where the page is)."""
        href = self.address.href
        return sibling_link(href, page, query) or site_link(href, page, query) or \
            f"{page}.ipynb?{query}"

    def _render(self) -> None:
        lang = self.lang
        note = t("grownups.class_server", lang) if self.class_code else ""
        self.page.value = summary_html(self.children_seen, lang, self.link, note)
        self.switch.description = t(f"widgets.language_{'ru' if lang == 'en' else 'en'}", lang)
        self.switch.tooltip = t("apps.switch_language_hint", lang)
