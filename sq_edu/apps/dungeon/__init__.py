"""The Dungeon of Queens game with the child's score sheet and its scoring lesson.

`from sq_edu.apps.dungeon import DungeonApp` loads the app on first use.
"""

from __future__ import annotations

from sq_edu.apps import app_on_first_use

__all__ = ["DungeonApp"]
__getattr__ = app_on_first_use(__name__, "DungeonApp")
