"""The progress folder on disk: where it is, which files in it are learners', and how a file
is written there so a crash never leaves half of it.

Split from `sq_edu.practice.progress` (which re-exports these names) so the store keeps to
reading, merging and saving one learner's record.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from sq_edu.practice.learner_guard import nickname_skeleton

PROGRESS_DIR_ENV = "SQ_EDU_PROGRESS_DIR"


def default_progress_dir() -> Path:
    """Where learners' files live: $SQ_EDU_PROGRESS_DIR, else the XDG data folder.

    `sq-edu serve --progress-dir` sets the variable for the kernels. Nothing is created here;
    the folder is made on the first save.
    """
    chosen = os.environ.get(PROGRESS_DIR_ENV, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME", "").strip()
    base = Path(data_home) if data_home and os.path.isabs(data_home) else (
        Path.home() / ".local" / "share")   # the XDG spec ignores a relative XDG_DATA_HOME
    return base / "sq_edu" / "progress"


def lookalike_file(folder: Path, nickname: str) -> Path | None:
    """The learner file in `folder` whose name folds to the same skeleton, if any."""
    wanted = nickname_skeleton(nickname)
    for path in learner_files(folder):
        if nickname_skeleton(path.stem) == wanted:
            return path
    return None


def learner_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The learners' progress files in a folder, by name (no backups, kept-aside or temp files).

    For a teacher page that reads the class's progress from this computer.
    """
    try:
        found = [p for p in Path(folder).glob("*.json")
                 if p.is_file() and not p.name.startswith(".") and ".unreadable-" not in p.name]
    except OSError:
        return []
    return sorted(found)


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that a crash leaves the old file or the new one, never half."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable (not on Windows)
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
