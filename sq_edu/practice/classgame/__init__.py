"""The class game without widgets: the whole class as one seat against bots (`state`), and
what the class is asked and may vote for at its turn (`question`).

`from sq_edu.practice.classgame import ClassGame` works: names are read from `state.py`.
"""

from __future__ import annotations

from importlib import import_module


def __getattr__(name: str) -> object:
    """Names of `sq_edu.practice.classgame.state`, read on first use."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(import_module(".state", __name__), name)
