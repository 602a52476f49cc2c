"""Computer players for Dungeon of Queens: `bot.choose(obs, legal) -> Move`.

A bot owns the `random.Random` it is given, so a seeded table replays exactly. The child at
the table is just another seat whose moves come from the buttons.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sq_edu.gamekit import Bot as Bot  # the one bot protocol: Bot[DungeonObservation, Move] here

from .cards import SUITS, Card
from .observation import DungeonObservation
from .records import PLAY, Move
from .rules import winning_play, would_win


class RandomBot:
    """Plays any legal move: the baseline the sensible bot must beat."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, obs: DungeonObservation, legal: Sequence[Move]) -> Move:
        if not legal:
            raise ValueError("no legal move to choose from")
        return self.rng.choice(list(legal))


class SensibleBot:
    """Plays like a careful child: takes tricks it can win cheaply, never takes three queens
    if it can help it, and dumps a queen on the score leader's trick to send them to the
    dungeon."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random(0)

    def choose(self, obs: DungeonObservation, legal: Sequence[Move]) -> Move:
        if not legal:
            raise ValueError("no legal move to choose from")
        if legal[0].kind != PLAY:
            return self._trump(obs, legal)
        cards = [m.card for m in legal if m.card is not None]
        return Move.play(self._card(obs, cards))

    def _trump(self, obs: DungeonObservation, legal: Sequence[Move]) -> Move:
        """Name the suit we are longest and strongest in (before the deal: any suit)."""
        if not obs.hand:
            return self.rng.choice(list(legal))

        def strength(move: Move) -> tuple[int, int]:
            mine = [c for c in obs.hand if c.suit == move.suit]
            return (len(mine), sum(c.power for c in mine))

        return max(legal, key=strength)

    def _card(self, obs: DungeonObservation, cards: list[Card]) -> Card:
        trump = obs.trump or SUITS[0]

        def cheap(card: Card) -> tuple[bool, bool, int]:
            # queens last, trumps late, low before high
            return (card.is_queen, card.suit == trump, card.power)

        if not obs.trick:
            return min(cards, key=cheap)
        queens = sum(1 for _, c in obs.trick if c.is_queen)
        winners = [c for c in cards if would_win(obs.trick, c, obs.seat, trump)]
        safe = [c for c in winners if queens + c.is_queen < 3]
        if safe:
            return min(safe, key=cheap)
        losers = [c for c in cards if c not in winners]
        holder = winning_play(obs.trick, trump)[0]
        dump = [c for c in losers if c.is_queen]
        if dump and queens >= 2 and holder == obs.leader() and holder != obs.seat:
            return min(dump, key=lambda c: c.power)
        plain = [c for c in losers if not c.is_queen] or losers or cards
        return min(plain, key=cheap)
