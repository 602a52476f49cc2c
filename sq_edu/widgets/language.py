"""Language choice: the toggle widget apps put in their header (a page's `?lang=` is read by
`sq_edu.pages.params`).

The toggle carries the class `sq-lang-<code>` of the language chosen, so what surrounds the app
in the browser (the static site's bar, `lite/page.html`) can follow a switch made in the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import LANGS, normalize_lang, t
from sq_edu.widgets.guard import guarded


class LanguageToggle(widgets.ToggleButtons):
    """English / Русский buttons; `on_change(fn)` calls `fn(lang)` after every switch."""

    def __init__(self, lang: str = "en", feedback: object = None) -> None:
        lang = normalize_lang(lang)
        super().__init__(options=[(t(f"widgets.language_{code}", lang), code) for code in LANGS],
                         value=lang, tooltips=[t("common.language", lang)] * len(LANGS),
                         style={"button_width": "auto"})
        self.add_class("sq-language")
        self.add_class(f"sq-lang-{lang}")
        self._feedback = feedback
        self._handlers: list[Callable[[str], None]] = []
        self.observe(guarded(lambda: self._feedback)(self._changed), "value")

    @property
    def lang(self) -> str:
        return str(self.value)

    def on_change(self, handler: Callable[[str], None]) -> None:
        self._handlers.append(handler)

    def _changed(self, change: dict[str, Any]) -> None:
        self.remove_class(f"sq-lang-{change['old']}")
        self.add_class(f"sq-lang-{change['new']}")
        for handler in list(self._handlers):
            handler(str(change["new"]))
