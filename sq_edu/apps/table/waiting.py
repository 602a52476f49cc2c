"""`WaitingRoom`: the table's code, who sits and how many seats are open, until the game starts.

Its own widget so that the lobby, the waiting room and the board are three parts the table
page shows one at a time (`TableApp._show_part`). Stable hooks: `sq-table-code` (the code
shown, `sq-table-code-value` inside) and `sq-table-start`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import t
from sq_edu.pages.tables.seat_names import seat_name
from sq_edu.widgets.controls import button


class WaitingRoom(widgets.VBox):
    """`WaitingRoom(lang, on_start)`; `show(view)` draws a table's view as the service sent it."""

    def __init__(self, lang: str, on_start: Callable[[Any], object]) -> None:
        self.lang = lang
        self.view: dict[str, Any] = {}
        self.code_view = widgets.HTML()
        self.code_view.add_class("sq-table-code")
        self.start_button = button("sq-table-start", button_style="primary")
        self.start_button.on_click(on_start)
        super().__init__([self.code_view, self.start_button])
        self.set_lang(lang)

    def show(self, view: dict[str, Any]) -> None:
        self.view = view
        names = [seat_name(s, i, self.lang) for i, s in enumerate(view["seats"])
                 if s["kind"] == "person"]
        open_seats = sum(1 for s in view["seats"] if s["kind"] == "open")
        code = " ".join(view["code"])
        self.code_view.value = (
            f'<div role="status" aria-live="polite"><p>{self._t("table.code_label")}</p>'
            f'<p class="sq-table-code-value" style="font-size:2.4em;font-weight:bold;'
            f'letter-spacing:0.15em;font-family:monospace">{code}</p>'
            f'<p>{self._t("table.code_help")}</p>'
            f'<p>{self._t("table.seated", names=", ".join(names))}</p>'
            f'<p>{self._t("table.open_seats", n=open_seats)}</p></div>')

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.start_button.description = t("table.start", lang)
        if self.view:
            self.show(self.view)

    def _t(self, key: str, **params: object) -> str:
        return escape(t(key, self.lang, **params))
