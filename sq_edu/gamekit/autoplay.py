"""The one loop that lets computer players move: for apps, for `play_out`, for lessons.

Duck-typed, so it drives any game with `is_over`, `current_player`, `observe(seat)`,
`legal_moves()` and `play(move, seat=...)`: the Sleeping Queens `Game` and the Dungeon of
Queens `DungeonGame` alike. Every move goes through `play(move, seat=...)`, so a bot can
never move for a seat that is not deciding. (Simulations use the faster `simulate.play_game`,
which skips building observations for bots that do not read them.)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .events import Played


class Playable(Protocol):
    """What `advance_bots` needs of a game."""

    @property
    def is_over(self) -> bool: ...
    @property
    def current_player(self) -> int: ...
    def observe(self, seat: int) -> Any: ...
    def legal_moves(self) -> list[Any]: ...
    def play(self, move: Any, seat: int | None = None) -> Played[Any]: ...


ObsT = TypeVar("ObsT", contravariant=True)
MoveT = TypeVar("MoveT")


@runtime_checkable
class Bot(Protocol[ObsT, MoveT]):
    """Anything that picks one of the legal moves from what its seat may know, with its own
    RNG: the one bot protocol of both engines (`Bot[Observation, Move]` in Sleeping Queens,
    `Bot[DungeonObservation, Move]` in the Dungeon)."""

    def choose(self, obs: ObsT, legal: list[MoveT]) -> MoveT: ...


Chooser = Bot[Any, Any]   # a bot of either engine, as `advance_bots` drives it


def advance_bots(game: Playable, bots: Mapping[int, Chooser] | Sequence[Chooser | None],
                 until: Callable[[Any], object] | None = None, *,
                 each: Callable[[Sequence[Any]], None] | None = None,
                 limit: int | None = None) -> int:
    """Let the bots decide, one move at a time, until the game is over, `until(game)` is
    true, the deciding seat has no bot (a human's turn), or `limit` moves were made.

    `bots` maps seats to bots (a dict, or a list with None for human seats). `each(events)`
    gets the events of every move as it is made (before `until` is asked again). Returns how
    many moves the bots made.
    """
    moves = 0
    while limit is None or moves < limit:
        if game.is_over or (until is not None and until(game)):
            break
        seat = game.current_player
        if isinstance(bots, Mapping):
            bot = bots.get(seat)
        else:
            bot = bots[seat] if 0 <= seat < len(bots) else None
        if bot is None:
            break
        events = game.play(bot.choose(game.observe(seat), game.legal_moves()), seat=seat)
        moves += 1
        if each is not None:
            each(events)
    return moves
