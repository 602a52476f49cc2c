"""`ConnectionNotice`: tells the learner when the lesson behind the page stopped answering.

Voila 0.5 shows nothing when a dashboard's kernel dies: the server restarts an empty kernel, the
page keeps its buttons, and clicks silently do nothing. This small anywidget is a heartbeat:
the page sends a ping every few seconds, the kernel answers, and when no answer has come for a
while a banner (role="alert") asks the learner to wait or reload; it goes away again if answers
return (a busy kernel, a network hiccup). Saved progress survives a reload, so the banner says so.
Add one to every dashboard app: `ConnectionNotice(lang)` (it draws nothing while all is well).

It also gives the page its language and tab title (`<html lang>`, `document.title`) from the
kernel's side. `sq-edu serve`'s template sets both before the kernel runs; a plain Jupyter
server with Voila's extension (the README's Binder links) uses Voila's own template, which
sets neither, so there the notice does it as soon as the page's widgets are drawn.
"""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath
from typing import Any

import anywidget
import traitlets

from sq_edu.i18n import normalize_lang, t
from sq_edu.pages.titles import page_titles

_HERE = Path(__file__).parent


class ConnectionNotice(anywidget.AnyWidget):
    """Invisible heartbeat; a reload banner in the page's language when the kernel is gone."""

    _esm = _HERE / "connection.js"
    _css = _HERE / "connection.css"

    lang = traitlets.Unicode("en").tag(sync=True)
    lost_text = traitlets.Unicode(help="banner text when the kernel stopped answering").tag(
        sync=True)
    reload_label = traitlets.Unicode(help="the reload button").tag(sync=True)
    interval_ms = traitlets.Int(4000, help="how often the page pings the kernel").tag(sync=True)
    timeout_ms = traitlets.Int(
        12000, help="no answer for this long shows the banner (longer than any lesson step)"
    ).tag(sync=True)
    page_title = traitlets.Unicode(help="the tab's title in the page's language; '' keeps it").tag(
        sync=True)

    def __init__(self, lang: str = "en", page: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.page = served_page() if page is None else page
        self.add_class("sq-connection")
        self.on_msg(self._answer_ping)
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        """Switch the banner's language, the page's `lang` and its title with the app."""
        self.lang = normalize_lang(lang)
        with self.hold_sync():
            self.lost_text = t("connection.lost", self.lang)
            self.reload_label = t("connection.reload", self.lang)
            self.page_title = page_titles(self.page).get(self.lang, "") if self.page else ""

    def _answer_ping(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # A ping is {"ping": n}; anything else from the page is ignored, never evaluated.
        if isinstance(content, dict) and isinstance(content.get("ping"), int):
            self.send({"pong": content["ping"]})


def served_page() -> str:
    """The dashboard Voila is rendering ("chances" for `/voila/render/notebooks/chances.ipynb`),
    from the request Voila hands its kernel; "" when not under Voila (a test, the static site)."""
    path = os.environ.get("SCRIPT_NAME", "")
    return PurePosixPath(path).stem if path.endswith(".ipynb") else ""
