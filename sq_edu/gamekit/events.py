"""What a move caused, said the same way by both engines: `play(move)` returns a `Played`.

A `Played` is the events of one move, oldest first. Each event has at least a `kind` (a word
of its engine's `EVENT_KINDS`) and the `seat` it concerns; the rest of an event is the engine's
own (cards and queens in Sleeping Queens, tricks and trumps in the Dungeon). It reads like the
list `play` used to return (index it, loop over it, compare it with a list, `events + more`),
and says the same things under names both engines share: `events` (a tuple) and `kinds`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol, TypeVar, overload


class GameEvent(Protocol):
    """What every event of either engine says: what happened, and to which seat."""

    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> int | None: ...


E = TypeVar("E", bound=GameEvent)


class Played(Sequence[E]):
    """The events one `play(move)` caused, oldest first."""

    __slots__ = ("_events",)

    def __init__(self, events: Iterable[E] = ()) -> None:
        self._events: list[E] = list(events)

    def _built(self) -> list[E]:
        """The events as a list (an engine may build them only when first read)."""
        return self._events

    @property
    def events(self) -> tuple[E, ...]:
        return tuple(self._built())

    @property
    def kinds(self) -> tuple[str, ...]:
        """What happened, in order: `("play", "trick")`, `("play", "wake", "draw", "turn")`."""
        return tuple(event.kind for event in self._built())

    def __len__(self) -> int:
        return len(self._built())

    @overload
    def __getitem__(self, i: int) -> E: ...
    @overload
    def __getitem__(self, i: slice) -> list[E]: ...
    def __getitem__(self, i: int | slice) -> E | list[E]:
        return self._built()[i]

    def __iter__(self) -> Iterator[E]:
        return iter(self._built())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Played, list, tuple)):
            return self._built() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compares by value with lists, which are not hashable

    def __add__(self, other: Sequence[E]) -> list[E]:
        return self._built() + list(other)

    def __radd__(self, other: Sequence[E]) -> list[E]:
        return list(other) + self._built()

    def __repr__(self) -> str:
        return repr(self._built())
