"""Which device holds which page kernel, and which kernels no page is using any more.

One device could open every page the class cap allows (other children then got "the class
is full"), and a closed page kept its kernel for the whole 15-minute idle timeout. The book:

- counts the pages each device holds or is opening, for a per-device cap (about 3; 0 for no
  cap: one computer serving itself). A device is the client address and its device cookie
  (`device_cookie.py`), so a whole class behind one NAT address is many devices. A cookie
  costs a script one request, so the pages of *new* devices at one address (ones that never
  opened a learner's record or the teacher page) share a wider cap, `per_address` (half the
  class by default): a page flood from one address is held there, while no cap is a weapon
  against the owner: a device that opened a learner's record (the child's own tablet) is held
  only by its own share, and a device signed in on the teacher page by nothing, not even a
  full class (the teacher page frees the class). Who a device is comes from the guess
  counter's marks (`device_standing.py`);
- remembers when each page kernel last had a websocket (Jupyter's public kernel model counts
  them), so a kernel with none for `idle_after` seconds (a closed tab, a plain GET that never
  became a page, a script) is shut down, while a page being rendered is left alone.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable

log = logging.getLogger(__name__)


class PageBook:
    """Page kernels by owner and by last websocket; the cap and cull decisions are made here."""

    def __init__(self, per_device: int = 0, idle_after: float = 120.0,
                 clock: Callable[[], float] = time.monotonic, per_address: int = 0,
                 standing: Callable[[str], str] = lambda _device: "") -> None:
        self.per_device = per_device
        self.per_address = per_address or per_device
        self.idle_after = idle_after
        self.clock = clock
        self.standing = standing   # device key -> "teacher", "owner" or "" (new)
        self.owner: dict[str, str] = {}       # kernel id -> device key ("address|cookie")
        self.last_seen: dict[str, float] = {}  # kernel id -> last time it had a websocket
        self.rendering: set[str] = set()
        self._opening: Counter[str] = Counter()

    # -- a page request ----------------------------------------------------------------
    def opening(self, device: str, step: int) -> None:
        self._opening[device] += step
        if self._opening[device] <= 0:
            del self._opening[device]

    def claimed(self, kernel_id: str, device: str) -> None:
        """A page being rendered for `device` got this kernel."""
        self.owner[kernel_id] = device
        self.rendering.add(kernel_id)

    def rendered(self, kernel_id: str) -> None:
        """The page is sent: its browser has `idle_after` seconds from now to connect."""
        self.rendering.discard(kernel_id)
        self.last_seen[kernel_id] = self.clock()

    def refusal(self, device: str, alive: set[str], class_full: bool = False) -> str:
        """Why `device` may not open one more page ("class", "device", "address"), or ""."""
        if not class_full and self.per_device <= 0:
            return ""
        held = self.held(alive)
        address = address_of(device)
        new_here = 0
        if self.per_device > 0 and held[device] < self.per_device:
            new_here = sum(count for key, count in held.items()
                           if address_of(key) == address and not self.standing(key))
        why = ("class" if class_full else
               "" if self.per_device <= 0 else
               "device" if held[device] >= self.per_device else
               "address" if new_here >= self.per_address else "")
        standing = self.standing(device) if why else ""
        if standing == "teacher" or (standing == "owner" and why == "address"):
            return ""   # no cap keeps the owner out
        return why

    def held(self, alive: set[str]) -> Counter[str]:
        """Pages each device holds among `alive` kernels, or is opening."""
        held = Counter(owner for k, owner in self.owner.items() if k in alive)
        held.update(self._opening)
        return held

    def pages_of(self, device: str) -> list[str]:
        return [k for k, owner in self.owner.items() if owner == device]

    # -- culling -----------------------------------------------------------------------
    def idle_kernels(self, alive: Iterable[str], connections: Callable[[str], int]) -> list[str]:
        """Kernels among `alive` with no websocket for `idle_after` seconds (forgets the dead
        ones); `connections(kernel_id)` is the number of websockets open to it now."""
        now = self.clock()
        alive = set(alive)
        idle: list[str] = []
        for kernel_id in alive:
            if kernel_id in self.rendering:
                continue
            if connections(kernel_id) > 0:
                self.last_seen[kernel_id] = now
                continue
            since = self.last_seen.setdefault(kernel_id, now)
            if self.idle_after > 0 and now - since >= self.idle_after:
                idle.append(kernel_id)
        for table in (self.owner, self.last_seen):
            for gone in [k for k in table if k not in alive]:
                del table[gone]
        self.rendering &= alive
        return idle

    def freeable(self, alive: Iterable[str], keep: str) -> list[str]:
        """What "free the class" shuts down: the pages' kernels but `keep`. A kernel still
        running its notebook (a page being sent, or a pool's refill not yet listed as pooled)
        is left: shut down mid-cell, it broke a child's arriving page and left two tracebacks
        in the log, and it holds no place for a page that has gone."""
        return [k for k in alive if k != keep and k in self.owner and k not in self.rendering]

    def forget(self, kernel_id: str) -> None:
        self.owner.pop(kernel_id, None)
        self.last_seen.pop(kernel_id, None)
        self.rendering.discard(kernel_id)


def address_of(device: str) -> str:
    """The client address of a device key ("address|cookie")."""
    return device.partition("|")[0]
