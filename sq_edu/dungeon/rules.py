"""Which card may be played, and who takes a trick (docs/rules.md section 8).

Pure functions over hands and tricks, so that lessons and bots can ask "is this legal?" and
"who wins this?" without a game. Refusals carry a message key, so the child reads the reason
("you must follow hearts") in their own language.
"""

from __future__ import annotations

from collections.abc import Sequence

from sq_edu.gamekit import IllegalMove

from .cards import SUITS, Card, check_players
from .words import Spoken

# The dealer's contract: tricks the dealer must take in a hand, by table size.
CONTRACTS: dict[int, int] = {2: 7, 4: 5, 5: 4, 6: 3, 7: 2, 8: 2}
TARGET = 500  # first to this many points or more wins

Play = tuple[int, Card]  # (seat, card) in the order played


class IllegalPlay(IllegalMove):
    """A refused Dungeon move: an `IllegalMove` like the Sleeping Queens engine's (catch that
    for either game), with its reasons in the `dungeon` catalogue and its cards and suits said
    the Dungeon's way. The name stays for code that caught it before."""

    area = "dungeon"

    def terms(self) -> dict[str, object]:
        return {k: Spoken(k, v) for k, v in self.params.items()}


def contract_for(players: int) -> int:
    return CONTRACTS[check_players(players)]


def check_suit(suit: object) -> str:
    if suit not in SUITS:
        raise IllegalPlay("not_a_suit", name=str(suit))
    return suit


def play_error(hand: Sequence[Card], card: Card, led_suit: str | None) -> IllegalPlay | None:
    """Why `card` may not be played from `hand` on a trick led in `led_suit` (None: legal).

    Follow suit if you can; a queen may be played instead at any time, but if you hold the
    queen of the led suit, that is the queen you must play.
    """
    if card not in hand:
        return IllegalPlay("not_in_hand", card=card)
    if led_suit is None or card.suit == led_suit:
        return None
    if not any(c.suit == led_suit for c in hand):
        return None
    if card.is_queen:
        led_queen = Card("Q", led_suit)
        if led_queen in hand:
            return IllegalPlay("must_play_led_queen", card=led_queen, suit=led_suit)
        return None
    return IllegalPlay("must_follow", suit=led_suit)


def legal_plays(hand: Sequence[Card], led_suit: str | None) -> list[Card]:
    """Every card of `hand` that may be played now, in hand order (same rule as play_error,
    spelled out for speed: bots and property runs ask this on every turn)."""
    if led_suit is None or not any(c.suit == led_suit for c in hand):
        return list(hand)
    if Card("Q", led_suit) in hand:
        return [c for c in hand if c.suit == led_suit]
    return [c for c in hand if c.suit == led_suit or c.is_queen]


def led_suit(plays: Sequence[Play]) -> str | None:
    return plays[0][1].suit if plays else None


def winning_play(plays: Sequence[Play], trump: str) -> Play:
    """The play that takes the trick so far: highest trump, else highest of the led suit."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    led = plays[0][1].suit

    def strength(play: Play) -> tuple[int, int]:
        card = play[1]
        if card.suit == trump:
            return (2, card.power)
        if card.suit == led:
            return (1, card.power)
        return (0, 0)

    return max(plays, key=strength)


def trick_taker(plays: Sequence[Play], trump: str) -> int:
    return winning_play(plays, trump)[0]


def would_win(plays: Sequence[Play], card: Card, seat: int, trump: str) -> bool:
    """True if `card` played now by `seat` would be winning the trick (lessons and bots ask)."""
    if not plays:
        return True
    return winning_play([*plays, (seat, card)], trump)[0] == seat
