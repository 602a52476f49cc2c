"""`CardRow`: a row of cards to play, each one button drawn as a card face (a small anywidget).

For a game where a tap plays a card at once (the Dungeon of Queens): no picking and no
"selected" state, unlike `HandView`. Each card is a real `<button>` with the face as its
picture and its full spoken name as its (visually hidden) text ("Д♠ queen of spades
(trump)"; not `aria-label`, which would have to repeat the face's visible rank), so it is
reached with Tab, played with Enter or Space, and the arrow keys move along the row. A card
that cannot be played now is a disabled button. The faces come from `svg.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import traitlets

_HERE = Path(__file__).parent

PickHandler = Callable[[str], object]


@dataclass(frozen=True)
class FaceCard:
    """One card of the row: `key` names it to the app (and in the class `sq-card-<key>`)."""

    key: str
    svg: str
    label: str
    playable: bool = True
    classes: tuple[str, ...] = ()


class CardRow(anywidget.AnyWidget):
    """`show(cards)` draws the row; `on_pick(callback)` hears the key of a card played."""

    _esm = _HERE / "card_row.js"

    cards: traitlets.List = traitlets.List(
        help="one dict per card: key, svg, label, disabled, classes").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    item_class = traitlets.Unicode("sq-row-card").tag(sync=True)

    def __init__(self, item_class: str = "sq-row-card", **kwargs: object) -> None:
        super().__init__(item_class=item_class, **kwargs)
        self._handlers: list[PickHandler] = []
        self.on_msg(self._message)

    def show(self, cards: Sequence[FaceCard], title: str = "") -> None:
        with self.hold_sync():
            self.cards = [{"key": c.key, "svg": c.svg, "label": c.label,
                           "disabled": not c.playable, "classes": list(c.classes)}
                          for c in cards]
            self.title = title

    def on_pick(self, callback: PickHandler) -> None:
        self._handlers.append(callback)

    def pick(self, key: str) -> None:
        """What a tap on the card `key` does (a disabled or unknown card does nothing)."""
        if any(c["key"] == key and not c["disabled"] for c in self.cards):
            for handler in list(self._handlers):
                handler(key)

    @property
    def playable(self) -> list[str]:
        return [c["key"] for c in self.cards if not c["disabled"]]

    @property
    def labels(self) -> list[str]:
        """What a screen reader hears for each card (tests read this)."""
        return [c["label"] for c in self.cards]

    def _message(self, _widget: Any, content: Any, _buffers: object) -> None:
        if isinstance(content, dict) and isinstance(content.get("pick"), str):
            self.pick(content["pick"])
