"""The whole class plays one game: the child's page (`ClassGameApp`: answer and vote), the
projector's (`ProjectorApp`) and the teacher's controls (`ClassGameControls`, shown in the
teacher's page), over the class server's class game (`sq_edu.server.classgame`).

`from sq_edu.apps.classgame import ClassGameApp` loads the app on first use.
"""

from __future__ import annotations

from importlib import import_module

__all__ = ["ClassGameApp", "ClassGameControls", "ProjectorApp"]
_HOMES = {"ClassGameApp": ".child", "ProjectorApp": ".projector",
          "ClassGameControls": ".controls"}


def __getattr__(name: str) -> object:
    if name not in _HOMES:
        raise AttributeError(name)
    return getattr(import_module(_HOMES[name], __name__), name)
