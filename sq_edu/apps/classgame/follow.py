"""What the class game's three pages share: the client of the class server's class game, and
a thread that waits on it (a long poll) and hands each newer view to the page."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from sq_edu.pages.tables.client import Refused, TableClient

log = logging.getLogger(__name__)


def classgame_client() -> TableClient | None:
    """This class server's class game (None: not a class server)."""
    return TableClient.from_env("classgame")


class Follower:
    """Calls `show(view)` with every view newer than the last one shown, from its own thread,
    until `stop()`. `params()` says who asks (role, and a child's name)."""

    def __init__(self, client: TableClient, params: Callable[[], dict[str, Any]],
                 show: Callable[[dict[str, Any]], None]) -> None:
        self.client, self.params, self._show = client, params, show
        self.version = -2
        self.lock = threading.RLock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._loop, name="sq-classgame-wait",
                                            daemon=True)
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def show(self, view: dict[str, Any]) -> None:
        """A view from a request or the wait: shown unless an older one."""
        with self.lock:
            if int(view.get("version", -1)) >= self.version:
                self.version = int(view.get("version", -1))
                self._show(view)

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                answer = self.client.call("state", timeout=40.0, since=self.version,
                                          **self.params())
            except Refused:
                time.sleep(2.0)
                continue
            except OSError:
                time.sleep(1.0)   # the server restarts: try again
                continue
            try:
                self.show(answer["view"])
            except Exception:   # a drawing error must not end the wait
                log.exception("could not show the class game")
                time.sleep(1.0)
