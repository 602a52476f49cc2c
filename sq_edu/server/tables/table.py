"""One table: its seats (a child, a bot, or still open), its game, and the rules of who may
act. Pure data and decisions, no HTTP and no clock of its own (times are passed in), so the
service and the tests drive it the same way.

A seat's token is never kept: only its SHA-256, compared in constant time. `moves` counts the
moves applied; a move names the `moves` it was made on, so a stale or repeated move is refused
and never applied twice. `version` counts every change anyone can see (a join, a move, a seat
taken over by a bot) and is what a waiting page listens for.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from dataclasses import dataclass, field
from typing import Any

from sq_edu.engine import Game, GreedyBot, IllegalMove, Move
from sq_edu.pages.tables.wire import WireError, move_from_wire, move_to_wire, obs_to_wire

MIN_SEATS, MAX_SEATS = 2, 5
RULES = ("official", "kids")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class TableError(Exception):
    """A refusal the child reads: `key` is a catalogue message, `status` the HTTP status."""

    def __init__(self, key: str, status: int = 409, **params: object) -> None:
        super().__init__(key)
        self.key, self.status, self.params = key, status, params


@dataclass
class Seat:
    """A chair at the table. `kind`: person, bot or open. A person's seat is played by a bot
    while `away` (the page closed) or `idle` (no move for a minute) until they come back."""

    kind: str = "open"
    name: str = ""
    token: str = ""            # SHA-256 of the seat's secret token
    last_seen: float = 0.0
    idle: bool = False
    away: bool = False
    guest: bool = False        # sat without the learner's secret: the name is not checked

    @property
    def bot_plays(self) -> bool:
        return self.kind == "bot" or (self.kind == "person" and (self.idle or self.away))

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Table:
    class_name: str
    code: str
    size: int
    rules: str = "official"
    seats: list[Seat] = field(default_factory=list)
    game: Game | None = None
    moves: int = 0
    version: int = 0
    created: float = 0.0
    changed: float = 0.0        # last change anyone saw
    turn_since: float = 0.0     # when the deciding seat's decision began
    last_move: tuple[int, dict] | None = None   # (seat, move) of the last move, for repeats
    seed: int = 0
    device: str = ""            # who made it (its tables are counted per device)

    # --- seats ----------------------------------------------------------------------------
    def seat_of(self, token: object) -> int:
        """The seat whose token this is; TableError otherwise (no hint which part was wrong)."""
        if not isinstance(token, str) or not 16 <= len(token) <= 100:
            raise TableError("table.err_not_seated", 403)
        digest = token_hash(token)
        for i, seat in enumerate(self.seats):
            if seat.kind == "person" and hmac.compare_digest(seat.token, digest):
                return i
        raise TableError("table.err_not_seated", 403)

    def sit(self, name: str, token: str, now: float, guest: bool = True) -> int:
        """Take the first open seat of a table still waiting to start."""
        if all(seat.kind == "person" for seat in self.seats):
            raise TableError("table.err_full")
        if self.game is not None:
            raise TableError("table.err_started")
        for i, seat in enumerate(self.seats):
            if seat.kind == "open":
                self.seats[i] = Seat("person", name, token_hash(token), now, guest=guest)
                self.touch(now)
                return i
        raise TableError("table.err_full")

    def start(self, now: float) -> None:
        """Deal: open seats become bots."""
        if self.game is not None:
            return
        for seat in self.seats:
            if seat.kind == "open":
                seat.kind, seat.name = "bot", ""
        self.game = Game.new(players=self.size, seed=self.seed, rules=self.rules)
        self.turn_since = now
        self.touch(now)

    def touch(self, now: float) -> None:
        self.version += 1
        self.changed = now

    def people(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "person"]

    # --- moves ----------------------------------------------------------------------------
    def play(self, seat: int, data: object, moves: object, now: float) -> None:
        """A child's move made on position `moves`; refused (TableError) and not applied when
        it is not that seat's decision, stale, repeated or not a legal move."""
        game = self.game
        if game is None:
            raise TableError("table.err_not_started")
        if type(moves) is not int:
            raise TableError("table.err_bad_move", 400)
        try:
            move = move_from_wire(data)
        except WireError as why:
            raise TableError(why.key, 400) from None
        if moves != self.moves:
            if (moves == self.moves - 1 and self.last_move is not None
                    and self.last_move == (seat, move_to_wire(move))):
                raise TableError("table.err_repeated")
            raise TableError("table.err_stale")
        if game.is_over:
            raise TableError("table.err_over")
        if game.current_player != seat:
            raise TableError("table.err_not_your_turn")
        if move not in game.legal_moves():
            raise TableError("table.err_illegal")
        try:
            game.play(move, seat=seat)
        except IllegalMove:
            raise TableError("table.err_illegal") from None
        self._moved(seat, move, now)

    def bot_step(self, now: float) -> bool:
        """One decision for the deciding seat if a bot plays it; True when a move was made."""
        game = self.game
        if game is None or game.is_over:
            return False
        seat = game.current_player
        if not self.seats[seat].bot_plays:
            return False
        bot = GreedyBot(random.Random(self.seed * 7919 + self.moves))
        move = bot.choose(game.observe(seat), game.legal_moves())
        game.play(move, seat=seat)
        self._moved(seat, move, now)
        return True

    def _moved(self, seat: int, move: Move, now: float) -> None:
        self.moves += 1
        self.last_move = (seat, move_to_wire(move))
        self.turn_since = now
        self.touch(now)

    # --- what a seat sees -----------------------------------------------------------------
    def seats_view(self) -> list[dict[str, Any]]:
        """Public facts about every seat: name, and whether a bot plays it now."""
        return [{"kind": s.kind, "name": s.name, "bot": s.bot_plays, "away": s.away,
                 "idle": s.idle, "guest": s.kind == "person" and s.guest} for s in self.seats]

    def view(self, seat: int) -> dict[str, Any]:
        """Everything one seat may know: its observation (never another hand) and, when it
        decides, its legal moves."""
        out: dict[str, Any] = {"code": self.code, "seat": seat, "size": self.size,
                               "rules": self.rules, "version": self.version,
                               "moves": self.moves, "seats": self.seats_view(),
                               "started": self.game is not None}
        game = self.game
        if game is not None:
            out["obs"] = obs_to_wire(game.observe(seat))
            deciding = not game.is_over and game.current_player == seat
            out["legal"] = [move_to_wire(m) for m in game.legal_moves()] if deciding else []
        return out

    # --- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"class_name": self.class_name, "code": self.code, "size": self.size,
                "rules": self.rules, "seats": [s.to_dict() for s in self.seats],
                "game": None if self.game is None else self.game.to_dict(),
                "moves": self.moves, "version": self.version, "created": self.created,
                "changed": self.changed, "turn_since": self.turn_since,
                "last_move": None if self.last_move is None else list(self.last_move),
                "seed": self.seed, "device": self.device}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Table:
        table = cls(**{k: v for k, v in d.items() if k not in ("seats", "game", "last_move")})
        table.seats = [Seat(**s) for s in d["seats"]]
        table.game = None if d["game"] is None else Game.from_dict(d["game"])
        last = d.get("last_move")
        table.last_move = None if last is None else (int(last[0]), dict(last[1]))
        return table
