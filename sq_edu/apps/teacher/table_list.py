"""`TableList`: the teacher's view of the class's tables (who sits where, whose turn, how
long they have played), read from the table service on each refresh of the live class view.
The coach answers children give at a table reach the live class view itself, like any other
answer (`TableApp` writes them to the class activity)."""

from __future__ import annotations

import logging
from html import escape
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.pages.tables.client import Refused, TableClient

log = logging.getLogger(__name__)


class TableList(widgets.HTML):
    """`sq-table-list`: one row per table; nothing but a note without a class server."""

    def __init__(self, lang: str = "en", client: TableClient | None = None) -> None:
        super().__init__()
        self.add_class("sq-table-list")
        self.lang = normalize_lang(lang)
        self.client = client or TableClient.from_env()
        self.tables: list[dict[str, Any]] = []
        self.refresh()

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self._draw()

    def refresh(self) -> None:
        if self.client is not None:
            try:
                self.tables = list(self.client.call("list", timeout=5.0)["tables"])
            except (Refused, OSError, KeyError, ValueError):
                log.warning("could not read the class's tables", exc_info=True)
        self._draw()

    def _draw(self) -> None:
        lang = self.lang
        title = f"<h3 class='sq-h'>{escape(t('table.list_title', lang))}</h3>"
        if self.client is None:
            self.value = f"{title}<p>{escape(t('table.list_unavailable', lang))}</p>"
            return
        if not self.tables:
            self.value = f"{title}<p>{escape(t('table.list_empty', lang))}</p>"
            return
        labels = [escape(t(k, lang)) for k in ("table.list_code", "table.list_who",
                                               "table.list_turn", "table.list_time")]
        head = "".join(f"<th scope='col'>{label}</th>" for label in labels)
        rows = []
        for table in self.tables:
            names = []
            for i, seat in enumerate(table["seats"]):
                name = seat["name"] or t("seats.bot_name", lang, n=i + 1)
                if seat["bot"] and seat["kind"] == "person":
                    name += " " + t("table.list_bot", lang)
                if seat["kind"] != "open":
                    names.append(name)
            if table["over"]:
                turn = t("table.list_over", lang)
            elif not table["started"]:
                turn = t("table.list_waiting", lang)
            else:
                seat = table["seats"][table["turn"]]
                turn = seat["name"] or t("seats.bot_name", lang, n=table["turn"] + 1)
            cells = (table["code"], ", ".join(names), turn,
                     t("table.list_minutes", lang, n=table["minutes"]))
            rows.append("<tr>" + "".join(f"<td data-label='{label}'>{escape(str(cell))}</td>"
                                         for label, cell in zip(labels, cells, strict=True))
                        + "</tr>")
        # sq-stack: on a phone each table is a card of "column: value" lines (app.css).
        self.value = (f"{title}<table class='sq-stack' "
                      f"style='font-size:1.05em;border-collapse:collapse' "
                      f"cellpadding='6'><thead><tr>{head}</tr></thead>"
                      f"<tbody>{''.join(rows)}</tbody></table>")
