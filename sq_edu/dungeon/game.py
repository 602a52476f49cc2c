"""A game of Dungeon of Queens: hands, tricks, trumps and the race to 500 (docs/rules.md 8).

The state changes only through `play(move)`, which refuses anything `legal_moves()` would not
list. Decisions are explicit: `pending` says what the `current_player` must do next:

- "name_trump": the dealer names trump before the deal (so the dealer holds no cards yet);
- "play": play a card to the trick;
- "new_trump": the taker of a two-queen trick names a new, different trump for the rest of
  the hand (not asked after the last trick of a hand);
- None: the game is over.

Seats go clockwise 0, 1, 2, ...; the player left of the dealer is dealer + 1. Each hand is
shuffled by its own seeded RNG, so a saved game needs only the seed and the hand number.
"""

from __future__ import annotations

import copy
import random
import secrets
from collections.abc import Sequence
from typing import Any

from sq_edu.gamekit import Bot, Played, advance_bots

from .cards import SUITS, Card, check_players, count_queens, deal, deck_for, sort_hand
from .observation import DungeonObservation
from .records import PLAY, TRUMP, Event, HandRecord, Move, TrickRecord
from .rules import (
    TARGET,
    IllegalPlay,
    check_suit,
    contract_for,
    led_suit,
    legal_plays,
    play_error,
    trick_taker,
)
from .save import game_from_dict, game_to_dict
from .scoring import contract_points, race_winners, score_trick

NAME_TRUMP, NEW_TRUMP = "name_trump", "new_trump"


def hand_rng(seed: int, hand_number: int) -> random.Random:
    """The RNG that shuffles hand `hand_number` of the game with `seed`."""
    return random.Random(f"dungeon:{seed}:{hand_number}")


