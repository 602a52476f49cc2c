"""The teacher's dashboard: live class table, reports from progress files, worksheets.

`from sq_edu.apps.teacher import TeacherApp` loads the app on first use.
"""

from __future__ import annotations

from sq_edu.apps import app_on_first_use

__all__ = ["TeacherApp"]
__getattr__ = app_on_first_use(__name__, "TeacherApp")
