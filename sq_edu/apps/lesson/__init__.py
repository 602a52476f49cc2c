"""The lesson dashboard: one lesson's exercises, hints, progress and worksheets.

`from sq_edu.apps.lesson import LessonApp` loads the app on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sq_edu.apps import app_on_first_use

if TYPE_CHECKING:  # the type checker reads the class; at run time it loads on first use
    from .app import LessonApp

__all__ = ["LessonApp"]
__getattr__ = app_on_first_use(__name__, "LessonApp")
