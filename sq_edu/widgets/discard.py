"""`DiscardPileView`: the discard pile in order, oldest left, newest right.

The whole pile is public (docs/rules.md section 5), and counting lessons need all of it, so every
card is drawn small with its spoken name in an ordered list.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import traitlets

from sq_edu.engine.cards import Card, is_number
from sq_edu.engine.observation import Observation
from sq_edu.i18n import require_lang, t
from sq_edu.widgets.names import card_name
from sq_edu.widgets.svg import card_face


class DiscardPileView(widgets.HTML):
    """Shows `obs.discard_pile`; `update(obs)` and `set_lang(lang)` redraw it."""

    lang = traitlets.Unicode("en")

    def __init__(self, obs: Observation | None = None, lang: str = "en",
                 card_width: int = 54) -> None:
        """`obs`: the Observation whose discard pile to show (None: an empty pile);
        `lang`: "en" or "ru" (anything else is a ValueError); `card_width` in pixels."""
        super().__init__()
        self.add_class("sq-discard-pile")
        self._pile: tuple[Card, ...] = obs.discard_pile if obs else ()
        self._width = card_width
        self.lang = require_lang(lang)
        self.observe(lambda _c: self._draw(), "lang")
        self._draw()

    @property
    def pile(self) -> tuple[Card, ...]:
        return self._pile

    def update(self, obs: Observation) -> None:
        self._pile = obs.discard_pile
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = require_lang(lang)

    def summary(self) -> str:
        if not self._pile:
            return t("widgets.discard_empty", self.lang)
        return t("widgets.discard_summary", self.lang, n=len(self._pile))

    def _draw(self) -> None:
        title = escape(t("widgets.discard_title", self.lang))
        items = "".join(
            f'<li aria-label="{escape(card_name(c, self.lang))}" style="list-style:none">'
            f'{card_face(c, int(c) % 4 if is_number(c) else 0, self._width, self.lang)}</li>'
            for c in self._pile)
        self.value = (
            f'<div class="sq-discard"><h3 class="sq-h" style="margin:4px 0">{title}</h3>'
            f'<div style="font-size:1.05em">{escape(self.summary())}</div>'
            f'<ol aria-label="{title}" style="display:flex;flex-wrap:wrap;gap:3px;padding:0;'
            f'margin:4px 0">{items}</ol></div>')
