"""What the teacher can do for a learner who is locked out of their own record.

- `reset_secret`: the learner gets a new secret, a picture and 4 digits drawn at random
  (their answers stay; the old secret no longer opens the record), which the teacher's page
  shows to hand over. For a child who forgot theirs. A secret the child then chooses would be
  whatever the first person to type the nickname says, so the server chooses it.
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
from sq_edu.practice.secret_pictures import hash_secret, new_secret


def _store(folder: Path, nickname: str) -> ProgressStore | None:
    try:
        store = ProgressStore.for_learner(nickname, folder)
    except ProgressError:   # not a nickname at all
        return None
    return store if store.path.exists() else None


def reset_secret(folder: Path, nickname: str) -> tuple[str, str] | None:
    """Give a learner a new secret: (picture id, 4 digits), stored hashed; None if there is
    no such learner here."""
    store = _store(folder, nickname)
    if store is None:
        return None
    picture, digits = new_secret()
    with locked(store.path):
        progress = store.load()
        progress.secret = hash_secret(picture, digits)
        store.save(progress)
    release_lock(folder, f"learner:{store.path.stem}")
    return picture, digits


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
