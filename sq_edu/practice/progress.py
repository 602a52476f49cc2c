"""The progress store: one local JSON file per learner, a nickname and nothing personal.

Saving is atomic (temporary file, fsync, rename), and a copy of the last good save is kept as
`<name>.bak`; an upload that replaces a record first keeps it as a timestamped backup (the five
newest are kept), so no upload can destroy the only good copy. Two tabs with one nickname take
turns under a lock and merge: each save re-reads the file and replays its new answers onto it.
A file that cannot be read - truncated, corrupted, or not ours - is never
overwritten silently: it is moved aside with a timestamp, the last good copy is restored when
there is one, and `store.problem` says what happened so the app can tell the learner.
Export / import move progress between sessions (Binder forgets its disk): bytes out, bytes in,
with a size limit and the same strict validation.

By default progress is kept in one folder on the machine (`default_progress_dir()`), one file
per learner named from the nickname (`learner_file_name`), so a whole class on one server keeps
one file per child and a teacher can read the folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import time
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from glob import escape as glob_escape
from pathlib import Path
from typing import Any

from sq_edu.practice.learner_guard import (
    check_secret_record,
    locked,
    lookalike_problem,
    remove_stale_temp_files,
)
from sq_edu.practice.mastery import DEFAULT_GUESS, Mastery
from sq_edu.practice.messages import Msg, msg

# The folder's names stay importable from here, where callers have always found them.
from sq_edu.practice.progress_folder import PROGRESS_DIR_ENV as PROGRESS_DIR_ENV
from sq_edu.practice.progress_folder import atomic_write as atomic_write
from sq_edu.practice.progress_folder import default_progress_dir as default_progress_dir
from sq_edu.practice.progress_folder import learner_files as learner_files
from sq_edu.practice.progress_folder import lookalike_file as lookalike_file

FORMAT = "sq_edu.progress"
VERSION = 1
MAX_BYTES = 256 * 1024
_NICKNAME = re.compile(r"^[\w][\w .\-]{0,29}$")
_ID = re.compile(r"^[a-z][a-z0-9_]{0,47}$")   # lesson and skill ids, as in lessons/*.toml
KEEP_BACKUPS = 5
MAX_FILE_STEM = 60   # bytes of UTF-8; room left for ".json.bak" and ".unreadable-<stamp>"
# Names Windows reserves whatever the extension (a USB stick may carry the folder there).
_RESERVED = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                       *(f"lpt{i}" for i in range(10))})
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Attempt:
    """One counted answer, as the progress keeps it."""

    lesson_id: str
    level: int
    skill: str
    correct: bool
    hints: int
    levels: int
    guess: float = DEFAULT_GUESS   # how easily the item is guessed (Exercise.guess_chance)
    replay: bool = False           # the same exercise again ("Start this deal"): not evidence
    tells: int = 0                 # the level's named misconceptions this item tells apart
    named: int = 0                 # ... and all of them, one bit each (`misconception_bits`)
    slip: str = ""                 # the named mistake a wrong answer showed ("" for none)


class ProgressError(ValueError):
    """Progress that cannot be used; `.msg` is the friendly message for the learner."""

    def __init__(self, message: Msg, detail: str = "") -> None:
        super().__init__(detail or message.key)
        self.msg = message


@dataclass
class Progress:
    nickname: str = ""
    mastery: Mastery = field(default_factory=Mastery)
    secret: dict[str, str] | None = None   # the hashed secret number (learner_guard)

    def to_dict(self) -> dict[str, Any]:
        data = {"format": FORMAT, "version": VERSION, "nickname": self.nickname,
                "mastery": self.mastery.to_dict()}
        if self.secret is not None:
            data["secret"] = dict(self.secret)
        return data

    @classmethod
    def from_dict(cls, data: object) -> Progress:
        """Strict: anything that is not a progress file of ours raises ProgressError."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ProgressError(msg("practice.progress_not_ours"), "no progress format marker")
        if data.get("version") != VERSION:
            raise ProgressError(msg("practice.progress_not_ours"),
                                f"version {data.get('version')!r}")
        try:
            nickname = data.get("nickname", "")
            if not isinstance(nickname, str) or (nickname and (
                    not _NICKNAME.match(nickname) or lookalike_problem(nickname))):
                raise ValueError("nickname")
            mastery = data.get("mastery", {})
            if not isinstance(mastery, dict):
                raise ValueError("mastery is not a table")
            _check_ids(mastery)
            secret = data.get("secret")
            return cls(nickname, Mastery.from_dict(mastery),
                       None if secret is None else check_secret_record(secret))
        except (ValueError, TypeError) as exc:
            raise ProgressError(msg("practice.progress_not_ours"), str(exc)) from exc


