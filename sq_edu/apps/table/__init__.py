"""A table of classmates across devices: the child's side (lobby, board) of the table
service in `sq_edu.server.tables`.

`from sq_edu.apps.table import TableApp` loads the app on first use.
"""

from __future__ import annotations

from sq_edu.apps import app_on_first_use

__all__ = ["TableApp"]
__getattr__ = app_on_first_use(__name__, "TableApp")
