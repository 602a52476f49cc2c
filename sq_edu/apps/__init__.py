"""The dashboard applications, one folder each: `lesson`, `play`, `dungeon`, `teacher`, `index`.

An app is a thin view over widget-free state (a lesson session, a game) built from the
`sq_edu.widgets` kit. A page imports only its own app folder (tests/test_layers.py checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module


def app_on_first_use(package: str, app_class: str) -> Callable[[str], object]:
    """The module `__getattr__` of an app folder: imports its `app.py` when `app_class` is
    first asked for, so importing a helper module of the folder does not load the whole app."""
    def __getattr__(name: str) -> object:
        if name != app_class:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(".app", package), name)
    return __getattr__
