"""`ProjectorApp`: the class game on the board (a projector or a big screen), for the whole
class to watch: it follows the class game and redraws as soon as anything changes (an answer
counted, a round closed, a bot's move). Its root has the stable class `sq-classgame-projector`;
it shows no child's name (`board.py`), and the round's seconds left when the teacher set a
timer (`Countdown`).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.links import default_lang
from sq_edu.pages.tables.client import TableClient
from sq_edu.widgets.controls import html_box
from sq_edu.widgets.joy import header_tools
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.style import AppStyle

from .board import projector_html
from .countdown import Countdown
from .follow import Follower, classgame_client


class ProjectorApp(widgets.VBox):
    """`ProjectorApp(lang)`; `client` for tests."""

    def __init__(self, lang: str | None = "en", client: TableClient | None = None) -> None:
        self.lang = default_lang() if lang is None else normalize_lang(lang)
        self.client = client or classgame_client()
        self.view: dict[str, Any] = {}
        self.title = widgets.HTML()
        self.language = LanguageToggle(self.lang)
        self.language.on_change(self.set_lang)
        self.board = html_box("sq-classgame-board")
        self.board.layout.width = "100%"
        self.countdown = Countdown("2.4vw")
        header = widgets.HBox([self.title, header_tools(self.language)])
        header.add_class("sq-app-header")
        super().__init__([AppStyle(), header, self.countdown, self.board],
                         layout=widgets.Layout(width="100%", max_width="100%"))
        self.add_class("sq-app")
        self.add_class("sq-classgame-projector")
        self._relabel()
        self.follower: Follower | None = None
        if self.client is None:
            self.board.value = f"<p>{t('classgame.no_service', self.lang)}</p>"
        else:
            self.follower = Follower(self.client, lambda: {"role": "projector"}, self.show)
            self.follower.start()

    def show(self, view: dict[str, Any]) -> None:
        self.view = view
        self.board.value = projector_html(view, self.lang)
        self.countdown.show(view.get("left"), self.lang)

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        self._relabel()
        if self.view:
            self.board.value = projector_html(self.view, self.lang)
            self.countdown.relabel(self.lang)

    def _relabel(self) -> None:
        self.title.value = (f"<h1 class='sq-h' style='font-size:2.6vw;margin:0.3vw 0'>"
                            f"{t('classgame.projector_title', self.lang)}</h1>")
