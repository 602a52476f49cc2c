"""The child's hand in the Dungeon of Queens app: one tappable card face per card.

A card face as in the main game: the corner print big, the full name (and "trump") in its
tooltip; trumps are tinted, red suits printed red, queens bold. Kept apart from `app.py` so the
app keeps to wiring the game to the page.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from sq_edu.apps.dungeon.views import DungeonWords
from sq_edu.dungeon import Card
from sq_edu.dungeon.words import short_card
from sq_edu.widgets.controls import button as _button

_RED = "#B71C1C"


def card_button(card: Card, trump: str | None, words: DungeonWords, lang: str, playable: bool,
                on_click: Callable[[widgets.Button], None]) -> widgets.Button:
    """The button for one card of the hand; disabled when it cannot be played now."""
    button = _button("sq-dungeon-card")
    if card.suit == trump:
        button.add_class("sq-trump-card")
    button.add_class(f"sq-card-{card.code}")   # last: tests read the card from it
    button.description = short_card(card, lang)
    button.tooltip = words.card(card)
    button.style.text_color = _RED if card.suit in ("hearts", "diamonds") else ""
    button.style.font_weight = "bold" if card.is_queen else ""
    button.disabled = not playable
    button.on_click(on_click)
    return button
