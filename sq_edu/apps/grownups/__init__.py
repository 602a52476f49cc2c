"""The grown-ups' summary for the evening at home: each child's week, standing and next step.

`from sq_edu.apps.grownups import GrownupsApp` loads the app on first use.
"""

from __future__ import annotations

from sq_edu.apps import app_on_first_use

__all__ = ["GrownupsApp"]
__getattr__ = app_on_first_use(__name__, "GrownupsApp")
