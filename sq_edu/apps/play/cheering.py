"""The tunes of the shown person's game: a soft one when they wake or take a queen, a bigger one
at their win, each event cheered once (a new game starts the count again)."""

from __future__ import annotations

from collections.abc import Sequence

from sq_edu.engine.observation import Event
from sq_edu.widgets.joy import Cheer


class StoryCheer:
    """Listens to the game's story for the shown person and plays `cheer`'s tunes."""

    def __init__(self, cheer: Cheer) -> None:
        self.cheer = cheer
        self.heard = 0   # story events already cheered for

    def reset(self) -> None:
        """A new game: its story is cheered from the start."""
        self.heard = 0

    def hear(self, story: Sequence[tuple[bool, Event]], viewer: int) -> None:
        """Cheer the events told since the last call (a shorter story is a new game)."""
        if len(story) < self.heard:
            self.heard = 0
        new = [e for _fresh, e in story[self.heard:]]
        self.heard = len(story)
        if any(e.kind == "game_over" and viewer in e.seats for e in new):
            self.cheer.cheer("win")
        elif any(e.kind in ("wake", "steal") and e.seat == viewer for e in new):
            self.cheer.cheer("wake")
