"""Keep the server log readable and the server reachable under a flood of connections.

Hundreds of half-sent requests once wrote a 448 MB log ("Too many open files" for each accept)
and exhausted the 1,024 open files a process gets by default. Two small guards:

- `quiet_repeated_lines`: a line whose text template repeats more than `burst` times within
  `window` seconds is dropped after that, with one "... repeated N more times" line when the
  window closes;
- `raise_open_file_limit`: the soft limit on open files raised to the hard limit, so a flood
  of sockets and the kernels' own files do not meet at 1,024.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

BURST = 5
WINDOW = 60.0


class RepeatFilter(logging.Filter):
    """Drops a record whose message template was seen `burst` times in the current window."""

    def __init__(self, burst: int = BURST, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst, self.window, self.clock = burst, window, clock
        self._seen: dict[tuple[str, str], list[float]] = {}   # key -> [start, count]

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg)[:200])
        now = self.clock()
        entry = self._seen.get(key)
        if entry is None or now - entry[0] >= self.window:
            dropped = int(entry[1]) - self.burst if entry is not None else 0
            self._seen[key] = [now, 1.0]
            if len(self._seen) > 1000:   # a flood of distinct lines: start afresh
                self._seen = {key: [now, 1.0]}
            if dropped > 0:
                record.msg = f"{record.msg} (and {dropped} more like it in the last minute)"
            return True
        entry[1] += 1
        return entry[1] <= self.burst


def quiet_repeated_lines(app_log: logging.Logger | None = None) -> RepeatFilter:
    """Put one RepeatFilter on every handler of the root, tornado and the app's loggers."""
    repeat = RepeatFilter()
    loggers = [logging.getLogger(), *(logging.getLogger(name) for name in (
        "tornado", "tornado.access", "tornado.application", "tornado.general", "asyncio"))]
    if app_log is not None:
        loggers.append(app_log)
    for logger in loggers:
        for handler in logger.handlers:
            if repeat not in handler.filters:
                handler.addFilter(repeat)
    return repeat


def raise_open_file_limit() -> int:
    """The soft open-file limit raised to the hard one (where the OS has limits); the new
    soft limit, or 0 where there is none to raise."""
    try:
        import resource
    except ImportError:   # Windows
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY or target <= soft:
        return int(soft)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        return int(soft)
    return int(target)
