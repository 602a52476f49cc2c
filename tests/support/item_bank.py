"""Items 0..n-1 of a lesson level, generated once per `make test` and shared by every test file
and both pytest-xdist workers.

The audits over generated items (simulated learners, item quality, the content check) read
the same seeds of the same levels, and the slowest generators replay bot games (a Dungeon
level-5 item plays dozens of hands). Generated once, kept in memory for the process and on
disk for the other worker: `test-artifacts/item-bank/<source hash>/`, where the hash covers
the package and the lesson files, so a changed generator never reads an old item. A lock per
level lets one worker generate while the other waits for the result instead of doing it again.
"""

from __future__ import annotations

import fcntl
import hashlib
import pickle
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sq_edu.practice.exercise import Exercise

ROOT = Path(__file__).resolve().parents[2]
_MEMORY: dict[tuple[str, int], list[Exercise]] = {}


@cache
def _folder() -> Path:
    digest = hashlib.sha256()
    for path in sorted([*(ROOT / "sq_edu").rglob("*.py"), *(ROOT / "lessons").rglob("*"),
                        *(ROOT / "sq_edu").rglob("*.toml")]):
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    folder = ROOT / "test-artifacts" / "item-bank" / digest.hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _read(path: Path) -> list[Exercise]:
    try:
        with path.open("rb") as kept:
            return list(pickle.load(kept))
    except (OSError, EOFError, pickle.UnpicklingError):
        return []


def items(lesson_id: str, level: int, n: int) -> tuple[Exercise, ...]:
    """`generate(lesson, level, seed)` for seed 0..n-1, each generated once per source."""
    from sq_edu.practice import generate, get_lesson

    known = _MEMORY.setdefault((lesson_id, level), [])
    if len(known) < n:
        path = _folder() / f"{lesson_id}-{level}.pickle"
        with path.with_suffix(".lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            kept = _read(path)
            if len(kept) > len(known):
                known[:] = kept
            if len(known) < n:
                lesson = get_lesson(lesson_id)
                known.extend(generate(lesson, level, seed) for seed in range(len(known), n))
                partial = path.with_suffix(".part")
                partial.write_bytes(pickle.dumps(known))
                partial.replace(path)
    return tuple(known[:n])
