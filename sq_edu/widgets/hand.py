"""`HandView`: the player's hand as accessible, selectable cards (one small anywidget).

Plain ipywidgets sets no ARIA and shows toggled state by shading only, so the hand is drawn by
`hand.js`: one `aria-pressed` button per card named "7, number card, selected", Tab / Space /
Enter / number keys / arrows, and a selected card that rises and shows a tick. Selection is
by position, because a hand may hold two equal cards. A `disabled` hand is a picture of cards
(a lesson shows what is held, or the bots are moving): no key badges and no "click a card"
help line, since clicking does nothing. On a touch screen (a phone or tablet without a mouse)
the key badges are hidden and the help line says "tap" (`touch_help`): there are no number keys.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from sq_edu.engine.cards import Card, is_number, parse_card
from sq_edu.i18n import require_lang, t
from sq_edu.widgets.names import card_label
from sq_edu.widgets.svg import card_face

_HERE = Path(__file__).parent


SelectHandler = Callable[[tuple[Card, ...]], object]


class HandView(anywidget.AnyWidget):
    """Selectable cards. Code shows cards with `set_hand(...)` (`hand` is read-only); the child
    (a click, a tap, a number key) or code (`toggle`, `selected = [...]`) picks them; code hears
    about it with `on_select(callback)`, or `observe(handler, "selected")` for positions."""

    _esm = _HERE / "hand.js"
    _css = _HERE / "hand.css"

    cards: traitlets.List = traitlets.List(
        help="one dict per card: svg, label_on, label_off").tag(sync=True)
    # The page sends picks as a message (`_message`), not as a synced change: ipywidgets holds
    # back a model's second change until the kernel answers the first, while a button's click
    # goes at once, so "Check" right after two quick picks was judged with one. No echo: the
    # page already shows what it sent.
    selected = traitlets.List(traitlets.Int(), help="positions of picked cards").tag(
        sync=True, echo_update=False)
    lang = traitlets.Unicode("en").tag(sync=True)
    disabled = traitlets.Bool(False, help="shown but not selectable").tag(sync=True)
    max_select = traitlets.Int(0, help="0: any number; 1: picking one drops the other").tag(
        sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    help = traitlets.Unicode("", help="help line for a keyboard and mouse").tag(sync=True)
    touch_help = traitlets.Unicode("", help="help line on a touch screen").tag(sync=True)
    summary = traitlets.Unicode("").tag(sync=True)

    def __init__(self, hand: Iterable[Card] = (), lang: str = "en", card_width: int = 84,
                 title_key: str = "widgets.hand_title", **kwargs: object) -> None:
        """`hand`: card tokens as in docs/rules.md (`7`, `"king"`, `"dragon"`; numbers may be
        strings, `"7"`); `lang`: "en" or "ru" (anything else is a ValueError); `card_width`
        in pixels; `title_key`: the i18n key of the title above the cards. Keyword arguments
        set traits, e.g. `max_select=1` (picking a card drops the other) or `disabled=True`
        (a picture of the cards)."""
        super().__init__(**kwargs)
        self._hand: tuple[Card, ...] = ()
        self._card_width = card_width
        self._title_key = title_key
        self._select_handlers: list[SelectHandler] = []
        self.lang = require_lang(lang)
        self.set_hand(hand)
        self.observe(self._on_lang, "lang")
        self.observe(self._on_disabled, "disabled")
        self.observe(self._on_selected, "selected")
        self.on_msg(self._message)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards shown, in order (read-only: `set_hand` shows others)."""
        return self._hand

    def on_select(self, callback: SelectHandler, remove: bool = False) -> None:
        """Call `callback(cards)` whenever the picked cards change, with the picked cards in
        hand order (an empty tuple when the last one is put back); `remove=True` stops it.
        As `Button.on_click`; `observe(handler, "selected")` gives positions instead."""
        if remove:
            self._select_handlers = [h for h in self._select_handlers if h != callback]
        else:
            self._select_handlers.append(callback)

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        """The picked cards, in hand order."""
        return tuple(self._hand[i] for i in sorted(self.selected))

    def set_hand(self, hand: Iterable[Card]) -> None:
        """Show new cards; the selection is cleared (positions no longer mean the same card)."""
        self._hand = tuple(parse_card(c) for c in hand)
        with self.hold_sync():
            self.selected = []
            self._draw()

    def toggle(self, index: int) -> None:
        """What a click on card `index` does (kept identical to hand.js `toggle`)."""
        if self.disabled or not 0 <= index < len(self._hand):
            return
        sel = list(self.selected)
        if index in sel:
            sel.remove(index)
        else:
            if self.max_select == 1:
                sel = []
            sel.append(index)
        self.selected = sel

    def clear(self) -> None:
        self.selected = []

    def set_lang(self, lang: str) -> None:
        self.lang = lang

    def _message(self, _widget: object, content: object, _buffers: object) -> None:
        """The page's picks, `{"selected": [positions]}`; anything else is ignored."""
        if isinstance(content, dict) and isinstance(content.get("selected"), list):
            picks = [i for i in content["selected"] if type(i) is int]
            self.set_state({"selected": picks})

    @traitlets.validate("lang")
    def _valid_lang(self, proposal: traitlets.Bunch) -> str:
        return require_lang(proposal["value"])

    @traitlets.validate("selected")
    def _valid_selected(self, proposal: traitlets.Bunch) -> list[int]:
        """Drop positions that are not in the hand or repeated; respect `max_select`."""
        seen: list[int] = []
        for i in proposal["value"]:
            if isinstance(i, int) and 0 <= i < len(self._hand) and i not in seen:
                seen.append(i)
        if self.max_select > 0:
            seen = seen[-self.max_select:]
        return seen

    def _on_lang(self, _change: dict[str, Any]) -> None:
        self._draw()

    def _on_disabled(self, _change: dict[str, Any]) -> None:
        self._draw_help()

    def _draw_help(self) -> None:
        """The help lines for keyboard and touch; none for a hand that is only shown."""
        if not self._hand:
            self.help = self.touch_help = t("widgets.hand_empty", self.lang)
        elif self.disabled:
            self.help = self.touch_help = ""
        else:
            self.help = t("widgets.hand_help", self.lang, last=min(len(self._hand), 9))
            self.touch_help = t("widgets.hand_help_touch", self.lang)

    def _on_selected(self, _change: dict[str, Any]) -> None:
        self.summary = self._summary()
        picked = self.selected_cards
        for handler in list(self._select_handlers):
            handler(picked)

    def _summary(self) -> str:
        if not self._hand:
            return ""
        n = len(self.selected)
        return t("widgets.hand_selected_count", self.lang, n=n) if n else ""

    def _draw(self) -> None:
        copies: Counter[Card] = Counter()
        cards = []
        for card in self._hand:
            variant = (int(card) + copies[card]) % 4 if is_number(card) else 0
            copies[card] += 1
            cards.append({
                "svg": card_face(card, variant, self._card_width, self.lang),
                "label_on": card_label(card, True, self.lang),
                "label_off": card_label(card, False, self.lang),
            })
        with self.hold_sync():
            self.cards = cards
            self.title = t(self._title_key, self.lang)
            self._draw_help()
            self.summary = self._summary()

    def labels(self) -> list[str]:
        """What a screen reader hears for each card now (tests read this)."""
        sel = set(self.selected)
        return [c["label_on"] if i in sel else c["label_off"] for i, c in enumerate(self.cards)]
