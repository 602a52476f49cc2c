"""The class game on disk: one SQLite file per class, beside the class's tables, so a server
that stops resumes the class game at the round it was on (as `tables/store.py` does)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from sq_edu.practice.classgame.state import ClassGame
from sq_edu.server.class_db import open_class_db

log = logging.getLogger(__name__)
FILE_NAME = "classgame.sqlite3"


class ClassGameStore:
    """The one class game of one class (a row replaced in one transaction after a change)."""

    def __init__(self, progress_dir: str | Path, class_name: str) -> None:
        self.path, self._db = open_class_db(
            progress_dir, class_name, FILE_NAME,
            "CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, "
            "data TEXT NOT NULL, changed REAL NOT NULL)")

    def save(self, game: ClassGame) -> None:
        self._db.execute("INSERT OR REPLACE INTO games (id, data, changed) VALUES (1, ?, ?)",
                         (json.dumps(game.to_dict(), separators=(",", ":")), game.changed))

    def load(self) -> ClassGame | None:
        """The saved game, or None (none saved, or one that cannot be read: logged)."""
        row = self._db.execute("SELECT data FROM games WHERE id = 1").fetchone()
        if row is None:
            return None
        try:
            return ClassGame.from_dict(json.loads(row[0]))
        except (ValueError, KeyError, TypeError):
            log.warning("the saved class game could not be read", exc_info=True)
            return None

    def close(self) -> None:
        self._db.close()
