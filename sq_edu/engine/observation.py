"""What one seat may know (docs/rules.md section 5), and the event log it learns from.

A widget or lesson gets an `Observation`, never the `Game`: hidden state cannot leak to the
browser because it is not here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal, get_args

from .cards import Card
from .rules import Rules

HIDDEN = "?"  # a face-down queen nobody has seen placed in that slot

# Decisions a game can wait for (`Observation.pending`); `current_player` is the deciding seat.
PendingKind = Literal["block", "rose", "jester_wake", "jester_pick", "potion_slot",
                      "catdog_slot"]
PENDING_KINDS: tuple[str, ...] = get_args(PendingKind)

# Event kinds, in the game's own words.
EVENT_KINDS: tuple[str, ...] = (
    "turn",           # seat begins a turn
    "play",           # seat plays a power card as an action (cards=(king,), (knight,), ...)
    "discard",        # seat discards cards as an exchange (a single card, a pair, an equation)
    "wake",           # seat wakes `queen` from `slot`
    "steal",          # seat takes `queen` from `target`
    "sleep",          # seat puts `queen` of `target` to sleep in `slot` (potion)
    "block",          # seat (the defender) answers `target`'s attack with cards=(dragon,)/(wand,)
    "allow",          # seat (the defender) does not block `target`'s attack: private, and
                      #   logged whether or not the seat had a dragon/wand to block with;
                      #   only the seat's own view shows cards=(dragon,)/(wand,) it kept
    "return",         # cat/dog rule: `queen` goes back face down into `slot` (seat lost her)
    "jester_reveal",  # seat's jester turns up cards (one, or three in royal_court)
    "jester_keep",    # royal_court: seat keeps cards=(card,) of the revealed three
    "to_bottom",      # royal_court: cards go to the bottom of the draw pile, in this order
    "jester_count",   # number cards=(n,) counts to `target`, who wakes a queen
    "draw",           # seat draws `count` cards; `cards` only in the drawer's own view
    "reshuffle",      # the discard pile (`count` cards) is shuffled into a new draw pile
    "game_over",      # `seats` are the winners
)


@dataclass(frozen=True)
class Event:
    """One thing that happened. `private` events show their cards only to `seat`."""

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    target: int | None = None
    queen: str | None = None
    slot: int | None = None
    count: int | None = None
    seats: tuple[int, ...] = ()
    private: bool = False

    def seen_by(self, viewer: int | None) -> Event:
        """This event as `viewer` sees it (None: a spectator who sees only public facts)."""
        if self.private and viewer != self.seat:
            return replace(self, cards=())
        return self

    def to_dict(self) -> dict[str, Any]:
        # `is` checks: seat 0 and count 0 are real values (0 == False would drop them)
        return {k: (list(v) if isinstance(v, tuple) else v)
                for k, v in self.__dict__.items() if v is not None and v is not False
                and v != ()}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        d = dict(d)
        for key in ("cards", "seats"):
            if key in d:
                d[key] = tuple(d[key])
        return cls(**d)


@dataclass(frozen=True)
class Observation:
    """Everything `seat` may know now, and nothing more."""

    seat: int
    players: int
    rules: Rules
    turn: int                                   # turns begun so far
    current_player: int                         # seat whose decision is pending
    pending: PendingKind | None                 # None, or: block rose jester_wake jester_pick
                                                #   potion_slot catdog_slot (a block is shown
                                                #   only to the defender)
    hand: tuple[Card, ...]                      # this seat's own cards
    hand_sizes: tuple[int, ...]                 # every seat's hand size
    awake: tuple[tuple[str, ...], ...]          # awake queens per seat (public)
    points: tuple[int, ...]                     # points per seat (teams: still per seat)
    slots: tuple[str | None, ...]               # 12: None empty, HIDDEN, or a known queen name
    draw_size: int
    discard_pile: tuple[Card, ...]              # oldest first
    known_in_hands: tuple[tuple[Card, ...], ...]  # cards publicly known in each other hand
    known_bottom: tuple[Card, ...] = ()         # known cards at the bottom of the draw pile
    revealed: tuple[Card, ...] = ()             # cards on the table awaiting a jester pick
    in_transit: str | None = None               # queen on her way to an empty slot (potion,
                                                #   cat/dog rule): in no slot, in no hand
    events: tuple[Event, ...] = field(default=(), repr=False)
    is_over: bool = False
    winners: tuple[int, ...] = ()

    @property
    def sleeping(self) -> int:
        """How many queens still lie in the centre."""
        return sum(1 for s in self.slots if s is not None)

    @property
    def opponents(self) -> tuple[int, ...]:
        """Seats this seat may attack (teams: not the partner)."""
        partner = self.rules.partner(self.seat, self.players)
        return tuple(s for s in range(self.players) if s not in (self.seat, partner))
