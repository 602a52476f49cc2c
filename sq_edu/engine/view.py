"""What one seat may see: its `Observation`, and the event log as that seat saw it.

Views are kept per seat and extended as the log grows, so a bot that observes before every
decision does not pay for the whole history each time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .log import events_so_far
from .moves import TOKEN
from .observation import HIDDEN, Event, Observation

if TYPE_CHECKING:
    from .state import State


def seen_by(st: State, seat: int) -> tuple[Event, ...]:
    """The log as `seat` sees it, kept per seat so observing stays cheap in long games."""
    events = events_so_far(st)
    public = st.public
    if len(public) < len(events):  # what a spectator sees: private cards blanked once
        public += [Event(e.kind, e.seat, (), e.target, e.queen, e.slot, e.count, e.seats, True)
                   if e.private else e for e in events[len(public):]]
    seen = st.seen.setdefault(seat, [])
    if len(seen) < len(events):
        start = len(seen)
        seen += [events[i] if events[i].seat == seat else public[i]
                 for i in range(start, len(events))]
    return tuple(seen)


class Unread(tuple):  # type: ignore[type-arg]  # an empty tuple that refuses to be read
    """The events of a glance (`observe(..., events=False)`): reading them is a bug, so it
    raises instead of passing for "nothing happened"."""

    def _refuse(self, *args: object) -> None:
        raise RuntimeError("an observation taken without its events (a glance) was asked for "
                           "them: observe with events=True")

    __iter__ = __len__ = __getitem__ = __contains__ = __reversed__ = _refuse  # type: ignore[assignment]


UNREAD = Unread()


def observe(st: State, seat: object, events: bool = True) -> Observation:
    """Everything `seat` may know now (docs/rules.md section 5), and nothing more.

    A pending block is the defender's secret: the engine asks only a defender who holds a
    dragon (or wand), so the other seats see whose decision it is but not what it is.
    `events=False` is a glance for a search that reads only the table (lessons look at
    thousands of positions to keep a few): its `events` raise when read."""
    if not (type(seat) is int and 0 <= seat < st.players):
        raise ValueError(f"there is no seat {seat!r} in a {st.players}-player game")
    kb = st.known_bottom
    pending = st.pending
    shown = None
    if pending is not None and (pending.kind != "block" or pending.seat == seat):
        shown = pending.kind
    return Observation(
        seat=seat, players=st.players, rules=st.rules, turn=st.turn,
        current_player=st.current, pending=shown,
        hand=tuple(TOKEN[c] for c in sorted(st.hands[seat])),
        hand_sizes=tuple(len(h) for h in st.hands),
        awake=tuple(tuple(a) for a in st.awake),
        points=tuple(st.pts),  # kept equal to the points of each seat by every queen move
        slots=tuple([None if q is None else (q if k else HIDDEN)
                     for q, k in zip(st.slots, st.known, strict=True)]),
        draw_size=len(st.draw),
        discard_pile=tuple(map(TOKEN.__getitem__, st.discard)),
        known_in_hands=tuple(tuple(TOKEN[c] for c in sorted(k)) for k in st.known_hands),
        known_bottom=tuple(TOKEN[c] for c in reversed(st.draw[:kb])) if kb else (),
        revealed=tuple(TOKEN[c] for c in st.revealed),
        in_transit=pending.in_transit if pending is not None else None,
        events=seen_by(st, seat) if events else UNREAD,
        is_over=st.over, winners=st.winners,
    )
