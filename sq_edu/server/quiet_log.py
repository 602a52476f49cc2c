"""Keep the server log readable and the server reachable under a flood of connections.

Hundreds of half-sent requests once wrote a 448 MB log ("Too many open files" for each accept)
and exhausted the 1,024 open files a process gets by default; later floods still wrote 112,437
asyncio "Exception in callback" tracebacks, each naming another handle, so no two lines looked
alike. Three small guards:

- `quiet_repeated_lines`: a line that repeats more than `burst` times within `window` seconds
  is dropped after that, with one "(and N more like it in the last minute)" line when the
  window closes. Lines are alike when their text template matches with numbers and
  addresses blanked out, and a traceback is alike when it is the same exception raised at the
  same place, whatever its message;
- `raise_open_file_limit`: the soft limit on open files raised to the hard limit, so a flood
  of sockets and the kernels' own files do not meet at 1,024;
- `guarded_listen`: the server's listening socket closes a new connection at once while the
  process's open files are within `FILE_RESERVE` of the limit, so the accept loop never meets
  "Too many open files" and the kernels' sockets keep their room.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from typing import Any

BURST = 5
WINDOW = 60.0
FILE_RESERVE = 0.1      # this share of the open-file limit is kept free (at least 64 files)
FRESH = 0.01            # seconds a count may be old before a connection is refused on it
_VARYING = re.compile(r"0x[0-9a-fA-F]+|\d+|'[^']*'|\"[^\"]*\"|<[^<>]*>")
log = logging.getLogger(__name__)


def line_kind(record: logging.LogRecord) -> tuple[str, ...]:
    """What makes two log records "the same line": a traceback's exception type and the
    place it was raised; else the text template with numbers, quotes and reprs blanked."""
    if record.exc_info and record.exc_info[1] is not None:
        error = record.exc_info[1]
        frame = error.__traceback__
        while frame is not None and frame.tb_next is not None:
            frame = frame.tb_next
        where = (f"{frame.tb_frame.f_code.co_filename}:{frame.tb_lineno}"
                 if frame is not None else "")
        return (record.name, type(error).__name__, where)
    first = str(record.msg).split("\n", 1)[0][:200]
    return (record.name, _VARYING.sub("#", first))


class RepeatFilter(logging.Filter):
    """Drops a record whose message template was seen `burst` times in the current window."""

    def __init__(self, burst: int = BURST, window: float = WINDOW,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst, self.window, self.clock = burst, window, clock
        self._seen: dict[tuple[str, ...], list[float]] = {}   # key -> [start, count]

    def filter(self, record: logging.LogRecord) -> bool:
        judged = getattr(record, "sq_edu_kept", None)
        if judged is not None:   # already judged by this filter on its logger or a handler
            return bool(judged)
        record.sq_edu_kept = kept = self._judge(record)
        return kept

    def _judge(self, record: logging.LogRecord) -> bool:
        key = line_kind(record)
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
    """Put one RepeatFilter on every handler of the root, tornado and the app's loggers, on
    the loggers that write tracebacks themselves (asyncio's "Exception in callback", tornado's
    accept errors) and on logging's last resort, which writes them when the root logger has
    no handler (112,437 "Too many open files" tracebacks went that way)."""
    repeat = RepeatFilter()
    named = [logging.getLogger(name) for name in (
        "tornado", "tornado.access", "tornado.application", "tornado.general", "asyncio")]
    loggers = [logging.getLogger(), *named]
    if app_log is not None:
        loggers.append(app_log)
    handlers = [handler for logger in loggers for handler in logger.handlers]
    if logging.lastResort is not None:
        handlers.append(logging.lastResort)
    for holder in [*named, *handlers]:
        if repeat not in holder.filters:
            holder.addFilter(repeat)
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


def open_files() -> int:
    """Files this process has open now (0 where the system does not say)."""
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return 0


class FileGuard:
    """Whether a new connection may be taken now; the count is looked up at most every
    `every` seconds (a listing of /proc/self/fd costs about as much as an accept)."""

    def __init__(self, every: float = 0.2, count: Callable[[], int] = open_files,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.count, self.clock = every, count, clock
        self._checked, self._open, self.refused = -1e9, 0, 0
        try:
            import resource

            soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        except (ImportError, ValueError, OSError):
            soft = -1
        self.limit = soft if soft > 0 else 0

    def room(self) -> bool:
        if not self.limit:
            return True
        now = self.clock()
        if now - self._checked >= self.every:
            self._look(now)
        self._open += 1   # this connection, until the next look
        ceiling = self.limit - max(64, int(self.limit * FILE_RESERVE))
        if self._open < ceiling:
            return True
        if now - self._checked > FRESH:   # a flood that just let go: look again first
            self._look(now)
            self._open += 1
            if self._open < ceiling:
                return True
        self.refused += 1
        log.warning("refused a connection: %d of %d open files in use", self._open, self.limit)
        return False

    def _look(self, now: float) -> None:
        self._checked, self._open = now, self.count()


def guarded_listen(app: Any, port: int, address: str | None = None, **options: Any) -> Any:
    """`tornado.web.Application.listen` with a server that closes a new connection at once
    while the open files are near the limit (the client sees the connection close and may
    try again; nothing is logged per connection beyond the rate-limited warning)."""
    from tornado.httpserver import HTTPServer

    guard = FileGuard()

    class GuardedHTTPServer(HTTPServer):
        def handle_stream(self, stream: Any, address: Any) -> None:
            if not guard.room():
                stream.close()
                return
            super().handle_stream(stream, address)

    listen = {name: options.pop(name) for name in ("family", "backlog", "flags", "reuse_port")
              if name in options}
    server = GuardedHTTPServer(app, **options)
    server.listen(port, address=address, **listen)
    return server
