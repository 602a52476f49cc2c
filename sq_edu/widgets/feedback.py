"""The one status line of an app: friendly messages, announced to screen readers.

A `Feedback` remembers the message key and its parameters, not the text, so switching the
language re-says the same thing in the new language.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import traitlets

from sq_edu.i18n import render_param, require_lang, t

TONES: tuple[str, ...] = ("info", "good", "bad")
_ICONS = {"info": "", "good": "✔ ", "bad": "✘ "}


class Feedback(widgets.HTML):
    """`role="status"` + `aria-live="polite"` line; `say(key, tone, **params)` fills it."""

    lang = traitlets.Unicode("en", help="language of the shown message")
    text = traitlets.Unicode("", help="the plain text currently shown (for tests and logs)")
    tone = traitlets.Unicode("info", help="info, good or bad: colour AND an icon show it")

    def __init__(self, lang: str = "en", **kwargs: object) -> None:
        """`lang`: "en" or "ru" (anything else is a ValueError); keyword arguments go to
        ipywidgets.HTML."""
        super().__init__(**kwargs)
        self._message: tuple[str, dict[str, object]] | None = None
        self.add_class("sq-feedback")
        self.lang = require_lang(lang)
        self.observe(lambda _change: self._render(), "lang")
        self._render()

    def say(self, key: str, tone: str = "info", /, **params: object) -> None:
        """Show catalogue message `key` (re-translated when the language changes, and so
        is a parameter with `render(lang)`, such as another message)."""
        self._message = (key, params)
        self.tone = tone if tone in TONES else "info"
        self._render()

    def show(self, text: str, tone: str = "info") -> None:
        """Show ready-made text (already translated by the caller)."""
        self._message = None
        self.tone = tone if tone in TONES else "info"
        self._set(text)

    def clear(self) -> None:
        self._message = None
        self.tone = "info"
        self._set("")

    def error(self) -> None:
        """The guard's message: never a traceback, always something a child can act on."""
        self.say("common.something_went_wrong", "bad")

    def set_lang(self, lang: str) -> None:
        self.lang = require_lang(lang)

    def _render(self) -> None:
        if self._message is not None:
            key, params = self._message
            self._set(t(key, self.lang, **{k: render_param(v, self.lang)
                                          for k, v in params.items()}))
        else:
            self._set(self.text)

    def _set(self, text: str) -> None:
        self.text = text
        colour = {"info": "#1F1F1F", "good": "#1B5E20", "bad": "#B71C1C"}[self.tone]
        shown = f"{_ICONS[self.tone]}{escape(text)}" if text else "&nbsp;"
        self.value = (f'<div class="sq-status sq-status-{self.tone}" role="status" '
                      f'aria-live="polite" style="font-size:1.15em;min-height:1.6em;'
                      f'color:{colour};font-weight:600">{shown}</div>')
