"""One guess counter for the whole class server, shared by every page, kernel and route.

Each dashboard page is a kernel of its own, and the class password is checked in the server
process, so a counter kept in a page is reset by opening a fresh page (the 4-digit secret
numbers fell in minutes that way). Here the counts live in one small file in the class data
folder, `.guess-counts`, read and written under the same `flock` that serialises a learner's
saves (`learner_guard.locked`). A file rather than a channel from the kernels to the server:
every kernel already has the folder and the lock, nothing new has to be authenticated, and the
counts survive a page reload and a server restart. Where no folder is known the counts stay in
this process's memory.

A lock that answers the right password with "wait" is itself a weapon (five wrong tries by
anyone kept a late child out of the class and the teacher out of the teacher page), so the
waits fall on the guessing device, never on the target (OWASP's device cookies). A `Device` is
the client address and the server's signed device cookie (`sq_edu.server.device_cookie`: an
id and the time the server gave it). Counted per wrong try:

- the device on this target (`pair`): 5 free tries, then 30 s, 1 min, 2 min, ... 15 min;
- the device on every target (`device`): 20 free tries, then the same waits;
- the address on this target (`address`): 20 free tries from all its devices together, then
  the waits fall on every device there that has never opened this target (a script that
  throws its cookie away, or fetches a new one for each try, gains nothing), while a device
  that opened it before (Anna's own tablet, the teacher's laptop) keeps coming in at once.
  On the two passwords (`STRONG_TARGETS`) a device with a cookie that has made no wrong try
  on the target is let through the address's wait for its first try: a late child or the
  teacher's new phone behind the guesser's NAT comes in at once with the right password,
  and a wrong first try puts that device under the address's wait like the rest. A script
  then gets one checked guess per new cookie it fetches (`python -m bench guessing` measures
  how many a minute), against passwords the server took only with zxcvbn's score of 3 or more
  (10^8 guesses and up); the learners' secrets (160,000 of them) keep the full address wait;
- the target: counted only, never a wait, so the teacher sees who is being guessed at.

A right answer clears its device's count on the target and marks the device as one that opened
it. So the right password from a device that has not been guessing opens at once; a learner's
right secret too, unless that device is new *and* shares its address with the guesser (a
school's NAT): then the teacher lifts the lock on the teacher page or with `sq-edu unlock`
(`release_all`).
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sq_edu.practice.guess_file import MAX_LOCKOUTS, checked, copied, read_counts, write_counts
from sq_edu.practice.learner_guard import locked

log = logging.getLogger(__name__)

GUESS_FILE = ".guess-counts"   # JSON; no .json name, so no listing takes it for a learner
TARGET_FREE = 5          # wrong tries on one target from one device before the waits start
DEVICE_FREE = 20         # wrong tries on all targets from one device
ADDRESS_FREE = 20        # a whole class may share one address (a school's NAT)
FIRST_WAIT = 30.0
MAX_WAIT = 900.0
# A count with no wrong try for a day starts again. An hour was too short: a guesser took an
# address's 20 free tries every hour and a second, 480 a day where the waits allow 97
# (`tools/secret_strength.py` runs this counter to find such plans). A right answer still
# clears its device's count at once, so a child's typos of yesterday cost nothing.
FORGET_AFTER = 86400.0
MAX_ENTRIES = 2000       # oldest entries go first; the file stays a few hundred KB at most
CLIENT_ENV = "HTTP_X_SQ_CLIENT"   # the page's client address, put there by the server
DEVICE_ENV = "HTTP_X_SQ_DEVICE"   # the page's device cookie id, put there by the server
FREE = {"pair": TARGET_FREE, "device": DEVICE_FREE, "address": ADDRESS_FREE}
# Targets whose secret was checked strong (zxcvbn score 3 or more when the server started):
# a new device's first try there is not held by its address's wait (see above). And the
# teacher's one-time door code (`classroom.door_code`): a late child's new device behind a
# flooding address must get in with it, so a script gets one checked guess per fresh cookie.
STRONG_TARGETS = frozenset({"class", "teacher", "door"})

_memory: dict[str, Any] = {}


@dataclass(frozen=True)
class Device:
    """Who is guessing: the client address and the server's device cookie's id ("" for a
    client that keeps no cookie)."""

    address: str = ""
    cookie: str = ""

    @property
    def key(self) -> str:
        return f"{self.address}|{self.cookie or '-'}"

    @classmethod
    def parse(cls, address: str, cookie: str) -> Device:
        """A device from its address and cookie id (anything but letters and digits: a
        device without a cookie)."""
        cookie = cookie.strip()[:64]
        return cls(address.strip()[:64], cookie if cookie.isalnum() else "")


def client_address(environ: Mapping[str, str] = os.environ) -> str:
    """The address of the browser that opened this page ("" when not served)."""
    return environ.get(CLIENT_ENV, "").strip()[:64]


def client_device(environ: Mapping[str, str] = os.environ) -> Device:
    """The device that opened this page (the server put its address and cookie here)."""
    return Device.parse(client_address(environ), environ.get(DEVICE_ENV, ""))


def wait_for(fails: int, free: int) -> float:
    """Seconds to wait after `fails` wrong tries (0 while within the free tries)."""
    if fails < free:
        return 0.0
    return float(min(MAX_WAIT, FIRST_WAIT * 2 ** (fails - free)))


def _device(device: Device | str) -> Device:
    return device if isinstance(device, Device) else Device(device)


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
    def wait_left(self, target: str, device: Device | str = "") -> int:
        """Whole seconds before `device` may try `target` again (0: at once)."""
        return _wait_left(self._read()["counters"], target, _device(device), self.clock())

    def locks(self) -> list[dict[str, Any]]:
        """The waits in force now, longest last: {"kind": pair/device/address, "target"
        ("" for a device or an address), "address", "fails", "until"}."""
        now, found = self.clock(), []
        for key, entry in self._read()["counters"].items():
            kind, _, rest = key.partition("\t")
            if kind not in FREE or float(entry.get("until", 0)) <= now:
                continue
            target, _, who = rest.rpartition("\t") if kind != "device" else ("", "", rest)
            found.append({"kind": kind, "target": target, "address": who.split("|")[0],
                          "fails": int(entry["fails"]), "until": float(entry["until"]),
                          "key": key})
        return sorted(found, key=lambda item: item["until"])

    def lockouts(self, since: float = 0.0) -> list[dict[str, Any]]:
        """Locks that began since `since` (wall clock), newest last: {"target", "at", "wait",
        "kind", "address"}."""
        return [dict(item) for item in self._read()["lockouts"] if item.get("at", 0) >= since]

    def tries_on(self, target: str) -> int:
        """Wrong tries on `target` from every device (in the last hour of tries)."""
        entry = self._read()["counters"].get(_key("target", target))
        return int(entry["fails"]) if entry else 0

    def opened(self) -> list[tuple[str, str, float]]:
        """(target, device key, when it first did) of every device that gave a right answer
        on a target."""
        counters = self._read()["counters"]
        return [(parts[1], parts[2], float(entry.get("first", entry.get("last", 0))))
                for key, entry in counters.items()
                for parts in [key.split("\t")] if len(parts) == 3 and parts[0] == "opened"]

    def in_play(self, target: str, device: Device | str = "") -> bool:
        """Whether this device, or its address, has any count on `target` (a right answer
        then has something to clear or to get past)."""
        counters, device = self._read()["counters"], _device(device)
        return any(key in counters for kind, key in _keys(target, device) if kind != "target")

    def counts(self) -> dict[str, Any]:
        """The counts as last read (shared: never change it). The same object until the
        file changes, so a reader can keep what it worked out from them till then."""
        return self._read()

    def born(self) -> dict[str, float]:
        """When each target that was made here (a new learner's record) was made."""
        return {key.partition("\t")[2]: float(entry.get("last", 0))
                for key, entry in self._read()["counters"].items() if key.startswith("born\t")}

    # -- answers -----------------------------------------------------------------------
    def failed(self, target: str, device: Device | str = "") -> int:
        """Count one wrong try; the wait now in force for this device on `target` (s)."""
        device, now = _device(device), self.clock()
        waits: list[int] = []

        def change(data: dict[str, Any]) -> None:
            counters = data["counters"]
            for kind, key in _keys(target, device):
                entry = counters.get(key) or {"fails": 0, "last": now}
                free = FREE.get(kind, 0)
                if now - float(entry.get("last", now)) > FORGET_AFTER:
                    entry = {"fails": 0, "last": now}
                fails = int(entry.get("fails", 0)) + 1
                wait = wait_for(fails, free) if free else 0.0
                counters[key] = {"fails": fails, "last": now, "until": now + wait}
                if fails == free:   # the moment it locks: said once, shown to the teacher
                    log.warning("too many wrong tries on %s from %s: this %s waits", target,
                                device.address or "this computer", kind)
                    data["lockouts"].append({"target": target, "at": now, "wait": wait,
                                             "kind": kind, "address": device.address})
                    del data["lockouts"][:-MAX_LOCKOUTS]
            waits.append(_wait_left(counters, target, device, now))

        self._update(change)
        return max(waits, default=0)

    def succeeded(self, target: str, device: Device | str = "", made: bool = False) -> None:
        """A right answer: this device's count on the target starts again, and the device
        is one that opened the target (its address's lock on it no longer holds it back).
        `made`: the answer made the target (a new learner's first save): when is noted, so
        the page caps can tell a record made a minute ago from a returning child's."""
        device, now = _device(device), self.clock()
        opened, born = _key("opened", target, device.key), _key("born", target)

        def change(data: dict[str, Any]) -> None:
            counters = data["counters"]
            counters.pop(_key("pair", target, device.key), None)
            first = float(counters.get(opened, {}).get("first", now))
            counters[opened] = {"fails": 0, "last": now, "until": 0, "first": first}
            if made:
                counters.setdefault(born, {"fails": 0, "last": now, "until": 0})

        counters = self._read()["counters"]
        if (float(counters.get(opened, {}).get("last", 0)) < now - 60
                or (made and born not in counters)):
            self._update(change)   # written at most once a minute per device and target

    def release(self, target: str) -> None:
        """The teacher lifts every wait on a target (each device's count on it)."""
        def change(data: dict[str, Any]) -> None:
            pair = _key("pair", target) + "\t"
            address = _key("address", target) + "\t"
            for key in [k for k in data["counters"] if k.startswith((pair, address))
                        or k == _key("target", target)]:
                del data["counters"][key]
        self._update(change)

    def lift(self, key: str) -> None:
        """The teacher lifts one lock (a `locks()` item's "key")."""
        self._update(lambda data: data["counters"].pop(key, None))

    def release_all(self) -> int:
        """Every lock lifted (`sq-edu unlock`, the teacher page); how many were on."""
        count = len(self.locks())
        self._update(lambda data: data.update(counters={}, lockouts=[]))
        return count

    # -- storage -----------------------------------------------------------------------
    def _read(self) -> dict[str, Any]:
        """The counts now (shared with the file's cache: never changed in place)."""
        path = self.path
        return checked(_memory) if path is None else read_counts(path)

    def _update(self, change: Callable[[dict[str, Any]], object]) -> None:
        path = self.path
        if path is None:
            data = checked(_memory)
            change(data)
            _memory.clear()
            _memory.update(data)
            return
        try:
            with locked(path):
                data = copied(read_counts(path))
                change(data)
                counters = data["counters"]
                for key in _to_forget(counters, self.clock()):
                    del counters[key]
                write_counts(path, data)
        except OSError:   # a read-only folder: counted in memory instead, never fatal
            log.warning("cannot write the guess counts in %s", path.parent, exc_info=True)
            self.folder = None
            self._update(change)


def _key(kind: str, *parts: str) -> str:
    return "\t".join((kind, *parts))


def _keys(target: str, device: Device) -> list[tuple[str, str]]:
    keys = [("pair", _key("pair", target, device.key)), ("device", _key("device", device.key)),
            ("target", _key("target", target))]
    if device.address:
        keys.append(("address", _key("address", target, device.address)))
    return keys


def _wait_left(counters: dict[str, Any], target: str, device: Device, now: float) -> int:
    """The wait on `device` for `target`: its own counts, and its address's on the target
    unless the device has opened the target before."""
    left = 0.0
    for kind, key in _keys(target, device):
        entry = counters.get(key)
        if not entry or kind == "target":
            continue
        if kind == "address" and device.cookie and (
                _key("opened", target, device.key) in counters
                or (target in STRONG_TARGETS
                    and _key("pair", target, device.key) not in counters)):
            continue   # Anna's own tablet is not the suspect of a guess at Anna's secret,
            # nor a late child's first try at the class password
        left = max(left, float(entry.get("until", 0)) - now)
    return max(0, int(left + 0.999))


def _to_forget(counters: dict[str, Any], now: float) -> list[str]:
    """The counts to drop when the file holds more than MAX_ENTRIES, least needed first, the
    oldest first within each rank: counts past FORGET_AFTER; single devices' counts (a fresh
    cookie costs a script one request, so each fresh device adds two) and class-password
    marks; marks of devices that opened a record or the teacher page; an address's or a
    target's count; and last of all an address's count whose wait is on. So a guesser cannot
    push their address's count out of the file with fresh devices."""
    excess = len(counters) - MAX_ENTRIES
    if excess <= 0:
        return []

    def need(key: str) -> tuple[int, float]:
        entry, kind = counters[key], key.partition("\t")[0]
        last, live = float(entry.get("last", 0)), float(entry.get("until", 0)) > now
        if kind in ("opened", "born"):
            rank = 1 if key.startswith(_key("opened", "class") + "\t") else 3
        elif now - last > FORGET_AFTER:
            rank = 0
        elif kind in ("pair", "device"):
            rank = 2 if live else 1
        else:
            rank = 5 if live else 4
        return rank, last

    return sorted(counters, key=need)[:excess]
