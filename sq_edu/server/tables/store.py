"""Tables on disk: one SQLite file per class, in the class's data folder, so a server that
stops (a crash, a restart, a power cut) resumes every table at the move it was on.

A row is a whole table as JSON, replaced in one transaction after every change; SQLite's
journal keeps the file whole when the process dies mid-write.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

from sq_edu.server.class_db import open_class_db

from .table import Table

log = logging.getLogger(__name__)
FILE_NAME = "tables.sqlite3"


class TableStore:
    """The tables of one class."""

    def __init__(self, progress_dir: str | Path, class_name: str) -> None:
        self.path, self._db = open_class_db(
            progress_dir, class_name, FILE_NAME,
            "CREATE TABLE IF NOT EXISTS tables (code TEXT PRIMARY KEY, "
            "data TEXT NOT NULL, changed REAL NOT NULL)")

    def save(self, table: Table) -> None:
        self._db.execute("INSERT OR REPLACE INTO tables (code, data, changed) VALUES (?, ?, ?)",
                         (table.code, json.dumps(table.to_dict(), separators=(",", ":")),
                          table.changed))

    def delete(self, code: str) -> None:
        self._db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def load(self) -> Iterator[Table]:
        """Every table that can be read (a broken row is logged and skipped)."""
        for code, data in self._db.execute("SELECT code, data FROM tables").fetchall():
            try:
                yield Table.from_dict(json.loads(data))
            except (ValueError, KeyError, TypeError):
                log.warning("skipping table %s: its saved game could not be read", code,
                            exc_info=True)

    def close(self) -> None:
        self._db.close()


def class_stores(progress_dir: str | Path) -> Iterator[str]:
    """Class names that have a tables file under the progress folder."""
    for path in sorted(Path(progress_dir).glob(f"classes/*/{FILE_NAME}")):
        yield path.parent.name
