"""The Sleeping Queens game against bots, with the coach's questions beside the board.

`from sq_edu.apps.play import PlayApp` loads the app on first use.
"""

from __future__ import annotations

from sq_edu.apps import app_on_first_use

__all__ = ["PlayApp"]
__getattr__ = app_on_first_use(__name__, "PlayApp")
