"""One guess counter for the whole class server, shared by every page, kernel and route.

Each dashboard page is a kernel of its own, and the class password is checked in the server
process, so a counter kept in a page is reset by opening a fresh page (the 4-digit secret
numbers fell in minutes that way). Here the counts live in one small file in the class data
folder, `.guess-counts`, read and written under the same `flock` that serialises a learner's
saves (`learner_guard.locked`). A file rather than a channel from the kernels to the server:
every kernel already has the folder and the lock, nothing new has to be authenticated, and the
counts survive a page reload and a server restart. Where no folder is known the counts stay in
this process's memory.

A count is kept per target (a learner's nickname, "class" for the class password, "teacher")
and per client address (not for this computer's own loopback address: one person at home,
or a reverse proxy in front of the whole class). After the free wrong tries each further try
waits longer: 30 s, 1 min, 2 min, ... up to 15 minutes. A right answer clears its target (not
the address). A target that becomes locked is logged once and listed for the teacher.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sq_edu.practice.learner_guard import locked

log = logging.getLogger(__name__)

GUESS_FILE = ".guess-counts"   # JSON; no .json name, so no listing takes it for a learner
TARGET_FREE = 5          # wrong tries on one target before the waits start
ADDRESS_FREE = 20        # a whole class may share one address (a school's NAT)
FIRST_WAIT = 30.0
MAX_WAIT = 900.0
FORGET_AFTER = 3600.0    # a count with no wrong try for an hour starts again
MAX_ENTRIES = 2000       # oldest entries go first; the file stays a few hundred KB at most
MAX_LOCKOUTS = 50
CLIENT_ENV = "HTTP_X_SQ_CLIENT"   # the page's client address, put there by the server

_memory: dict[str, Any] = {}


def client_address(environ: dict[str, str] | os._Environ[str] = os.environ) -> str:
    """The address of the browser that opened this page ("" when not served)."""
    return environ.get(CLIENT_ENV, "").strip()[:64]


def wait_for(fails: int, free: int) -> float:
    """Seconds to wait after `fails` wrong tries (0 while within the free tries)."""
    if fails < free:
        return 0.0
    return float(min(MAX_WAIT, FIRST_WAIT * 2 ** (fails - free)))


class GuessLimit:
    """The shared counter; `folder` is the class data folder (None: this process only)."""

    def __init__(self, folder: Path | None,
                 clock: Callable[[], float] = time.time) -> None:
        self.folder = folder
        self.clock = clock

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / GUESS_FILE

    # -- questions ---------------------------------------------------------------------
    def wait_left(self, target: str, address: str = "") -> int:
        """Whole seconds before another try on `target` from `address` is allowed."""
        data = self._read()
        now = self.clock()
        left = 0.0
        for key in self._keys(target, address):
            entry = data["counters"].get(key)
            if entry:
                left = max(left, float(entry.get("until", 0)) - now)
        return max(0, int(left + 0.999))

    def lockouts(self, since: float = 0.0) -> list[dict[str, Any]]:
        """Targets locked since `since` (wall clock), newest last: {"target", "at", "wait"}."""
        return [item for item in self._read()["lockouts"] if item.get("at", 0) >= since]

    # -- answers -----------------------------------------------------------------------
    def failed(self, target: str, address: str = "") -> int:
        """Count one wrong try; the wait now in force (seconds)."""
        now = self.clock()
        waits: list[float] = []

        def change(data: dict[str, Any]) -> None:
            for key in self._keys(target, address):
                entry = data["counters"].get(key) or {"fails": 0, "last": now}
                if now - float(entry.get("last", now)) > FORGET_AFTER:
                    entry = {"fails": 0, "last": now}
                fails = int(entry.get("fails", 0)) + 1
                free = ADDRESS_FREE if key.startswith("addr:") else TARGET_FREE
                wait = wait_for(fails, free)
                data["counters"][key] = {"fails": fails, "last": now, "until": now + wait}
                waits.append(wait)
                if fails == free:   # the moment it locks: said once, shown to the teacher
                    log.warning("too many wrong tries for %s: waits from now on", key)
                    data["lockouts"].append({"target": key, "at": now, "wait": wait})
                    del data["lockouts"][:-MAX_LOCKOUTS]

        self._update(change)
        return int(max(waits, default=0.0))

    def succeeded(self, target: str) -> None:
        """A right answer: the target's count starts again (the address keeps its count)."""
        key = self._target_key(target)
        if key in self._read()["counters"]:
            self._update(lambda data: data["counters"].pop(key, None))

    def release(self, target: str) -> None:
        """The teacher lifts a lock on a target."""
        self.succeeded(target)

    # -- storage -----------------------------------------------------------------------
    @staticmethod
    def _target_key(target: str) -> str:
        return f"target:{target}"

    def _keys(self, target: str, address: str) -> list[str]:
        keys = [self._target_key(target)]
        if address and not _loopback(address):
            keys.append(f"addr:{address}")
        return keys

    def _read(self) -> dict[str, Any]:
        path = self.path
        if path is None:
            return _checked(_memory)
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raw = {}
        return _checked(raw)

    def _update(self, change: Callable[[dict[str, Any]], object]) -> None:
        path = self.path
        if path is None:
            data = _checked(_memory)
            change(data)
            _memory.clear()
            _memory.update(data)
            return
        try:
            with locked(path):
                data = self._read()
                change(data)
                counters = data["counters"]
                if len(counters) > MAX_ENTRIES:   # forget the oldest counts first
                    newest = sorted(counters, key=lambda k: counters[k].get("last", 0))
                    for key in newest[:len(counters) - MAX_ENTRIES]:
                        del counters[key]
                temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
                temp.write_text(json.dumps(data), encoding="utf-8")
                os.replace(temp, path)
        except OSError:   # a read-only folder: counted in memory instead, never fatal
            log.warning("cannot write the guess counts in %s", path.parent, exc_info=True)
            self.folder = None
            self._update(change)


def _loopback(address: str) -> bool:
    """This computer itself: one person at home, or a proxy in front of the whole class, so
    only the per-target counts apply to it."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _checked(raw: object) -> dict[str, Any]:
    """The file's content in the expected shape; anything else is an empty count."""
    data: dict[str, Any] = {"counters": {}, "lockouts": []}
    if not isinstance(raw, dict):
        return data
    counters = raw.get("counters")
    if isinstance(counters, dict):
        for key, entry in counters.items():
            if isinstance(key, str) and isinstance(entry, dict):
                with contextlib.suppress(TypeError, ValueError):
                    data["counters"][key] = {name: float(entry.get(name, 0))
                                             for name in ("fails", "last", "until")}
    lockouts = raw.get("lockouts")
    if isinstance(lockouts, list):
        data["lockouts"] = [item for item in lockouts if isinstance(item, dict)
                            and isinstance(item.get("target"), str)][-MAX_LOCKOUTS:]
    return data
