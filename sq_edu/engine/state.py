"""The position of a Sleeping Queens game as one explicit object, and the decision it waits for.

`Game` is the public face; `State` is what its helpers (legal moves, views, setup, saving, the
actions' effects) read and change. Cards are small int codes (see `moves.py`); piles are plain
lists and the draw pile's top is its *last* element, so drawing is a cheap `pop`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any, Literal, NamedTuple

from .cards import SLOTS
from .moves import Move
from .observation import Event, PendingKind
from .rules import Rules

EndReason = Literal["threshold", "centre_empty"]


class Pending(NamedTuple):
    """A decision the game waits for: `seat` decides. (A named tuple: immutable, and made
    several times a game at the cost of a tuple rather than a frozen dataclass's.)

    - block: `seat` was attacked by `attacker` (`attack` "steal" or "sleep") on `queen`;
    - rose / jester_wake: `seat` wakes a queen of their choice;
    - jester_pick: `seat` keeps one of the revealed cards (royal court);
    - potion_slot: `seat` puts `queen` (taken from `victim`) face down into an empty slot;
    - catdog_slot: `seat` puts `queen` back face down (the cat/dog rule after a steal).
    """

    kind: PendingKind
    seat: int
    attacker: int | None = None
    queen: str | None = None
    attack: str | None = None
    victim: int | None = None

    @property
    def in_transit(self) -> str | None:
        """The queen on her way to a slot (in no slot and in nobody's hand), if any."""
        return self.queen if self.kind in ("potion_slot", "catdog_slot") else None

    def to_list(self) -> list[Any]:
        """The saved form: [kind, seat, details...] (the layout of saved games, version 1)."""
        if self.kind == "block":
            return [self.kind, self.seat, self.attacker, self.queen, self.attack]
        if self.kind == "potion_slot":
            return [self.kind, self.seat, self.queen, self.victim]
        if self.kind == "catdog_slot":
            return [self.kind, self.seat, self.queen]
        return [self.kind, self.seat]


class State:
    """Everything that changes during a game, plus what the hot paths read for these rules."""

    __slots__ = ("active", "asleep", "awake", "discard", "draw", "end_reason", "eqs", "events",
                 "feud", "hand_size", "hands", "known", "known_bottom", "known_hands", "legal",
                 "log", "opponents", "over", "pending", "players", "pts", "public", "revealed",
                 "rng", "rules", "seen", "slots", "turn", "wakes", "win_p", "win_q", "winners")

    def __init__(self, rules: Rules, players: int, rng: random.Random) -> None:
        self.rules = rules
        self.players = players
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.awake: list[list[str]] = [[] for _ in range(players)]
        self.slots: list[str | None] = [None] * SLOTS
        self.known: list[bool] = [False] * SLOTS          # slot's queen publicly known
        self.draw: list[int] = []                          # top of the pile is the LAST element
        self.discard: list[int] = []
        self.known_hands: list[list[int]] = [[] for _ in range(players)]
        self.known_bottom = 0                              # bottom draw cards known to all
        self.revealed: list[int] = []                      # royal_court jester cards shown
        self.active = 0                                    # seat whose turn it is
        self.pending: Pending | None = None
        self.turn = 0
        self.winners: tuple[int, ...] = ()
        self.over = False
        self.end_reason: EndReason | None = None
        self.log: list[tuple[Any, ...]] = []               # events as tuples (see `log.py`)
        self.events: list[Event] = []                      # the log as Events, built lazily
        self.seen: dict[int, list[Event]] = {}             # the log as each seat saw it
        self.public: list[Event] = []                      # ... and as a spectator sees it
        self.legal: Sequence[Move] | None = None           # cached legal moves (shared)
        self.wakes: list[Move] | None = None               # king moves for occupied slots
        self.pts: list[int] = [0] * players                # points per seat, kept up to date
        self.asleep = 0                                    # occupied slots
        (self.hand_size, self.win_q, self.win_p, self.feud, self.eqs,
         self.opponents) = _table(rules, players)

    @property
    def current(self) -> int:
        """The seat whose decision is pending."""
        return self.pending.seat if self.pending is not None else self.active


@cache
def _table(rules: Rules, players: int) -> tuple[Any, ...]:
    """What the hot paths read for these rules and this many players, worked out once:
    (hand size, winning queens, winning points, cat/dog rule, equations, opponents per seat)."""
    win_p = rules.win_points(players)
    partner = [rules.partner(s, players) for s in range(players)]
    opponents = tuple([tuple(o for o in range(players) if o != s and o != partner[s])
                       for s in range(players)])
    return (rules.hand_size, rules.win_queens(players), 1 << 30 if win_p is None else win_p,
            rules.cat_dog_feud, rules.equations, opponents)
