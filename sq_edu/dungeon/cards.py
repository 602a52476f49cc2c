"""Playing cards and the deck of Dungeon of Queens (docs/rules.md section 8).

A standard 52-card deck where the queen is the highest card of her suit: 2 .. 10 J K A Q.
With 5 to 8 players the lowest cards leave the deck (2s, then 3s, suits in the order clubs,
diamonds, hearts, spades) until it divides evenly; 3 players is not a described game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sq_edu.i18n import t

# Suit order is also the order in which low cards leave the deck.
SUITS: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "K", "A", "Q")
QUEEN = "Q"
_POWER: dict[str, int] = {rank: i for i, rank in enumerate(RANKS)}
SUIT_SYMBOLS: dict[str, str] = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
_SUIT_BY_LETTER: dict[str, str] = {s[0].upper(): s for s in SUITS}
_SUIT_BY_SYMBOL: dict[str, str] = {v: k for k, v in SUIT_SYMBOLS.items()}
PLAYER_COUNTS: tuple[int, ...] = (2, 4, 5, 6, 7, 8)


class PlayerCountError(ValueError):
    """A table size the rules do not describe (3 players, or fewer than 2 / more than 8)."""

    def message(self, lang: str = "en") -> str:
        """What to tell a child or teacher choosing the table size."""
        return t("dungeon.players_not_offered", lang)


@dataclass(frozen=True)
class Card:
    """One playing card; `code` ("QH", "10S") is its JSON form."""

    rank: str
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS:
            raise ValueError(f"{self.rank!r} is not a rank (ranks are {' '.join(RANKS)})")
        if self.suit not in SUITS:
            raise ValueError(f"{self.suit!r} is not a suit (suits are {', '.join(SUITS)})")

    @property
    def power(self) -> int:
        """Position in the rank order: 2 is 0, the queen is 12."""
        return _POWER[self.rank]

    @property
    def is_queen(self) -> bool:
        return self.rank == QUEEN

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit[0].upper()}"

    def __str__(self) -> str:
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    @classmethod
    def parse(cls, text: object) -> Card:
        """A card from its code ("QH", "10s") or symbol form ("Q♥"); ValueError otherwise."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str) or len(text.strip()) < 2:
            raise ValueError(f"{text!r} is not a card (write it like QH or 10S)")
        word = text.strip().upper()
        rank, mark = word[:-1], word[-1]
        suit = _SUIT_BY_LETTER.get(mark) or _SUIT_BY_SYMBOL.get(text.strip()[-1])
        if suit is None or rank not in RANKS:
            raise ValueError(f"{text!r} is not a card (write it like QH or 10S)")
        return cls(rank, suit)


def full_deck() -> tuple[Card, ...]:
    """All 52 cards, lowest rank first, suits in removal order within a rank."""
    return tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)


def check_players(players: object) -> int:
    """The table size if the rules describe it; a clear PlayerCountError otherwise."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise PlayerCountError(f"the number of players must be a whole number, not {players!r}")
    if players == 3:
        raise PlayerCountError("Dungeon of Queens is not described for 3 players: "
                               "play with 2 or 4 to 8")
    if players not in PLAYER_COUNTS:
        raise PlayerCountError(f"Dungeon of Queens is for 2 or 4 to 8 players, not {players}")
    return players


def removed_cards(players: int) -> tuple[Card, ...]:
    """The low cards taken out so that the deck divides evenly among `players`."""
    count = 52 % check_players(players)
    return full_deck()[:count]


def deck_for(players: int) -> tuple[Card, ...]:
    """The cards in play for this table size (52 for 2 and 4 players)."""
    gone = set(removed_cards(players))
    return tuple(c for c in full_deck() if c not in gone)


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand as a player holds it: grouped by suit, low to high."""
    return tuple(sorted(cards, key=lambda c: (SUITS.index(c.suit), c.power)))


def deal(players: int, dealer: int, rng: random.Random) -> list[tuple[Card, ...]]:
    """Shuffle the deck and deal it all, one card at a time, starting left of the dealer."""
    cards = list(deck_for(players))
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(cards):
        hands[(dealer + 1 + i) % players].append(card)
    return [sort_hand(h) for h in hands]


def count_queens(cards: Sequence[Card]) -> int:
    return sum(1 for c in cards if c.is_queen)
