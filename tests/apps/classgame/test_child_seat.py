"""A child's page against the real class game over HTTP (a tornado server in a thread of
this process): named with the secret it joins and the browser keeps the seat; a reloaded
page (a new app, the browser's kept seat) sits back in without nickname and secret, its
answers reaching the child's record; a kept seat of an ended game is forgotten."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import tornado.web

from sq_edu.apps.classgame import ClassGameApp
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


def page(url: str, games: ClassGameService, folder: Path) -> ClassGameApp:
    key = games.tables.class_key("5b")
    return ClassGameApp("en", client=TableClient(url, "5b", key, "test"),
                        progress_dir=str(folder))


def wait_until(check, seconds: float = 10.0) -> None:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_a_reloaded_page_sits_back_in_without_the_secret(
        served: tuple[str, ClassGameService], tmp_path: Path) -> None:
    url, games = served
    games.start("5b", "kids", 2, "quiz")
    first = page(url, games, tmp_path)
    first.learner.secret.picture.buttons.value, first.learner.secret.secret.value = "sun", "1357"
    assert first.learner.set_nickname("Anna")
    kept = json.loads(first.memory.keep)
    assert kept["name"] == "Anna" and kept["seat"] == games.games["5b"].seats["Anna"]
    first.follower.stop()   # type: ignore[union-attr]

    again = page(url, games, tmp_path)   # the reload: a new kernel, the browser's kept seat
    again.memory.kept = first.memory.keep
    assert again.nickname == "Anna" and again.learner.learner.named
    assert again.game_box.layout.display == "flex" and again.learner.layout.display == "none"
    assert "Welcome back, Anna" in again.feedback.text
    wait_until(lambda: again.view.get("round") == 0)
    again.number.value = str(games.games["5b"].question().exercise.answers[0])
    again.send_answer()
    assert games.games["5b"].answers["Anna"]["correct"] is True
    assert (tmp_path / "anna.json").read_text().count("counting_unseen") >= 1
    again.follower.stop()   # type: ignore[union-attr]

    games.start("5b", "kids", 2, "quiz")   # a new game: the kept seat is forgotten
    late = page(url, games, tmp_path)
    late.memory.kept = first.memory.keep
    assert not late.nickname and late.memory.keep == ""
    assert late.game_box.layout.display == "none"
