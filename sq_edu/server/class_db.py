"""One SQLite file per class beside its progress: what the tables and the class game keep, so
a server that stops resumes where it was."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sq_edu.practice.classroom.live import class_folder


def open_class_db(progress_dir: str | Path, class_name: str, file_name: str,
                  schema: str) -> tuple[Path, sqlite3.Connection]:
    """The class's file `file_name` (made with `schema` if new) and a connection to it.

    Autocommit, WAL and NORMAL sync: each change is one short statement that the server's
    threads share, and a crash loses at most the last change."""
    folder = class_folder(progress_dir, class_name)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute(schema)
    return path, db
