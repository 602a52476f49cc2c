"""Card counting from one seat's event stream, the way a careful player keeps track in her head.

The counter replays what the seat saw - its own draws, every card played, discarded, revealed
or sent to the bottom, every reshuffle - and so knows, at every moment, the same as
`probability.unseen(obs)` (a test checks this over thousands of games).

A declined block teaches it nothing: the engine asks only a defender who holds a dragon (or
wand), but it logs an attack that goes through the same way whether she was asked or had
nothing to block with (docs/rules.md section 5), and the counter reads nothing into it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from sq_edu.engine.cards import DRAGON, PLAY_DECK, WAND, Card, is_power
from sq_edu.engine.observation import Event, Observation
from sq_edu.engine.rules import Rules

TO_DISCARD = ("play", "discard", "block")


class CardCounter:
    """What `seat` knows about where the 67 play cards are, kept up to date event by event."""

    def __init__(self, seat: int, players: int, hand: Iterable[Card],
                 rules: str | Rules = "official", draw_size: int | None = None,
                 discard_pile: Iterable[Card] = ()) -> None:
        """Start from the deal: this seat's `hand`, every other hand full, the rest face down."""
        self.seat, self.players = seat, players
        self.rules = Rules.coerce(rules)
        self.hand = Counter(hand)
        self.discard = Counter(discard_pile)
        self.known: list[Counter[Card]] = [Counter() for _ in range(players)]
        self.known_bottom: list[Card] = []            # top-most first, as in Observation
        self.revealed: Counter[Card] = Counter()
        self.draw_size = (sum(PLAY_DECK.values()) - players * self.rules.hand_size
                          if draw_size is None else draw_size)
        self.played: Counter[Card] = Counter()      # every card that went to the discard pile
        self.reshuffled: Counter[Card] = Counter()  # every card shuffled back into the draw pile
        self.reshuffles = 0
        self.events_seen = 0
        self._taken_before_reshuffle = 0

    # ---- building ----------------------------------------------------------------------------
    @classmethod
    def from_observation(cls, obs: Observation) -> CardCounter:
        """Replay `obs.events` from a fresh deal (as `Game.new` deals). Works out the dealt
        hand by undoing this seat's own draws and spends."""
        hand = Counter(obs.hand)
        for event in reversed(obs.events):
            if event.seat != obs.seat:
                continue
            if event.kind == "draw":
                hand.subtract(event.cards)
            elif event.kind in TO_DISCARD:
                hand.update(event.cards)
            elif event.kind in ("jester_reveal", "jester_keep") and _kept(event, obs.rules):
                hand.subtract(event.cards)
        if any(n < 0 for n in hand.values()):
            raise ValueError("these events do not start from a fresh deal")
        counter = cls(obs.seat, obs.players, +hand, obs.rules)
        counter.observe(obs)
        return counter

    @classmethod
    def start(cls, obs: Observation) -> CardCounter:
        """Start counting at `obs` (any position, a lesson scenario too): what it shows now is
        taken as known, and only events after it are counted."""
        counter = cls(obs.seat, obs.players, obs.hand, obs.rules, obs.draw_size,
                      obs.discard_pile)
        for seat, known in enumerate(obs.known_in_hands):
            if seat != obs.seat:
                counter.known[seat] = Counter(known)
        counter.known_bottom = list(obs.known_bottom)
        counter.revealed = Counter(obs.revealed)
        counter.events_seen = len(obs.events)
        return counter

    def observe(self, obs: Observation) -> None:
        """Catch up with `obs`: its events not yet counted."""
        for event in obs.events[self.events_seen:]:
            self.update(event)

    # ---- one event ---------------------------------------------------------------------------
    def update(self, event: Event) -> None:
        """Count one event as this seat saw it."""
        self.events_seen += 1
        kind, seat = event.kind, event.seat
        if kind in TO_DISCARD:
            for card in event.cards:
                self._leave_hand(seat, card)
                self.discard[card] += 1
                self.played[card] += 1
        elif kind == "jester_reveal":
            # Cards a jester took before a reshuffle it caused were counted off already.
            self._drawn(len(event.cards) - self._taken_before_reshuffle)
            self._taken_before_reshuffle = 0
            if self.rules.jester_peek > 1:
                self.revealed.update(event.cards)
            elif event.cards and is_power(event.cards[0]):
                self._into_hand(seat, event.cards[0], public=True)
        elif kind == "jester_keep":
            self.revealed = +(self.revealed - Counter(event.cards))
            if is_power(event.cards[0]):
                self._into_hand(seat, event.cards[0], public=True)
        elif kind == "to_bottom":
            self.revealed = +(self.revealed - Counter(event.cards))
            self.known_bottom += list(event.cards)
            self.draw_size += len(event.cards)
        elif kind == "jester_count":
            self.discard.update(event.cards)
            self.played.update(event.cards)
        elif kind == "draw":
            self._drawn(event.count or len(event.cards))
            for card in event.cards:
                self._into_hand(seat, card, public=False)
        elif kind == "reshuffle":
            # The engine reshuffles only an empty pile; cards still counted in it were taken
            # by a jester whose reveal is logged after this event.
            self._taken_before_reshuffle = self.draw_size
            self.reshuffled += self.discard
            self.reshuffles += 1
            self.draw_size = event.count if event.count is not None else sum(self.discard.values())
            self.discard = Counter()
            self.known_bottom = []

    def _leave_hand(self, seat: int | None, card: Card) -> None:
        if seat == self.seat:
            self.hand[card] -= 1
        elif seat is not None and self.known[seat][card] > 0:
            self.known[seat][card] -= 1

    def _into_hand(self, seat: int | None, card: Card, public: bool) -> None:
        if seat == self.seat:
            self.hand[card] += 1
        elif seat is not None and public:
            self.known[seat][card] += 1

    def _drawn(self, n: int) -> None:
        """`n` cards left the top of the draw pile; known bottom cards go once it reaches them."""
        self.draw_size = max(self.draw_size - n, 0)
        if len(self.known_bottom) > self.draw_size:
            self.known_bottom = self.known_bottom[len(self.known_bottom) - self.draw_size:]

    # ---- what the lessons ask ----------------------------------------------------------------
    def located(self) -> Counter[Card]:
        where = +self.hand + self.discard + Counter(self.known_bottom) + self.revealed
        for seat, known in enumerate(self.known):
            if seat != self.seat:
                where += known
        return where

    def seen(self) -> Counter[Card]:
        """Seen counts per kind: the cards this seat can place now (67 minus `unseen`)."""
        return self.located()

    def unseen(self) -> Counter[Card]:
        """Cards this seat cannot locate; equal to `unseen(obs)` at every point of a game."""
        where = self.located()
        return Counter({c: PLAY_DECK[c] - where[c] for c in PLAY_DECK if PLAY_DECK[c] > where[c]})

    def unseen_count(self, card: Card) -> int:
        """"How many dragons are still unseen?" """
        return self.unseen()[card]

    def all_played(self, card: Card) -> bool:
        """"Have all potions been played?": every copy lies in the discard pile now."""
        return self.discard[card] >= PLAY_DECK[card]

    def could_hold(self, seat: int, card: Card) -> bool:
        """Could `seat` hold `card` now, as far as this seat knows?"""
        if seat == self.seat:
            return self.hand[card] > 0
        return self.known[seat][card] > 0 or self.unseen()[card] > 0

    def can_be_blocked(self, target: int | None = None, attack: str = "knight") -> bool:
        """"Can a knight be blocked now?": could the target (default: any opponent) hold a
        dragon (a wand, for a potion)?"""
        defence = DRAGON if attack == "knight" else WAND
        partner = self.rules.partner(self.seat, self.players)
        seats = [target] if target is not None else [
            s for s in range(self.players) if s not in (self.seat, partner)]
        return any(self.could_hold(s, defence) for s in seats)


def _kept(event: Event, rules: Rules) -> bool:
    """Did this jester event put a power card into the jester player's hand?"""
    if event.kind == "jester_keep":
        return bool(event.cards) and is_power(event.cards[0])
    return rules.jester_peek <= 1 and bool(event.cards) and is_power(event.cards[0])

