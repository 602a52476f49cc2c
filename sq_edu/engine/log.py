"""The event log: kept as plain tuples while a game is played, turned into `Event`s only
when someone reads them (a simulation never does, and `play` is about twice as fast for it).

A log entry is a tuple in `Event`'s field order: (kind, seat, cards, target, queen, slot,
count, seats, private), cut short after its last non-default field.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, overload

from .observation import Event

if TYPE_CHECKING:
    from .state import State


def events_so_far(state: State) -> list[Event]:
    """The log as Events, built once each and kept (the log only ever grows)."""
    log, events = state.log, state.events
    if len(events) < len(log):
        events += [Event(*entry) for entry in log[len(events):]]
    return events


class Played(Sequence[Event]):
    """The events one `Game.play` caused: reads like a list of `Event`s, built on first read."""

    __slots__ = ("_events", "_start", "_state", "_stop")

    def __init__(self, state: State, start: int, stop: int) -> None:
        self._state: State | None = state
        self._start, self._stop = start, stop
        self._events: list[Event] = []

    def _built(self) -> list[Event]:
        state = self._state
        if state is not None:
            self._events = events_so_far(state)[self._start:self._stop]
            self._state = None
        return self._events

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> list[Event]: ...
    def __getitem__(self, i: int | slice) -> Event | list[Event]:
        return self._built()[i]

    def __iter__(self) -> Iterator[Event]:
        return iter(self._built())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Played, list, tuple)):
            return self._built() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # events compare by value and are mutable lists' items: not hashable

    def __add__(self, other: Sequence[Event]) -> list[Event]:
        return self._built() + list(other)

    def __radd__(self, other: Sequence[Event]) -> list[Event]:
        return list(other) + self._built()

    def __repr__(self) -> str:
        return repr(self._built())