def _check_ids(mastery: dict[str, Any]) -> None:
    """Every lesson and skill id is a plain id: a lone surrogate or a page of text in a skill
    name would make every later save (or the teacher's report) fail."""
    for table in ("skills", "lessons", "evidence"):
        ids = mastery.get(table, {})
        if isinstance(ids, dict) and not all(isinstance(k, str) and _ID.match(k) for k in ids):
            raise ValueError(f"{table} has an id that is not a lesson or skill id")


def clean_nickname(text: object) -> str:
    """A nickname of 1-30 letters, digits, spaces, dots or dashes, in one alphabet and
    without invisible characters; ProgressError with a friendly message otherwise.
    (Full-width "Ｍａｓｈａ" is allowed: `learner_file_name` makes it the same learner.)"""
    name = str(text or "").strip()
    control = any(unicodedata.category(c) == "Cc" for c in name)   # plainly not a nickname
    problem = None if control else lookalike_problem(unicodedata.normalize("NFKC", name))
    if problem is not None:
        raise ProgressError(msg(f"safety.nickname_{problem}"), f"nickname {name!r}")
    if not _NICKNAME.match(name):
        raise ProgressError(msg("practice.progress_bad_nickname"), f"nickname {name!r}")
    return name


def learner_file_name(nickname: object) -> str:
    """The file name (`<name>.json`) of a learner's progress in the progress folder.

    Case-folded (and Unicode-normalised) so "Masha" and "masha" are one learner; spaces and
    dots become "_" so the name is never a path, hidden or dots-only ("Masha K", "masha.k" and
    "masha_k" are one learner too). Letters of any alphabet stay readable for the teacher. The
    length is bounded; a long name is cut and keeps a short hash so it stays distinct.
    ProgressError for text that is not a nickname.
    """
    name = unicodedata.normalize("NFKC", clean_nickname(nickname)).casefold()
    stem = "".join(c if c.isalnum() or c in "_-" else "_" for c in name).lstrip("-") or "_"
    if len(stem.encode("utf-8")) > MAX_FILE_STEM:
        digest = hashlib.sha256(stem.encode("utf-8")).hexdigest()[:8]
        cut = stem.encode("utf-8")[:MAX_FILE_STEM - 9].decode("utf-8", errors="ignore")
        stem = f"{cut}-{digest}"
    if stem in _RESERVED:
        stem += "_"
    return f"{stem}.json"


def to_bytes(progress: Progress) -> bytes:
    return json.dumps(progress.to_dict(), ensure_ascii=False, indent=1).encode("utf-8")


