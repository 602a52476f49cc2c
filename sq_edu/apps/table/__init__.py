"""A table of classmates across devices: the child's side (lobby, board) of the table
service in `sq_edu.server.tables`."""

from __future__ import annotations

from .app import TableApp

__all__ = ["TableApp"]
