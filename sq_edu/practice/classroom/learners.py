"""What the teacher can do for a learner who is locked out of their own record.

- `reset_secret`: the learner's secret number is forgotten (their answers stay); the next time
  they type their nickname, the number they type becomes their new one. For a child who
  forgot it, with the teacher beside them.
- `release_nickname`: a nickname taken by someone else (a classmate typed «Cleo» before Cleo
  did) is freed: that record is kept aside as `<name>.json.released-<time>.bak` (nothing is
  deleted), so the real child can claim the name with a secret of their own.
- `release_lock`: the waits after wrong guesses on a learner (or the class or teacher
  password) are lifted.
Each works under the learner's lock, so it never races with a save from an open page.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from sq_edu.practice.guess_limit import GuessLimit
from sq_edu.practice.learner_guard import locked
from sq_edu.practice.progress import ProgressError, ProgressStore


def _store(folder: Path, nickname: str) -> ProgressStore | None:
    try:
        store = ProgressStore.for_learner(nickname, folder)
    except ProgressError:   # not a nickname at all
        return None
    return store if store.path.exists() else None


def reset_secret(folder: Path, nickname: str) -> bool:
    """Forget a learner's secret number; False if there is no such learner here."""
    store = _store(folder, nickname)
    if store is None:
        return False
    with locked(store.path):
        progress = store.load()
        progress.secret = None
        store.save(progress)
    release_lock(folder, f"learner:{store.path.stem}")
    return True


def release_nickname(folder: Path, nickname: str) -> Path | None:
    """Free a nickname: its record is kept aside (the path it went to); None if no record."""
    store = _store(folder, nickname)
    if store is None:
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    with locked(store.path):
        aside = store.path.with_name(f"{store.path.name}.released-{stamp}.bak")
        os.replace(store.path, aside)
    release_lock(folder, f"learner:{store.path.stem}")
    return aside


def release_lock(folder: Path | None, target: str) -> None:
    """Lift the waits on a target ("learner:<name>", "class", "teacher")."""
    GuessLimit(folder).release(target)
