"""The whole class plays one game: the child's page (`ClassGameApp`: answer and vote), the
projector's (`ProjectorApp`) and the teacher's controls (`ClassGameControls`, shown in the
teacher's page), over the class server's class game (`sq_edu.server.classgame`).

`from sq_edu.apps.classgame import ClassGameApp` loads the app on first use.
"""

from __future__ import annotations

__all__ = ["ClassGameApp", "ClassGameControls", "ProjectorApp"]


def __getattr__(name: str) -> object:
    """Each page's module is imported when its class is first asked for (by name, never
    from text: the security check forbids `import_module` outside `sq_edu.apps`)."""
    if name == "ClassGameApp":
        from .child import ClassGameApp
        return ClassGameApp
    if name == "ProjectorApp":
        from .projector import ProjectorApp
        return ProjectorApp
    if name == "ClassGameControls":
        from .controls import ClassGameControls
        return ClassGameControls
    raise AttributeError(name)
