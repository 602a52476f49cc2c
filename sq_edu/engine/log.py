"""The event log: kept as plain tuples while a game is played, turned into `Event`s only
when someone reads them (a simulation never does, and `play` is about twice as fast for it).

A log entry is a tuple in `Event`'s field order: (kind, seat, cards, target, queen, slot,
count, seats, private), cut short after its last non-default field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sq_edu import gamekit

from .moves import TOKEN
from .observation import Event

if TYPE_CHECKING:
    from .state import State

SEATS = 5  # the most players any preset seats

# The log entries nearly every move ends with, made once (entries are never changed): a
# new turn for each seat, and each seat drawing one card of each code.
TURN: tuple[tuple[str, int], ...] = tuple(("turn", seat) for seat in range(SEATS))
DREW_ONE: tuple[tuple[tuple[object, ...], ...], ...] = tuple(
    tuple(("draw", seat, (TOKEN[code],), None, None, None, 1, (), True) for code in
          range(len(TOKEN))) for seat in range(SEATS))


def events_so_far(state: State) -> list[Event]:
    """The log as Events, built once each and kept (the log only ever grows)."""
    log, events = state.log, state.events
    if len(events) < len(log):
        events += [Event(*entry) for entry in log[len(events):]]
    return events


class Played(gamekit.Played[Event]):
    """The events one `Game.play` caused (`sq_edu.gamekit.Played`), built on first read."""

    __slots__ = ("_start", "_state", "_stop")

    def __init__(self, state: State, start: int, stop: int) -> None:
        # No `super().__init__()`: `_built` sets the events on first read (made per move).
        self._state: State | None = state
        self._start, self._stop = start, stop

    def _built(self) -> list[Event]:
        state = self._state
        if state is not None:
            self._events = events_so_far(state)[self._start:self._stop]
            self._state = None
        return self._events

    def __len__(self) -> int:
        return self._stop - self._start
