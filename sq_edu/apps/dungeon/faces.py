"""The Dungeon of Queens' playing cards as faces in the style of the main game's cards
(`sq_edu.widgets.svg.playing_face`), for the hand, the trick on the table and "How to play":
the rank as printed in the child's language ("Д" / "Q", "Т" / "A"), the suit big, red suits
red, a "trump" band on trumps (never colour alone) and a crown on the queens. Decorative
(`aria-hidden`): the button or the words beside a face say the card.
"""

from __future__ import annotations

from sq_edu.dungeon import Card
from sq_edu.dungeon.cards import SUIT_SYMBOLS
from sq_edu.dungeon.words import short_rank
from sq_edu.i18n import t
from sq_edu.widgets.svg import playing_face

HAND_WIDTH = 64    # four cards to a row on a phone, so 13 cards and the table fit its screen
TABLE_WIDTH = 56


def dungeon_face(card: Card, lang: str, trump: bool = False, width: int = HAND_WIDTH) -> str:
    band = t("dungeon.app_trump_mark", lang) if trump else ""
    return playing_face(short_rank(card.rank, lang), SUIT_SYMBOLS[card.suit],
                        card.suit in ("hearts", "diamonds"), width, band=band,
                        crown=card.is_queen)
