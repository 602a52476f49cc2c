"""Card tokens and deck composition (docs/rules.md section 1), as module constants.

A card token is one of the power-card words or an int 1..10. Queens are named by lower-case
words. Everything else in the package speaks in these tokens.
"""

from __future__ import annotations

Card = str | int

KING, KNIGHT, DRAGON, POTION, WAND, JESTER = "king", "knight", "dragon", "potion", "wand", "jester"
POWER_CARDS: tuple[str, ...] = (KING, KNIGHT, DRAGON, POTION, WAND, JESTER)
NUMBERS: tuple[int, ...] = tuple(range(1, 11))

# How many copies of each play-deck card (67 in all).
PLAY_DECK: dict[Card, int] = {
    KING: 8, JESTER: 5, KNIGHT: 4, POTION: 4, WAND: 3, DRAGON: 3,
    **{n: 4 for n in NUMBERS},
}

# Printed points of the 12 queens (125 in all); order is the printed table's.
QUEEN_POINTS: dict[str, int] = {
    "rose": 5, "cake": 5, "rainbow": 5, "starfish": 5,
    "moon": 10, "peacock": 10, "ladybug": 10, "sunflower": 10,
    "pancake": 15, "cat": 15, "dog": 15,
    "heart": 20,
}
QUEENS: tuple[str, ...] = tuple(QUEEN_POINTS)
SLOTS = 12


def is_number(card: Card) -> bool:
    """True for number cards 1..10 (bool is not a card)."""
    return isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= 10


def is_power(card: Card) -> bool:
    return isinstance(card, str) and card in POWER_CARDS


def parse_card(value: object) -> Card:
    """Turn a token from JSON, TOML or a form ("7", 7, "King") into a card; ValueError otherwise."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a card")
    if isinstance(value, int):
        if is_number(value):
            return value
        raise ValueError(f"number cards go from 1 to 10, not {value}")
    if isinstance(value, str):
        word = value.strip().lower()
        if word.isdigit():
            return parse_card(int(word))
        if word in POWER_CARDS:
            return word
    raise ValueError(f"{value!r} is not a card (use 1..10 or one of {', '.join(POWER_CARDS)})")


def sort_key(card: Card) -> tuple[int, int]:
    """Numbers first in order, then power cards in table order: a stable hand order."""
    if is_number(card):
        return (0, int(card))
    return (1, POWER_CARDS.index(card))
