"""A real class game over HTTP for the pages' tests: the service behind its tornado route in a
thread of this process (the pages talk to it with the client the kernels use)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import tornado.web

from sq_edu.apps.classgame import ClassGameApp, ClassGameControls
from sq_edu.pages.tables.client import TableClient
from sq_edu.server.classgame.handlers import classgame_handlers
from sq_edu.server.classgame.service import SEED_ENV, ClassGameService
from sq_edu.server.server import free_port
from sq_edu.server.tables import TableService

SECRET = b"k" * 32


@pytest.fixture()
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
           ) -> Iterator[tuple[str, ClassGameService]]:
    monkeypatch.setenv(SEED_ENV, "30")
    games = ClassGameService(TableService(tmp_path, SECRET))
    port, loop_ready = free_port(), threading.Event()
    holder: dict[str, asyncio.AbstractEventLoop] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        holder["loop"] = loop
        tornado.web.Application(classgame_handlers(games)).listen(port, "127.0.0.1")
        loop_ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    loop_ready.wait(10)
    yield f"http://127.0.0.1:{port}/sq-edu/classgame/api/", games
    holder["loop"].call_soon_threadsafe(holder["loop"].stop)
    thread.join(5)


def client(url: str, games: ClassGameService) -> TableClient:
    return TableClient(url, "5b", games.tables.class_key("5b"), "test")


def controls(url: str, games: ClassGameService) -> ClassGameControls:
    return ClassGameControls("en", client=client(url, games))


def page(url: str, games: ClassGameService, folder: Path) -> ClassGameApp:
    return ClassGameApp("en", client=client(url, games), progress_dir=str(folder))


def wait_until(check: Callable[[], object], seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)




def named(url: str, games: ClassGameService, folder: Path, name: str = "Anna") -> ClassGameApp:
    """A child's page named with a secret (so in the class game), showing round 0."""
    app = page(url, games, folder)
    app.learner.secret.picture.buttons.value, app.learner.secret.secret.value = "sun", "1357"
    assert app.learner.set_nickname(name)
    wait_until(lambda: app.view.get("round") == 0)
    return app
