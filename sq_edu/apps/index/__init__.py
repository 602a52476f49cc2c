"""The start page: every lesson and game, with the learner's progress.

`from sq_edu.apps.index import IndexApp` loads the app on first use.
"""

from __future__ import annotations

from sq_edu.apps import app_on_first_use

__all__ = ["IndexApp"]
__getattr__ = app_on_first_use(__name__, "IndexApp")
