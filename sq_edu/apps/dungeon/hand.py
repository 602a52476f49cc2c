"""The child's hand in the Dungeon of Queens app: a `CardRow` of card faces (`faces.py`), one
button per card, named in words ("Д♠ дама пик (козырь)"); a tap plays the card.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from sq_edu.apps.dungeon.faces import dungeon_face
from sq_edu.apps.dungeon.views import DungeonWords
from sq_edu.dungeon import Card
from sq_edu.widgets.card_row import FaceCard


def hand_cards(cards: Iterable[Card], trump: str | None, playable: Collection[Card | None],
               words: DungeonWords) -> list[FaceCard]:
    """The hand as the row draws it; a card that cannot be played now is disabled."""
    lang = words.lang
    return [FaceCard(key=card.code, svg=dungeon_face(card, lang, card.suit == trump),
                     label=words.card(card), playable=card in playable,
                     classes=("sq-trump-card",) if card.suit == trump else ())
            for card in cards]
