"""The in-game coach: which question fits the position (`coach`), the questions themselves
(`questions`) and what the coach says about a bot's turn (`talk`). No widgets.

`from sq_edu.practice.coach import Coach` still works: names are read from `coach.py` on first use.
"""

from __future__ import annotations

from importlib import import_module


def __getattr__(name: str) -> object:
    """Names of the former `sq_edu.practice.coach` module, from `sq_edu.practice.coach.coach`."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(import_module(".coach", __name__), name)
