"""A table of classmates across devices: one game, several children, one place.

The game lives in the server process (`TableService`), never in a child's kernel: each
kernel asks over HTTP on loopback for its own seat's observation and sends its own moves
(`handlers.py`); SQLite in the class's data folder keeps every table across a restart.
"""

from __future__ import annotations

from .service import TableError, TableService

__all__ = ["TableError", "TableService"]
