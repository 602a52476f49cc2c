"""Bad requests to the table API, counted per address: a refusal costs the server almost
nothing and writes one log line a minute instead of one per request.

The API is on the class server's port, so a browser or a script can send it anything; only a
kernel of the class holds the class key. A wrong key, a broken body or a body too deep to read
counts against the sender's address; past `LIMIT` a minute the address is answered 429 at once
(no key check, no body read) and the access log leaves those lines out. A request with the right
key is never refused here: the kernels share the server's own loopback address with anyone
attacking from the same machine.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

log = logging.getLogger(__name__)
LIMIT = 30          # bad requests a minute from one address before it is answered at once
WINDOW = 60.0


class BadRequests:
    """Per-address counts of bad requests in the current minute."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.counts: dict[str, int] = {}
        self.refused: dict[str, int] = {}
        self.since = clock()

    def _roll(self) -> None:
        """A new minute: say once what was refused in the last one, then start again."""
        now = self.clock()
        if now - self.since < WINDOW:
            return
        for address, n in sorted(self.refused.items()):
            log.warning("table API: %d bad requests from %s refused in the last minute",
                        n, address)
        self.counts.clear()
        self.refused.clear()
        self.since = now

    def over(self, address: str) -> bool:
        """True when `address` has sent its share of bad requests this minute."""
        self._roll()
        if self.counts.get(address, 0) < LIMIT:
            return False
        self.refused[address] = self.refused.get(address, 0) + 1
        return True

    def count(self, address: str) -> None:
        self._roll()
        if len(self.counts) > 10_000:   # a flood of addresses: start the minute afresh
            self.counts.clear()
        self.counts[address] = self.counts.get(address, 0) + 1