def from_bytes(data: bytes) -> Progress:
    """Progress from an uploaded or saved file; ProgressError for anything else."""
    if len(data) > MAX_BYTES:
        raise ProgressError(msg("practice.progress_too_big", limit=MAX_BYTES // 1024))
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as exc:   # bad UTF-8 or JSON, a 4,301-digit number
        raise ProgressError(msg("practice.progress_not_ours"), str(exc)) from exc
    return Progress.from_dict(parsed)


class ProgressStore:
    """One learner's progress file. `load()` never raises on a bad file; see `problem`."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.problem: Msg | None = None
        self._tidied = False

    @classmethod
    def for_learner(cls, nickname: str, folder: str | os.PathLike[str] | None = None
                    ) -> ProgressStore:
        """The store of one learner in the progress folder (`default_progress_dir()` if None):
        their file, or the file of a learner whose nickname only looks like this one
        (`nickname_skeleton`), so look-alikes are one learner and need that learner's secret."""
        base = Path(folder) if folder is not None else default_progress_dir()
        path = base / learner_file_name(nickname)
        if not path.exists():
            path = lookalike_file(base, nickname) or path
        return cls(path)

    @property
    def backup_path(self) -> Path:
        return self.path.with_name(self.path.name + ".bak")

    def backups(self) -> list[Path]:
        """Timestamped copies kept before uploads replaced the record, newest first."""
        try:
            found = self.path.parent.glob(f"{glob_escape(self.path.name)}.*.bak")
            return sorted(found, key=lambda p: p.name, reverse=True)
        except OSError:
            return []

    def read(self) -> Progress | None:
        """The record on disk as it is now, or None (no file, or one that cannot be read);
        no side effects, unlike `load`."""
        try:
            return from_bytes(self.path.read_bytes())
        except (ProgressError, OSError):
            return None

    def secret(self) -> dict[str, str] | None:
        """The hashed secret number of the learner whose file this is (None: none set)."""
        saved = self.read()
        return saved.secret if saved is not None else None

    def commit(self, progress: Progress, answers: Sequence[Attempt],
               started: Mapping[str, int] | None = None) -> Progress:
        """Save `progress`, whose last `answers` are not on disk yet, without losing what
        another tab saved meanwhile: under the learner's lock, re-read the file and replay
        these answers onto it from each lesson's level when the first came (`started`; by
        default the tab's level now), so they move it as in the tab (a warm-up too); the tab's
        level wins. Returns the record now on disk (the tab shows that one)."""
        with locked(self.path):
            saved = self.read()
            if saved is None or saved.nickname != progress.nickname:
                merged = progress
            else:
                merged = saved
                merged.secret = progress.secret or saved.secret
                for lesson_id, mine in progress.mastery.lessons.items():
                    theirs = merged.mastery.lesson(lesson_id)
                    theirs.unlocked = max(theirs.unlocked, mine.unlocked)
                    merged.mastery.choose_level(lesson_id, dict(started or {}).get(
                        lesson_id, mine.level))
                for a in answers:
                    merged.mastery.record(a.lesson_id, a.level, a.skill, a.correct, a.hints,
                                          a.levels, guess=a.guess, replay=a.replay,
                                          tells=a.tells, named=a.named, slip=a.slip)
                for lesson_id, mine in progress.mastery.lessons.items():
                    merged.mastery.choose_level(lesson_id, mine.level)
            self.save(merged)
        return merged

    def replace(self, progress: Progress) -> None:
        """Take `progress` as the whole record (an upload): the record it replaces is kept
        first as a timestamped backup, and only the five newest backups are pruned."""
        with locked(self.path):
            previous = self._good_bytes()
            if previous:
                stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{time.time_ns() % 10**9:09d}"
                atomic_write(self.path.with_name(f"{self.path.name}.{stamp}.bak"), previous)
                for old in self.backups()[KEEP_BACKUPS:]:
                    with contextlib.suppress(OSError):
                        old.unlink()
            self.save(progress)

    def load(self) -> Progress:
        """The saved progress; a fresh one when there is none or it could not be read."""
        self.problem = None
        if not self.path.exists():
            return Progress()
        try:
            return from_bytes(self.path.read_bytes())
        except (ProgressError, OSError) as exc:
            log.warning("progress file %s unreadable: %s", self.path, exc)
            try:
                aside = self._keep_aside()
            except OSError:   # a read-only folder: leave it where it is, say so all the same
                log.warning("could not move %s aside", self.path, exc_info=True)
                aside = self.path
            progress = None
            for copy in (self.backup_path, *self.backups()):
                try:
                    progress = from_bytes(copy.read_bytes())
                    break
                except (ProgressError, OSError):
                    continue
            if progress is None:
                self.problem = msg("practice.progress_corrupt", backup=aside.name)
                return Progress()
            self.problem = msg("practice.progress_recovered", backup=aside.name)
            try:
                self.save(progress)
            except OSError:   # the next save says so to the learner; the copy is in memory
                log.warning("could not save the restored copy to %s", self.path, exc_info=True)
            return progress

    def _keep_aside(self) -> Path:
        """Move the unreadable file out of the way under a name that says when and why."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.unreadable-{stamp}{self.path.suffix}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.stem}.unreadable-{stamp}-{n}"
                                        f"{self.path.suffix}")
            n += 1
        os.replace(self.path, aside)
        return aside

    def save(self, progress: Progress) -> None:
        """Atomically save; the previous good file becomes the backup first."""
        if progress.nickname:
            clean_nickname(progress.nickname)
        data = to_bytes(progress)
        if len(data) > MAX_BYTES:
            raise ProgressError(msg("practice.progress_too_big", limit=MAX_BYTES // 1024))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not self._tidied:   # once per store: leftovers of saves killed mid-write
            self._tidied = True
            remove_stale_temp_files(self.path.parent)
        previous = self._good_bytes()
        if previous:
            atomic_write(self.backup_path, previous)
        atomic_write(self.path, data)

    def _good_bytes(self) -> bytes:
        """The file as it is now if it is a readable record (worth a backup); else b""."""
        try:
            previous = self.path.read_bytes()
            from_bytes(previous)
        except (ProgressError, OSError):
            return b""
        return previous

    def export_bytes(self, progress: Progress) -> bytes:
        """The file a learner downloads to carry progress to the next session."""
        return to_bytes(progress)

    def import_bytes(self, data: bytes) -> Progress:
        """Take an uploaded file as the learner's progress and save it (the old record is
        kept as a timestamped backup).

        ProgressError (with a friendly `.msg`) if the bytes are not a progress file of ours.
        """
        progress = from_bytes(data)
        self.replace(progress)
        return progress
