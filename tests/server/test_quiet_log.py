"""The server log under a flood: a repeated traceback is written a few times a minute and then
counted, even when each one names another object (asyncio's "Exception in callback <Handle
...>"), and the open-file guard refuses connections before the limit, not at it."""

from __future__ import annotations

import asyncio
import functools
import io
import logging

from sq_edu.server.quiet_log import BURST, FileGuard, RepeatFilter


def _fail(n: int) -> None:
    raise OSError(24, "Too many open files")


def test_a_flood_of_asyncio_callback_tracebacks_is_counted_not_written() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(RepeatFilter())
    logger = logging.getLogger("asyncio")
    logger.addHandler(handler)
    old_propagate, logger.propagate = logger.propagate, False

    async def flood() -> None:
        loop = asyncio.get_running_loop()
        for n in range(2000):   # each handle differs: "Exception in callback _fail(17)"
            loop.call_soon(functools.partial(_fail, n))
        await asyncio.sleep(0.1)

    try:
        asyncio.run(flood())
    finally:
        logger.removeHandler(handler)
        logger.propagate = old_propagate
    written = out.getvalue()
    assert written.count("Exception in callback") == BURST, written[:2000]
    assert len(written) < 10 * 1024, len(written)


def test_the_count_of_dropped_lines_is_said_when_the_minute_is_over() -> None:
    clock = [0.0]
    repeat = RepeatFilter(clock=lambda: clock[0])
    records = [logging.LogRecord("tornado.general", logging.WARNING, __file__, 1,
                                 "Malformed HTTP message from %s: %s",
                                 (f"10.0.0.{n}", f"bad {n}"), None) for n in range(50)]
    kept = [repeat.filter(record) for record in records]
    assert kept.count(True) == BURST
    clock[0] = 61.0
    late = logging.LogRecord("tornado.general", logging.WARNING, __file__, 1,
                             "Malformed HTTP message from %s: %s", ("10.0.0.9", "x"), None)
    assert repeat.filter(late) and "(and 45 more like it in the last minute)" in late.msg


def test_new_connections_are_refused_before_the_open_files_run_out() -> None:
    opened = [950]
    guard = FileGuard(count=lambda: opened[0])
    guard.limit = 1024
    assert not guard.room() and guard.refused == 1   # 1024 - 102 kept free
    opened[0] = 100
    guard._checked = -1e9
    assert guard.room()


def test_a_connection_is_not_refused_on_a_count_from_before_the_flood_let_go() -> None:
    opened, clock = [950], [0.0]
    guard = FileGuard(count=lambda: opened[0], clock=lambda: clock[0])
    guard.limit = 1024
    assert not guard.room()
    opened[0], clock[0] = 100, 0.05   # the flood closed; the last look is 50 ms old
    assert guard.room() and guard.refused == 1
