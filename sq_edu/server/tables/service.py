"""`TableService`: every table of every class on this server, in memory and in SQLite.

Who may do what: a kernel proves its class with the class key (an HMAC of the class name
under this server's secret, handed to the class's kernels in their environment, never to a
browser); inside the class a table is found by its code, and a seat by its secret token. A
code alone lets a child sit at a table that has not started; it never shows a hand. Wrong
codes are counted per device (the address that opened the page, `device` below): past
`GUESSES` a minute that device's joins are refused for a while. Never class-wide: a count
for the class was the weapon (11 pages x 10 wrong codes shut every join for a minute).
A device has at most `TABLES_PER_DEVICE` open tables at once (one page could fill the class's
`MAX_TABLES` in half a minute); a table that started is a game being played, not a flood, so
it no longer counts there (a child who played two games could not open a third table), only
toward a wider `GAMES_PER_DEVICE` of unfinished ones. A seat is `guest` unless the kernel
checked the learner's secret for that name (the kernel holds the class key; the service
trusts what it says).

`tick()` (every fraction of a second) lets bots play empty seats and the seats of children
who left (page closed: no request for `away_seconds`) or sat idle (`idle_seconds` on their
decision), and removes tables nobody has been at for `empty_seconds`, and a table whose game has not
started once no page has waited at it for `open_seconds` (also after a restart).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import secrets
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sq_edu.links import ClassCodeError, clean_class_code
from sq_edu.pages.tables.wire import table_code
from sq_edu.practice import clean_nickname

from .store import TableStore, class_stores
from .table import MAX_SEATS, MIN_SEATS, RULES, Seat, Table, TableError

SEED_ENV = "SQ_EDU_TABLE_SEED"   # tests: every table deals the same cards

log = logging.getLogger(__name__)

CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"   # no 0/O, 1/I/L: read aloud, typed on a phone
CODE_LENGTH = 6                                     # 31**6: about 890 million codes
GUESSES = 10                                        # wrong codes a minute for one device
MAX_TABLES = 200                                    # tables a class may have at once
TABLES_PER_DEVICE = 3                               # open tables (not started) of one device
GAMES_PER_DEVICE = 10                               # its unfinished tables, started ones too

__all__ = ["TableError", "TableService"]


def _env_seconds(name: str, default: float) -> float:
    try:
        return max(0.05, float(os.environ.get(name, default)))
    except ValueError:
        return default


class TableService:
    """The tables; `tick()` must be called often (the server does it on its event loop)."""

    def __init__(self, progress_dir: str | Path, secret: bytes | None = None, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.progress_dir = Path(progress_dir)
        self.secret = secret or secrets.token_bytes(32)
        self.clock = clock
        self.away_seconds = _env_seconds("SQ_EDU_TABLE_AWAY_SECONDS", 20)
        self.idle_seconds = _env_seconds("SQ_EDU_TABLE_IDLE_SECONDS", 60)
        self.empty_seconds = _env_seconds("SQ_EDU_TABLE_EMPTY_SECONDS", 600)
        self.open_seconds = _env_seconds("SQ_EDU_TABLE_OPEN_SECONDS", 120)
        self.bot_delay = _env_seconds("SQ_EDU_TABLE_BOT_SECONDS", 1.0)
        self.tables: dict[tuple[str, str], Table] = {}
        self.stores: dict[str, TableStore] = {}
        self.waiting: dict[tuple[str, str, int], int] = {}
        self.listeners: list[Callable[[Table], None]] = []
        self._guesses: dict[str, deque[float]] = {}
        self.resume_seconds = _env_seconds("SQ_EDU_TABLE_RESUME_SECONDS", 60)
        # After a restart everyone gets time to reload their page before a bot takes over.
        grace = self.clock() + self.resume_seconds
        for class_name in class_stores(self.progress_dir):
            for table in self._store(class_name).load():
                for seat in table.seats:
                    seat.last_seen = max(seat.last_seen, grace - self.away_seconds)
                    seat.away = False
                table.turn_since = max(table.turn_since, grace - self.idle_seconds)
                self.tables[(class_name, table.code)] = table
        if self.tables:
            log.info("resumed %d table(s)", len(self.tables))

    # --- who asks ---------------------------------------------------------------------------
    def class_key(self, class_name: str) -> str:
        """The key a kernel of `class_name` shows (its environment holds it)."""
        name = clean_class_code(class_name)
        return hmac.new(self.secret, f"sq-edu-table:{name}".encode(), hashlib.sha256).hexdigest()

    def check_class(self, class_name: object, key: object) -> str:
        """The class a request belongs to; TableError 403 when the key is not that class's."""
        try:
            name = clean_class_code(class_name if isinstance(class_name, str) else "")
        except ClassCodeError:
            name = ""
        if not name or not isinstance(key, str) or not hmac.compare_digest(
                self.class_key(name).encode(), key.encode("utf-8", "replace")):
            raise TableError("table.err_no_class", 403)
        return name

    def _store(self, class_name: str) -> TableStore:
        if class_name not in self.stores:
            self.stores[class_name] = TableStore(self.progress_dir, class_name)
        return self.stores[class_name]

    def _find(self, class_name: str, code: object) -> Table:
        text = table_code(code)
        table = self.tables.get((class_name, text)) if len(text) <= 20 else None
        if table is None:
            raise TableError("table.err_no_table", 404)
        return table

    def _recent_guesses(self, class_name: str, device: str) -> deque[float]:
        """The device's wrong codes of the last minute (older ones forgotten; a device with
        none is forgotten too, so the book stays as small as the guessing)."""
        now = self.clock()
        for key in [k for k, seen in self._guesses.items() if not seen or now - seen[-1] > 60]:
            del self._guesses[key]
        seen = self._guesses.setdefault(f"{class_name}\n{device}", deque())
        while seen and now - seen[0] > 60:
            seen.popleft()
        return seen

    def _count_guess(self, class_name: str, device: str) -> None:
        self._recent_guesses(class_name, device).append(self.clock())

    def _guess_blocked(self, class_name: str, device: str) -> bool:
        return len(self._recent_guesses(class_name, device)) >= GUESSES

    def _seated(self, class_name: str, code: object, token: object) -> tuple[Table, int]:
        table = self._find(class_name, code)
        seat = table.seat_of(token)
        self._seen(table, seat)
        return table, seat

    def _seen(self, table: Table, seat: int) -> None:
        here = table.seats[seat]
        here.last_seen = self.clock()
        if here.away:
            here.away = False
            self._changed(table)

    def _changed(self, table: Table) -> None:
        table.touch(self.clock())
        self._save(table)

    def _save(self, table: Table) -> None:
        self._store(table.class_name).save(table)
        for listener in list(self.listeners):
            listener(table)

    # --- what a kernel does -----------------------------------------------------------------
    def create(self, class_name: str, name: object, size: object, rules: object = "official",
               device: str = "", checked: object = False) -> tuple[str, dict[str, Any]]:
        """A new table with the creator at seat 0: (the creator's token, their view).
        `checked` is True only when the kernel opened the learner's record with their secret."""
        if type(size) is not int or not MIN_SEATS <= size <= MAX_SEATS:
            raise TableError("table.err_bad_size", 400)
        if rules not in RULES:
            raise TableError("table.err_bad_move", 400)
        nickname = self._nickname(name)
        mine = [t for (c, _code), t in self.tables.items()
                if c == class_name and t.device == device and not (t.game and t.game.is_over)]
        if sum(t.game is None for t in mine) >= TABLES_PER_DEVICE:
            raise TableError("table.err_device_tables", 429, n=TABLES_PER_DEVICE)
        if len(mine) >= GAMES_PER_DEVICE:
            raise TableError("table.err_device_tables", 429, n=GAMES_PER_DEVICE)
        if sum(1 for (c, _code) in self.tables if c == class_name) >= MAX_TABLES:
            raise TableError("table.err_too_many_tables", 503)
        code = self._new_code(class_name)
        now = self.clock()
        table = Table(class_name, code, size, str(rules), [Seat() for _ in range(size)],
                      created=now, seed=int(os.environ.get(SEED_ENV, "") or
                                            secrets.randbelow(2**31)), device=device)
        token = secrets.token_urlsafe(24)
        table.sit(nickname, token, now, guest=checked is not True)
        self.tables[(class_name, code)] = table
        self._save(table)
        return token, table.view(0)

    def join(self, class_name: str, code: object, name: object, device: str = "",
             checked: object = False) -> tuple[str, dict[str, Any]]:
        """Sit at the first open seat of a table that waits for players (as a guest unless
        `checked`, see `create`)."""
        nickname = self._nickname(name)
        if self._guess_blocked(class_name, device):
            raise TableError("table.err_too_many", 429)
        try:
            table = self._find(class_name, code)
        except TableError:
            self._count_guess(class_name, device)
            raise
        token = secrets.token_urlsafe(24)
        seat = table.sit(nickname, token, self.clock(), guest=checked is not True)
        if not any(s.kind == "open" for s in table.seats):
            table.start(self.clock())
        self._save(table)
        return token, table.view(seat)

    def start(self, class_name: str, code: object, token: object) -> dict[str, Any]:
        """Deal now; the open seats become bots (anyone seated may start)."""
        table, seat = self._seated(class_name, code, token)
        if table.game is None:
            table.start(self.clock())
            self._save(table)
        return table.view(seat)

    def view(self, class_name: str, code: object, token: object) -> dict[str, Any]:
        table, seat = self._seated(class_name, code, token)
        return table.view(seat)

    def move(self, class_name: str, code: object, token: object, move: object,
             moves: object) -> dict[str, Any]:
        """The seat's move, made on position `moves`; TableError (nothing changed) if refused."""
        table, seat = self._seated(class_name, code, token)
        if table.seats[seat].idle:   # acting is coming back
            table.seats[seat].idle = False
        table.play(seat, move, moves, self.clock())
        self._save(table)
        return table.view(seat)

    def back(self, class_name: str, code: object, token: object) -> dict[str, Any]:
        """"I'm back": the bot stops playing this seat."""
        table, seat = self._seated(class_name, code, token)
        if table.seats[seat].idle:
            table.seats[seat].idle = False
            table.turn_since = self.clock()
            self._changed(table)
        return table.view(seat)

    def listing(self, class_name: str) -> list[dict[str, Any]]:
        """The teacher's view: every table of the class, who sits there, whose turn, how long."""
        now = self.clock()
        rows = []
        for (c, code), table in sorted(self.tables.items(), key=lambda kv: kv[1].created):
            if c != class_name:
                continue
            game = table.game
            turn = None if game is None or game.is_over else game.current_player
            rows.append({"code": code, "seats": table.seats_view(), "turn": turn,
                         "started": game is not None, "over": bool(game and game.is_over),
                         "minutes": int((now - table.created) // 60), "moves": table.moves,
                         "points": list(game.observe(0).points) if game else []})
        return rows

    # --- waiting pages ----------------------------------------------------------------------
    def wait_started(self, table: Table, seat: int) -> None:
        key = (table.class_name, table.code, seat)
        self.waiting[key] = self.waiting.get(key, 0) + 1

    def wait_ended(self, table: Table, seat: int) -> None:
        key = (table.class_name, table.code, seat)
        left = self.waiting.get(key, 0) - 1
        if left > 0:
            self.waiting[key] = left
        else:
            self.waiting.pop(key, None)
        table.seats[seat].last_seen = self.clock()

    # --- time passing -----------------------------------------------------------------------
    def tick(self) -> None:
        """Bots move, leavers are noticed, empty tables go."""
        now = self.clock()
        for key, table in list(self.tables.items()):
            try:
                self._tick_table(key, table, now)
            except Exception:   # one broken table never stops the others
                log.exception("table %s failed; it is removed", table.code)
                self._remove(key, table)

    def _tick_table(self, key: tuple[str, str], table: Table, now: float) -> None:
        changed = False
        for i, seat in enumerate(table.seats):
            if seat.kind != "person" or seat.away:
                continue
            waiting = self.waiting.get((table.class_name, table.code, i), 0)
            if not waiting and now - seat.last_seen > self.away_seconds:
                seat.away, changed = True, True
        game = table.game
        if game is not None and not game.is_over:
            deciding = table.seats[game.current_player]
            if (deciding.kind == "person" and not deciding.bot_plays
                    and now - table.turn_since > self.idle_seconds):
                deciding.idle, changed = True, True
        if changed:
            table.touch(now)
        if (game is not None and now - table.changed >= self.bot_delay
                and table.bot_step(now)):
            changed = True
        if changed:
            self._save(table)
        present = [s for s in table.seats if s.kind == "person" and not s.away]
        last = max([s.last_seen for s in table.seats if s.kind == "person"] or [table.created])
        waited = any(self.waiting.get((table.class_name, table.code, i), 0)
                     for i in range(len(table.seats)))
        if (not present and now - last > self.empty_seconds) or (
                game is None and not waited and now - last > self.open_seconds):
            log.info("table %s removed: nobody has been there for a while", table.code)
            self._remove(key, table)

    def _remove(self, key: tuple[str, str], table: Table) -> None:
        self.tables.pop(key, None)
        self._store(table.class_name).delete(table.code)
        table.touch(self.clock())   # waiting pages wake up and learn it is gone
        for listener in list(self.listeners):
            listener(table)

    # --- helpers ----------------------------------------------------------------------------
    def _nickname(self, name: object) -> str:
        if not isinstance(name, str) or len(name) > 100:
            raise TableError("table.err_bad_name", 400)
        try:
            nickname = clean_nickname(name)
        except ValueError:
            raise TableError("table.err_bad_name", 400) from None
        if not nickname:
            raise TableError("table.err_bad_name", 400)
        return nickname

    def _new_code(self, class_name: str) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if (class_name, code) not in self.tables:
                return code

    def close(self) -> None:
        for store in self.stores.values():
            store.close()
