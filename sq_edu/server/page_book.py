"""Which device holds which page kernel, and which kernels no page is using any more.

One device could open every page the class cap allows (other children then got "the class
is full"), and a closed page kept its kernel for the whole 15-minute idle timeout. The book:

- counts the pages each client address holds or is opening, for a per-device cap (about 3;
  0 for no cap: a class behind one NAT address, or one computer serving itself);
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
    """Page kernels by owner and by last websocket; the cull decisions are made here."""

    def __init__(self, per_device: int = 0, idle_after: float = 120.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_device = per_device
        self.idle_after = idle_after
        self.clock = clock
        self.owner: dict[str, str] = {}       # kernel id -> client address
        self.last_seen: dict[str, float] = {}  # kernel id -> last time it had a websocket
        self.rendering: set[str] = set()
        self._opening: Counter[str] = Counter()

    # -- a page request ----------------------------------------------------------------
    def opening(self, address: str, step: int) -> None:
        self._opening[address] += step
        if self._opening[address] <= 0:
            del self._opening[address]

    def claimed(self, kernel_id: str, address: str) -> None:
        """A page being rendered for `address` got this kernel."""
        self.owner[kernel_id] = address
        self.rendering.add(kernel_id)

    def rendered(self, kernel_id: str) -> None:
        """The page is sent: its browser has `idle_after` seconds from now to connect."""
        self.rendering.discard(kernel_id)
        self.last_seen[kernel_id] = self.clock()

    def device_is_full(self, address: str, alive: set[str]) -> bool:
        """True when `address` holds (or is opening) its share of the `alive` kernels."""
        if self.per_device <= 0:
            return False
        held = sum(1 for k, owner in self.owner.items() if owner == address and k in alive)
        return held + self._opening[address] >= self.per_device

    def pages_of(self, address: str) -> list[str]:
        return [k for k, owner in self.owner.items() if owner == address]

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

    def forget(self, kernel_id: str) -> None:
        self.owner.pop(kernel_id, None)
        self.last_seen.pop(kernel_id, None)
        self.rendering.discard(kernel_id)
