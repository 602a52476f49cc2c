"""`DeckTracker`: for each kind of card, how many the deck has, how many this seat has seen,
and how many are still unseen. Lessons hide it first ("how many dragons are left?") and reveal
it after the child answers.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import traitlets

from sq_edu.engine.cards import NUMBERS, PLAY_DECK, POWER_CARDS, Card
from sq_edu.engine.observation import Observation
from sq_edu.i18n import require_lang, t
from sq_edu.maths import unseen
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.names import short_name

KINDS: tuple[Card, ...] = (*POWER_CARDS, *NUMBERS)


class DeckTracker(widgets.VBox):
    """Table of total / seen / unseen per kind; `hidden` trait with a show/hide button."""

    lang = traitlets.Unicode("en")
    hidden = traitlets.Bool(False, help="lessons ask first, then reveal")

    def __init__(self, obs: Observation, lang: str = "en", hidden: bool = False,
                 feedback: object = None) -> None:
        """`obs`: what one seat may know; `lang`: "en" or "ru" (anything else is a
        ValueError); `hidden`: start with the counts hidden; `feedback`: a Feedback line for
        errors in the show/hide button."""
        self.table = widgets.HTML()
        self.toggle = widgets.Button(layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.toggle.add_class("sq-tracker-toggle")
        super().__init__([self.table, self.toggle])
        self.add_class("sq-deck-tracker")
        self._obs = obs
        self.toggle.on_click(guarded(lambda: feedback)(lambda _b: self._flip()))
        self.lang = require_lang(lang)
        self.hidden = hidden
        self.observe(lambda _c: self._draw(), ["lang", "hidden"])
        self._draw()

    def update(self, obs: Observation) -> None:
        self._obs = obs
        self._draw()

    def set_lang(self, lang: str) -> None:
        self.lang = require_lang(lang)

    def reveal(self) -> None:
        self.hidden = False

    def blank(self) -> None:
        """No counts in the synced state (a shared screen's pass: the seen counts come from
        the last player's hand); `update` draws them again."""
        self.table.value = ""

    def hide(self) -> None:
        self.hidden = True

    def tally(self) -> dict[Card, tuple[int, int, int]]:
        """kind -> (in the deck, seen, unseen), from this seat's observation only."""
        left = unseen(self._obs)
        return {k: (PLAY_DECK[k], PLAY_DECK[k] - left[k], left[k]) for k in KINDS}

    def _flip(self) -> None:
        self.hidden = not self.hidden

    def _draw(self) -> None:
        lang = self.lang
        self.toggle.description = t("widgets.tracker_hide" if not self.hidden
                                    else "widgets.tracker_reveal", lang)
        self.toggle.icon = "eye-slash" if not self.hidden else "eye"
        title = escape(t("widgets.tracker_title", lang))
        if self.hidden:
            self.table.value = (f'<h3 class="sq-h">{title}</h3><p style="font-size:1.1em">'
                                f'{escape(t("widgets.tracker_hidden", lang))}</p>')
            return
        rows = []
        for kind, (total, seen, left) in self.tally().items():
            bar = "■" * left + "□" * seen
            rows.append(
                f'<tr><th scope="row" style="text-align:left;padding:2px 8px">'
                f'{escape(short_name(kind, lang))}</th><td>{total}</td><td>{seen}</td>'
                f'<td><b>{left}</b></td><td aria-hidden="true" style="text-align:left;'
                f'letter-spacing:1px;color:#37474F">{bar}</td></tr>')
        heads = "".join(f'<th scope="col" style="padding:2px 8px">{escape(t(k, lang))}</th>'
                        for k in ("widgets.tracker_kind", "widgets.tracker_total",
                                  "widgets.tracker_seen", "widgets.tracker_unseen"))
        total_left = sum(v[2] for v in self.tally().values())
        self.table.value = (
            f'<h3 class="sq-h">{title}</h3><table class="sq-tally" style="border-collapse:'
            f'collapse;font-size:1.05em;text-align:center"><caption style="text-align:left">'
            f'{escape(t("widgets.tracker_unseen_total", lang, n=total_left))}</caption>'
            f'<thead><tr>{heads}<th></th></tr></thead><tbody>{"".join(rows)}</tbody></table>')
