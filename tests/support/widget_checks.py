"""Widget and app tests fail on any exception a callback swallowed (their conftests import this:
`from tests.support.widget_checks import *` takes the fixtures named in `__all__`).

Two places swallow them: our guard (`sq_edu.widgets.guard` logs and shows a friendly line) and
ipywidgets itself (`Button.click()` with no IPython logs "Exception in callback" on the
`traitlets` logger). A handler on both loggers collects such records; the test fails with them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from sq_edu.engine import Game, Observation

# The fixtures a widget or app test folder takes: its conftest star-imports exactly these.
__all__ = ["fail_on_swallowed_callback_errors", "game", "obs", "played", "progress_dir"]

WATCHED = ("sq_edu.widgets", "sq_edu.apps", "sq_edu.pages", "traitlets")


class _Collector(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info or "callback" in record.getMessage():
            self.records.append(record)


@pytest.fixture(autouse=True)
def fail_on_swallowed_callback_errors(request: pytest.FixtureRequest) -> Iterator[_Collector]:
    collector = _Collector()
    loggers = [logging.getLogger(name) for name in WATCHED]
    for logger in loggers:
        logger.addHandler(collector)
    try:
        yield collector
    finally:
        for logger in loggers:
            logger.removeHandler(collector)
    if collector.records and not request.node.get_closest_marker("expect_callback_error"):
        text = "\n".join(f"{r.name}: {r.getMessage()}" for r in collector.records)
        pytest.fail(f"a widget callback raised and it was swallowed:\n{text}")


@pytest.fixture(autouse=True)
def progress_dir(tmp_path_factory: pytest.TempPathFactory,
                 monkeypatch: pytest.MonkeyPatch) -> Path:
    """Learners' files go to a fresh folder per test, never into the real home folder."""
    folder = tmp_path_factory.mktemp("progress")
    monkeypatch.setenv("SQ_EDU_PROGRESS_DIR", str(folder))
    return folder


@pytest.fixture
def game() -> Game:
    return Game.new(players=3, seed=7)


@pytest.fixture
def obs(game: Game) -> Observation:
    return game.observe(0)


@pytest.fixture
def played() -> Callable[..., Game]:
    """Factory: a game some turns in, with a discard pile and awake queens."""
    return _played


def _played(seed: int = 3, turns: int = 12, players: int = 3) -> Game:
    """A game some turns in (first legal move each time): discard pile and awake queens."""
    g = Game.new(players=players, seed=seed)
    for _ in range(turns):
        if g.is_over:
            break
        moves = g.legal_moves()
        wake = [m for m in moves if m.kind in ("wake", "steal", "choose")]
        g.play(wake[0] if wake else moves[-1])
    return g
