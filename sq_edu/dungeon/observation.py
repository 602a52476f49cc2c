"""What one seat may know in Dungeon of Queens: its own hand and everything played openly.

Views and bots get a `DungeonObservation`, never the game, so other hands cannot leak.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .records import TrickRecord


@dataclass(frozen=True)
class DungeonObservation:
    """Everything `seat` may know now, and nothing more."""

    seat: int
    players: int
    hand_number: int
    dealer: int
    contract: int
    trump: str | None
    pending: str | None                    # name_trump, play, new_trump, or None (over)
    current_player: int
    hand: tuple[Card, ...]                 # this seat's own cards
    hand_sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]    # the trick on the table, leader first
    hand_tricks: tuple[TrickRecord, ...]   # tricks taken so far this hand (played openly)
    tricks_taken: tuple[int, ...]          # this hand, per seat
    scores: tuple[int, ...]
    target: int
    is_over: bool = False
    winners: tuple[int, ...] = ()

    @property
    def led_suit(self) -> str | None:
        return self.trick[0][1].suit if self.trick else None

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card seen on the table this hand, oldest first (for counting)."""
        done = tuple(card for record in self.hand_tricks for card in record.cards)
        return done + tuple(card for _, card in self.trick)

    @property
    def last_trick(self) -> TrickRecord | None:
        return self.hand_tricks[-1] if self.hand_tricks else None

    @property
    def my_turn(self) -> bool:
        return not self.is_over and self.current_player == self.seat

    def leader(self) -> int:
        """The seat with the highest score (lowest seat on a tie), that bots gang up on."""
        return max(range(self.players), key=lambda s: (self.scores[s], -s))

