"""Moves, events and the trick and hand logs of Dungeon of Queens.

Everything that happens is recorded as plain frozen data, so scores can be re-derived from the
log (the property tests do), lessons can be generated from real hands, and a game can be saved
as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Card
from .scoring import TrickScore
from .words import card_name, suit_name

PLAY, TRUMP = "play", "trump"


@dataclass(frozen=True)
class Move:
    """Play a card, or name a trump suit (the dealer before the deal, or after two queens)."""

    kind: str
    card: Card | None = None
    suit: str | None = None

    @classmethod
    def play(cls, card: Card | str) -> Move:
        return cls(PLAY, card=Card.parse(card))

    @classmethod
    def trump(cls, suit: str) -> Move:
        return cls(TRUMP, suit=suit)

    def __str__(self) -> str:
        return f"play {self.card}" if self.kind == PLAY else f"trump {self.suit}"

    def describe(self, lang: str = "en") -> str:
        if self.kind == PLAY and self.card is not None:
            return card_name(self.card, lang)
        return suit_name(str(self.suit), lang)


@dataclass(frozen=True)
class TrickRecord:
    """One taken trick: who played what, who took it, and what it did to the taker's score."""

    hand: int                            # hand number, from 1
    number: int                          # trick number within the hand, from 1
    trump: str                           # trump while it was played
    plays: tuple[tuple[int, Card], ...]  # (seat, card), leader first
    taker: int
    score: TrickScore
    others: tuple[int, ...]              # the other players' scores when it was taken

    @property
    def leader(self) -> int:
        return self.plays[0][0]

    @property
    def queens(self) -> int:
        return self.score.queens

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    def to_dict(self) -> dict[str, Any]:
        s = self.score
        return {"hand": self.hand, "number": self.number, "trump": self.trump,
                "plays": [[seat, card.code] for seat, card in self.plays],
                "taker": self.taker, "queens": s.queens, "before": s.before,
                "after": s.after, "rule": s.rule,
                "compared": list(s.compared) if s.compared else None,
                "others": list(self.others)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> TrickRecord:
        compared = d.get("compared")
        score = TrickScore(int(d["queens"]), int(d["before"]), int(d["after"]), str(d["rule"]),
                           (int(compared[0]), int(compared[1])) if compared else None)
        plays = tuple((int(seat), Card.parse(code)) for seat, code in d["plays"])
        return cls(int(d["hand"]), int(d["number"]), str(d["trump"]), plays, int(d["taker"]),
                   score, tuple(int(x) for x in d["others"]))


@dataclass(frozen=True)
class HandRecord:
    """One finished hand: the dealer's contract and every seat's score after it."""

    number: int
    dealer: int
    contract: int
    dealer_tricks: int
    contract_points: int                 # +50 made, -50 missed
    scores_before: tuple[int, ...]       # at the start of the hand
    scores_after: tuple[int, ...]        # after the last trick and the contract
    dealer_points: int = 0               # the dealer's points from this hand's tricks

    @property
    def made(self) -> bool:
        return self.contract_points > 0

    def to_dict(self) -> dict[str, Any]:
        return {"number": self.number, "dealer": self.dealer, "contract": self.contract,
                "dealer_tricks": self.dealer_tricks, "contract_points": self.contract_points,
                "scores_before": list(self.scores_before),
                "scores_after": list(self.scores_after), "dealer_points": self.dealer_points}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> HandRecord:
        return cls(int(d["number"]), int(d["dealer"]), int(d["contract"]),
                   int(d["dealer_tricks"]), int(d["contract_points"]),
                   tuple(int(x) for x in d["scores_before"]),
                   tuple(int(x) for x in d["scores_after"]), int(d.get("dealer_points", 0)))


# Event kinds, in the game's words.
EVENT_KINDS: tuple[str, ...] = (
    "trump",      # seat names `suit` trump (dealer before the deal, or taker after two queens)
    "deal",       # hand `count` dealt by `seat`
    "play",       # seat plays `card`
    "trick",      # seat takes the trick; `trick` holds the record
    "contract",   # the dealer (seat) made or missed the contract; `points` +50 / -50,
                  #   `count` the dealer's tricks this hand
    "game_over",  # `seats` win
)


@dataclass(frozen=True)
class Event:
    """One thing that happened, returned by `DungeonGame.play` for views to show."""

    kind: str
    seat: int | None = None
    card: Card | None = None
    suit: str | None = None
    count: int | None = None
    points: int | None = None
    trick: TrickRecord | None = None
    seats: tuple[int, ...] = ()
