"""The lesson dashboard: one lesson's exercises, hints, progress and worksheets.

`from sq_edu.apps.lesson import LessonApp` loads the app on first use.
"""

from __future__ import annotations

from sq_edu.apps import app_on_first_use

__all__ = ["LessonApp"]
__getattr__ = app_on_first_use(__name__, "LessonApp")
