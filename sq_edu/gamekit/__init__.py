"""What both game engines share, below both: the loop that lets bots take their turns, the
one exception every refused move raises and the one record of what a move caused (`Played`).

`sq_edu.engine` (Sleeping Queens) and `sq_edu.dungeon` (Dungeon of Queens) sit side by side
and never import each other; what they have in common lives here, so neither reaches sideways.
It imports only `sq_edu.i18n`.
"""

from __future__ import annotations

from .autoplay import Bot, Chooser, Playable, advance_bots
from .errors import IllegalMove
from .events import GameEvent, Played

__all__ = ["Bot", "Chooser", "GameEvent", "IllegalMove", "Playable", "Played", "advance_bots"]
