"""What one seat may see: its `Observation`, and the event log as that seat saw it.

Views are kept per seat and extended as the log grows, so a bot that observes before every
decision does not pay for the whole history each time.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .moves import TOKEN
from .observation import HIDDEN, Event, Observation

if TYPE_CHECKING:
    from .game import Game


def events_so_far(game: Game) -> list[Event]:
    """The log as Events, built once each and kept (the log only ever grows)."""
    log, events = game._log, game._events
    if len(events) < len(log):
        events += [Event(*entry) for entry in log[len(events):]]
    return events

def seen_by(game: Game, seat: int) -> tuple[Event, ...]:
    """The log as `seat` sees it, kept per seat so observing stays cheap in long games."""
    events = events_so_far(game)
    public = game._public
    if len(public) < len(events):  # what a spectator sees: private cards blanked once
        public += [replace(e, cards=()) if e.private else e for e in events[len(public):]]
    seen = game._seen.setdefault(seat, [])
    if len(seen) < len(events):
        start = len(seen)
        seen += [events[i] if events[i].seat == seat else public[i]
                 for i in range(start, len(events))]
    return tuple(seen)


def observe(game: Game, seat: int) -> Observation:
    """Everything `seat` may know now (RULES.md section 5), and nothing more."""
    if not (isinstance(seat, int) and 0 <= seat < game.players):
        raise ValueError(f"there is no seat {seat!r} in a {game.players}-player game")
    kb = game._known_bottom
    return Observation(
        seat=seat, players=game.players, rules=game.rules, turn=game._turn,
        current_player=game.current_player, pending=game.pending,
        hand=game.hand(seat),
        hand_sizes=tuple(len(h) for h in game._hands),
        awake=tuple(tuple(a) for a in game._awake),
        points=tuple(game._pts),  # kept equal to game.points(seat) by every queen move
        slots=tuple([None if q is None else (q if k else HIDDEN)
                     for q, k in zip(game._slots, game._known, strict=True)]),
        draw_size=len(game._draw),
        discard_pile=tuple(map(TOKEN.__getitem__, game._discard)),
        known_in_hands=tuple(tuple(TOKEN[c] for c in sorted(k)) for k in game._known_hands),
        known_bottom=tuple(TOKEN[c] for c in reversed(game._draw[:kb])) if kb else (),
        revealed=tuple(TOKEN[c] for c in game._revealed),
        events=seen_by(game, seat),
        is_over=game._over, winners=game._winners,
    )
