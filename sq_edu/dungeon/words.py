"""Cards, suits and reasons in the child's language (English or Russian).

Kept apart from the rules so that the engine speaks in codes and only the edges translate.
Russian names follow the rules text «Подземелье королев»: the queen is «дама», ranks print as
В К Т Д, and a suit after a rank takes its genitive («дама червей»).
"""

from __future__ import annotations

from dataclasses import dataclass

from sq_edu.i18n import t
from sq_edu.i18n.words import word

from .cards import SUIT_SYMBOLS, Card

_RANK_KEYS = {"J": "dungeon.rank_jack", "K": "common.card_king", "A": "dungeon.rank_ace",
              "Q": "dungeon.rank_queen"}
_SHORT_KEYS = {"J": "rank_short_jack", "K": "rank_short_king", "A": "rank_short_ace",
               "Q": "rank_short_queen"}


def suit_name(suit: str, lang: str = "en") -> str:
    """"hearts" / "червы"."""
    return t(f"dungeon.suit_{suit}", lang)


def suit_of(suit: str, lang: str = "en") -> str:
    """The suit as it follows a rank: "hearts" / "червей"."""
    return word(f"dungeon.suit_{suit}", lang).form("gen")


def rank_name(rank: str, lang: str = "en") -> str:
    key = _RANK_KEYS.get(rank)
    return t(key, lang) if key else rank


def short_card(card: Card, lang: str = "en") -> str:
    """The card as printed in the corner: "Q♥" in English, "Д♥" in Russian."""
    key = _SHORT_KEYS.get(card.rank)
    rank = t(f"dungeon.{key}", lang) if key else card.rank
    return f"{rank}{SUIT_SYMBOLS[card.suit]}"


def card_name(card: Card, lang: str = "en") -> str:
    """The card's full spoken name ("queen of hearts", "10 of spades") for buttons and labels."""
    return t("dungeon.card_name", lang, rank=rank_name(card.rank, lang),
             suit=suit_of(card.suit, lang))


@dataclass(frozen=True)
class ShortCards:
    """Cards as a message parameter, printed as on the cards: "Q♥ 5♣" / "Д♥ 5♣"."""

    cards: tuple[Card, ...]

    def render(self, lang: str = "en") -> str:
        return " ".join(short_card(c, lang) for c in self.cards)


def localize(params: dict[str, object], lang: str = "en") -> dict[str, object]:
    """Message parameters with cards and suits spelled out in `lang`.

    By convention a parameter named `suit` holds a suit and one named `card` (or ending in
    `_card`) holds a Card; anything with a `render(lang)` (a count, a word) is rendered.
    """
    out: dict[str, object] = {}
    for key, value in params.items():
        if isinstance(value, Card):
            out[key] = card_name(value, lang)
        elif key == "suit" and isinstance(value, str):
            out[key] = suit_name(value, lang)
        elif key == "suit_of" and isinstance(value, str):
            out[key] = suit_of(value, lang)
        elif callable(getattr(value, "render", None)):
            out[key] = value.render(lang)  # type: ignore[attr-defined]  # duck-typed: anything with render(lang), checked just above
        else:
            out[key] = value
    return out


@dataclass(frozen=True)
class Spoken:
    """A message parameter spelled out in the reader's language by its name's convention
    (`localize`): a card, a suit; anything else as it is."""

    name: str
    value: object

    def render(self, lang: str = "en") -> object:
        return localize({self.name: self.value}, lang)[self.name]


def message(key: str, lang: str = "en", **params: object) -> str:
    """`t("dungeon.<key>")` with card and suit parameters spelled out."""
    return t(f"dungeon.{key}", lang, **localize(params, lang))
