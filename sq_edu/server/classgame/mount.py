"""Putting the class game into the class server beside the table service: it checks the
class key with the tables' secret, so the class's kernels reach it with what they have."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tornado.ioloop import PeriodicCallback

from ..tables.mount import TICK_MS
from ..tables.service import TableService
from .handlers import classgame_handlers
from .service import ClassGameService


def mount_class_game(tables: TableService | None, server_url: str,
                     device_of: Callable[[str], str | None] = lambda _kernel: None
                     ) -> tuple[ClassGameService | None, list[Any]]:
    """The class game and its route in class mode (with the tables); (None, []) otherwise."""
    if tables is None:
        return None, []
    base = "/" + server_url.strip("/") + "/" if server_url.strip("/") else "/"
    games = ClassGameService(tables)
    return games, classgame_handlers(games, base, device_of)


def start_ticking(games: ClassGameService | None) -> None:
    if games is not None:
        PeriodicCallback(games.tick, TICK_MS).start()
