"""Language choice: a toggle widget apps put in their header, and `?lang=ru` from the URL."""

from __future__ import annotations

import os
from collections.abc import Callable
from urllib.parse import parse_qs

import ipywidgets as widgets

from sq_edu.i18n import LANGS, normalize_lang, t

from .guard import guarded


def lang_from_url(default: str = "en") -> str:
    """The `lang` query parameter of a Voila dashboard URL (Voila puts the query string in
    the kernel's QUERY_STRING environment variable); `default` elsewhere."""
    query = parse_qs(os.environ.get("QUERY_STRING", ""))
    values = query.get("lang")
    return normalize_lang(values[0]) if values else normalize_lang(default)


class LanguageToggle(widgets.ToggleButtons):
    """English / Русский buttons; `on_change(fn)` calls `fn(lang)` after every switch."""

    def __init__(self, lang: str = "en", feedback: object = None) -> None:
        lang = normalize_lang(lang)
        super().__init__(options=[(t(f"widgets.language_{code}", lang), code) for code in LANGS],
                         value=lang, tooltips=[t("common.language", lang)] * len(LANGS),
                         style={"button_width": "auto"})
        self.add_class("sq-language")
        self._feedback = feedback
        self._handlers: list[Callable[[str], None]] = []
        self.observe(guarded(lambda: self._feedback)(self._changed), "value")

    @property
    def lang(self) -> str:
        return str(self.value)

    def on_change(self, handler: Callable[[str], None]) -> None:
        self._handlers.append(handler)

    def _changed(self, change: dict) -> None:
        for handler in list(self._handlers):
            handler(str(change["new"]))