class DungeonGame:
    """One game to 500. Build it with `DungeonGame.new(...)` or `from_dict(...)`."""

    def __init__(self, players: int, seed: int, first_dealer: int = 0) -> None:
        self.players = check_players(players)
        if not 0 <= first_dealer < players:
            raise ValueError(f"the first dealer must be a seat 0..{players - 1}")
        self.seed = seed
        self.first_dealer = first_dealer
        self.scores: list[int] = [0] * players
        self.dealer = first_dealer
        self.hand_number = 1
        self.trump: str | None = None
        self.pending: str | None = NAME_TRUMP
        self.current_player = first_dealer
        self.hands: list[list[Card]] = [[] for _ in range(players)]
        self.trick: list[tuple[int, Card]] = []
        self.tricks_taken: list[int] = [0] * players
        self.tricks: list[TrickRecord] = []
        self.hand_log: list[HandRecord] = []
        self.hand_start_scores: tuple[int, ...] = tuple(self.scores)
        self.winners: tuple[int, ...] = ()
        # Only games built by `from_setup` (a hand already in progress) change these.
        self.start_scores: tuple[int, ...] = tuple(self.scores)
        self.prior_tricks: tuple[int, ...] = (0,) * players  # hand 1, before the setup
        self.out_of_play: tuple[Card, ...] = ()  # hand 1 cards played before the setup

    @classmethod
    def new(cls, players: int = 4, seed: int | None = None, first_dealer: int = 0) -> DungeonGame:
        """A fresh game; without a seed one is drawn (and kept, so it can be replayed)."""
        if seed is None:
            seed = secrets.randbelow(2**31)
        return cls(players, int(seed), first_dealer)

    @classmethod
    def from_setup(cls, setup: dict[str, Any]) -> DungeonGame:
        """A hand already in progress, for scenario tests and lessons.

        `setup`: {"players": n, "hands": [[card codes] per seat, equal sizes], "trump": suit,
        "dealer": seat, "leader": seat, "scores": [...], "tricks_taken": [...], "seed": int}.
        Deck cards in no hand count as played earlier in this hand; later hands are dealt
        normally.
        """
        players = check_players(setup.get("players", 4))
        game = cls(players, int(setup.get("seed", 0)), int(setup.get("dealer", 0)))
        hands = [[Card.parse(c) for c in hand] for hand in setup["hands"]]
        cards = [c for hand in hands for c in hand]
        if len(hands) != players or len({len(h) for h in hands}) != 1 or not hands[0]:
            raise ValueError(f"give {players} hands of the same, non-zero size")
        deck = deck_for(players)
        if len(set(cards)) != len(cards) or not set(cards) <= set(deck):
            raise ValueError("each card may be in only one hand, and only once")
        game.trump = check_suit(setup["trump"])
        game.hands = [list(sort_hand(h)) for h in hands]
        game.scores = [int(x) for x in setup.get("scores", [0] * players)]
        game.prior_tricks = tuple(int(x) for x in setup.get("tricks_taken", [0] * players))
        if len(game.scores) != players or len(game.prior_tricks) != players:
            raise ValueError(f"give {players} scores and {players} trick counts")
        if sum(game.prior_tricks) * players + len(cards) != len(deck):
            raise ValueError("the tricks taken do not match the cards still in the hands")
        game.tricks_taken = list(game.prior_tricks)
        game.start_scores = game.hand_start_scores = tuple(game.scores)
        game.out_of_play = tuple(c for c in deck if c not in set(cards))
        game.pending = PLAY
        game.current_player = int(setup.get("leader", (game.dealer + 1) % players)) % players
        return game

    def copy(self) -> DungeonGame:
        """A copy to play on (lessons play a hand again with other bots). Records and cards
        are frozen, so only the lists play changes are copied: a deep copy costs more than
        the play itself."""
        twin = copy.copy(self)
        twin.scores, twin.tricks_taken = list(self.scores), list(self.tricks_taken)
        twin.trick, twin.tricks, twin.hand_log = list(self.trick), list(self.tricks), list(
            self.hand_log)
        twin.hands = [list(hand) for hand in self.hands]
        return twin

    # --- what the rules allow -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.pending is None

    @property
    def contract(self) -> int:
        return contract_for(self.players)

    @property
    def tricks_per_hand(self) -> int:
        return len(deck_for(self.players)) // self.players

    @property
    def led_suit(self) -> str | None:
        return led_suit(self.trick)

    @property
    def hand_tricks(self) -> list[TrickRecord]:
        """Tricks taken so far in the current hand."""
        start = len(self.tricks)
        while start and self.tricks[start - 1].hand == self.hand_number:
            start -= 1
        return self.tricks[start:]

    def hand(self, seat: int) -> tuple[Card, ...]:
        return tuple(self.hands[seat])

    def legal_moves(self) -> list[Move]:
        if self.pending == NAME_TRUMP:
            return [Move.trump(s) for s in SUITS]
        if self.pending == NEW_TRUMP:
            return [Move.trump(s) for s in SUITS if s != self.trump]
        if self.pending == PLAY:
            hand = self.hands[self.current_player]
            return [Move.play(c) for c in legal_plays(hand, self.led_suit)]
        return []

    def move_error(self, move: Move) -> IllegalPlay | None:
        """Why `move` is refused now, or None if it is legal."""
        if self.pending is None:
            return IllegalPlay("game_is_over")
        if self.pending in (NAME_TRUMP, NEW_TRUMP):
            if move.kind != TRUMP:
                return IllegalPlay("name_trump_first")
            if move.suit not in SUITS:
                return IllegalPlay("not_a_suit", name=str(move.suit))
            if self.pending == NEW_TRUMP and move.suit == self.trump:
                return IllegalPlay("same_trump", suit=move.suit)
            return None
        if move.kind != PLAY or move.card is None:
            return IllegalPlay("play_a_card")
        return play_error(self.hands[self.current_player], move.card, self.led_suit)

    # --- changing the state ---------------------------------------------------------------

    def play(self, move: Move, seat: int | None = None) -> Played[Event]:
        """Apply a legal move for `current_player`; the events it caused (`gamekit.Played`,
        as the Sleeping Queens engine says them). IllegalPlay (an `IllegalMove`) otherwise.
        With `seat`, refuse the move unless that seat is to decide now."""
        if seat is not None and self.pending is not None and (
                type(seat) is not int or seat != self.current_player):
            raise IllegalPlay("not_your_decision", seat=repr(seat)[:20],
                              current=self.current_player)
        error = self.move_error(move)
        if error is not None:
            raise error
        if move.kind == TRUMP:
            return Played(self._name_trump(str(move.suit)))
        assert move.card is not None
        return Played(self._play_card(move.card))

    def _name_trump(self, suit: str) -> list[Event]:
        seat = self.current_player
        self.trump = suit
        events = [Event("trump", seat=seat, suit=suit)]
        if self.pending == NAME_TRUMP:
            dealt = deal(self.players, self.dealer, hand_rng(self.seed, self.hand_number))
            self.hands = [list(h) for h in dealt]
            self.tricks_taken = [0] * self.players
            self.out_of_play = ()
            self.current_player = (self.dealer + 1) % self.players
            events.append(Event("deal", seat=self.dealer, count=self.hand_number))
        self.pending = PLAY  # after a new trump the taker leads, and is current already
        return events

    def _play_card(self, card: Card) -> list[Event]:
        seat = self.current_player
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events = [Event("play", seat=seat, card=card)]
        if len(self.trick) < self.players:
            self.current_player = (seat + 1) % self.players
            return events
        events.append(self._take_trick())
        if any(self.hands):
            last = self.tricks[-1]
            self.current_player = last.taker
            if last.score.new_trump:
                self.pending = NEW_TRUMP
            return events
        events.extend(self._end_hand())
        return events

    def _take_trick(self) -> Event:
        assert self.trump is not None
        taker = trick_taker(self.trick, self.trump)
        others = tuple(s for i, s in enumerate(self.scores) if i != taker)
        score = score_trick(self.scores[taker], others,
                            count_queens([c for _, c in self.trick]))
        record = TrickRecord(self.hand_number, len(self.hand_tricks) + 1, self.trump,
                             tuple(self.trick), taker, score, others)
        self.scores[taker] = score.after
        self.tricks_taken[taker] += 1
        self.tricks.append(record)
        self.trick = []
        return Event("trick", seat=taker, trick=record, points=score.change)

    def _end_hand(self) -> list[Event]:
        dealer = self.dealer
        # Only a trick's taker scores, so the dealer's change this hand is what its tricks
        # and queen bonuses brought (dungeon drops included).
        dealer_points = self.scores[dealer] - self.hand_start_scores[dealer]
        points = contract_points(self.tricks_taken[dealer], self.contract, dealer_points)
        self.scores[dealer] += points
        self.hand_log.append(HandRecord(
            self.hand_number, dealer, self.contract, self.tricks_taken[dealer],
            points, self.hand_start_scores, tuple(self.scores), dealer_points))
        events = [Event("contract", seat=self.dealer, points=points,
                        count=self.tricks_taken[self.dealer])]
        self.winners = race_winners(self.scores)
        if self.winners:
            self.pending = None
            events.append(Event("game_over", seats=self.winners))
            return events
        self.dealer = (self.dealer + 1) % self.players
        self.hand_number += 1
        self.trump = None
        self.tricks_taken = [0] * self.players
        self.hand_start_scores = tuple(self.scores)
        self.pending = NAME_TRUMP
        self.current_player = self.dealer
        return events

    # --- views and saving -----------------------------------------------------------------

    def observe(self, seat: int) -> DungeonObservation:
        """What `seat` may know: its own hand, the others' hand sizes, the table."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, not {seat}")
        return DungeonObservation(
            seat=seat, players=self.players, hand_number=self.hand_number, dealer=self.dealer,
            contract=self.contract, trump=self.trump, pending=self.pending,
            current_player=self.current_player, hand=self.hand(seat),
            hand_sizes=tuple(len(h) for h in self.hands), trick=tuple(self.trick),
            hand_tricks=tuple(self.hand_tricks), tricks_taken=tuple(self.tricks_taken),
            scores=tuple(self.scores), target=TARGET, is_over=self.is_over, winners=self.winners)

    def to_dict(self) -> dict[str, Any]:
        return game_to_dict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> DungeonGame:
        return game_from_dict(d, cls)


def play_out(game: DungeonGame, bots: Sequence[Bot[DungeonObservation, Move]],
             until_hand_end: bool = False) -> DungeonGame:
    """Let `bots` (one per seat, `choose(obs, legal)`) play until the game (or hand) ends."""
    start = game.hand_number
    advance_bots(game, bots, (lambda g: g.hand_number != start) if until_hand_end else None)
    return game
