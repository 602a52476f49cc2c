"""A class on one server, live: who is working on what, and who is stuck.

Each learner's lesson page keeps a small *activity* file per class beside the progress files
(`<progress folder>/classes/<class code>/<learner file name>`): the lesson and level they are
on, when they joined and were last active, and their last answers with times. The teacher page
reads the class folder every few seconds and turns it into one row per learner
(`class_rows`). The activity file is separate from the progress file on purpose: progress is
the learner's record that travels (download / upload); activity is only this lesson's live
trace, written by the kernel serving the child and read by the teacher's kernel.

Files are replaced whole (temporary file + rename), so the teacher never reads half a file; an
unreadable one is skipped, never fatal. Times are Unix seconds (the server's clock).
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sq_edu.links import ClassCodeError, clean_class_code
from sq_edu.practice.classroom.standing import HOWS, struggling_cell
from sq_edu.practice.classroom.standing import Try as Try
from sq_edu.practice.progress import learner_file_name
from sq_edu.practice.standing import STUCK_WRONG as STUCK_WRONG  # the old name

log = logging.getLogger(__name__)

CLASS_ENV = "SQ_EDU_CLASS"        # `sq-edu serve --class NAME` hands the class to the kernels
CLASSES_FOLDER = "classes"
FORMAT = "sq_edu.activity"
KEEP_ANSWERS = 60                 # the answers remembered per learner (enough for 10 minutes)
KEEP_TRIES = 800                  # every answer of a lesson day or two: the skill grid and the CSV
MAX_BYTES = 160 * 1024
RECENT_SECONDS = 10 * 60          # "answers in the last 10 minutes"
STUCK_SECONDS = 5 * 60            # no right answer for this long (while still here): stuck
GONE_SECONDS = 15 * 60            # no activity for this long: the learner has left
SORT_KEYS: tuple[str, ...] = ("nickname", "lesson", "level", "last_active", "recent",
                              "streak", "stuck")


def server_class() -> str:
    """The class the server was started for (`$SQ_EDU_CLASS`), "" when none or unusable."""
    try:
        return clean_class_code(os.environ.get(CLASS_ENV, ""))
    except ClassCodeError:
        log.warning("ignoring the class code in $%s: not a class code", CLASS_ENV)
        return ""


def class_folder(progress_dir: str | os.PathLike[str], code: str) -> Path:
    """Where one class's activity files live; the class without a code is "_all"."""
    return Path(progress_dir) / CLASSES_FOLDER / (clean_class_code(code) or "_all")


@dataclass
class Activity:
    """One learner's live trace in one class."""

    nickname: str
    lesson: str = ""
    level: int = 1
    joined: float = 0.0
    seen: float = 0.0
    answers: list[tuple[float, bool]] = field(default_factory=list)  # (time, right), oldest first
    # Every answer, each as (time, lesson, level, skill, right, misconception or "", how),
    # oldest first: what the teacher's skill grid and class CSV are made of.
    tries: list[Try] = field(default_factory=list)
    opened: list[str] = field(default_factory=list)   # skills with a lesson level opened

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "nickname": self.nickname, "lesson": self.lesson,
                "level": self.level, "joined": self.joined, "seen": self.seen,
                "answers": [[at, right] for at, right in self.answers],
                "tries": [list(one) for one in self.tries], "opened": list(self.opened)}

    @classmethod
    def from_dict(cls, data: object) -> Activity:
        """Strict: anything else raises ValueError (the reader skips that file)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not an activity file")
        nickname, lesson, level = data.get("nickname"), data.get("lesson"), data.get("level")
        if not isinstance(nickname, str) or not isinstance(lesson, str):
            raise ValueError("nickname and lesson are text")
        if not isinstance(level, int) or isinstance(level, bool):
            raise ValueError("level is a whole number")
        joined, seen = _time(data.get("joined")), _time(data.get("seen"))
        answers = data.get("answers")
        if not isinstance(answers, list):
            raise ValueError("answers is a list")
        pairs = []
        for item in answers[-KEEP_ANSWERS:]:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], bool)):
                raise ValueError("an answer is [time, right]")
            pairs.append((_time(item[0]), item[1]))
        tries, opened = data.get("tries", []), data.get("opened", [])
        if not isinstance(tries, list) or not isinstance(opened, list):
            raise ValueError("tries and opened are lists")
        if not all(isinstance(s, str) and len(s) <= 80 for s in opened):
            raise ValueError("opened lists skills")
        return cls(nickname, lesson, level, joined, seen, pairs,
                   [_try(item) for item in tries[-KEEP_TRIES:]], list(opened)[:100])



def _try(item: object) -> Try:
    """One recorded answer (an older file's has no `how`: a first try); ValueError for
    anything else."""
    if not (isinstance(item, list) and len(item) in (6, 7)):
        raise ValueError("a try is [time, lesson, level, skill, right, misconception, how]")
    at, lesson, level, skill, right, slip, how = [*item, "first"][:7]
    if not (isinstance(lesson, str) and isinstance(skill, str) and isinstance(slip, str)
            and isinstance(right, bool) and isinstance(level, int) and how in HOWS
            and not isinstance(level, bool) and max(len(lesson), len(skill), len(slip)) <= 80):
        raise ValueError("a try has the wrong types")
    return (_time(at), lesson, level, skill, right, slip, str(how))


def _replace(path: Path, data: bytes) -> None:
    """Write via a temporary file and a rename: the teacher never reads half a file. No fsync
    (unlike progress, `atomic_write`): a live trace lost in a power cut costs nothing, and two
    disk syncs per answer for thirty learners would slow every click."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def _time(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1e11:
        raise ValueError("a time is Unix seconds")
    return float(value)


class ActivityLog:
    """The activity file of one learner in one class, written by the learner's page."""

    def __init__(self, progress_dir: str | os.PathLike[str], code: str, nickname: str) -> None:
        self.path = class_folder(progress_dir, code) / learner_file_name(nickname)
        self.nickname = nickname

    def load(self) -> Activity | None:
        try:
            data = self.path.read_bytes()
            if len(data) > MAX_BYTES:
                raise ValueError("too big")
            return Activity.from_dict(json.loads(data.decode("utf-8")))
        except FileNotFoundError:
            return None
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            log.warning("activity file %s unreadable; starting it again", self.path,
                        exc_info=True)
            return None

    def _update(self, lesson: str, level: int, now: float | None,
                answer: bool | None, skill: str = "", slip: str = "",
                answered_at: int | None = None, how: str = "first",
                opened: bool = False) -> Activity:
        now = time.time() if now is None else now
        activity = self.load() or Activity(self.nickname, joined=now)
        activity.nickname, activity.lesson, activity.level, activity.seen = (
            self.nickname, lesson, int(level), now)
        if answer is not None:
            activity.answers = [*activity.answers, (now, answer)][-KEEP_ANSWERS:]
            at = int(level if answered_at is None else answered_at)
            activity.tries = [*activity.tries, (now, lesson, at, skill, answer, slip, how)
                              ][-KEEP_TRIES:]
            if opened and skill and skill not in activity.opened:
                activity.opened = [*activity.opened, skill]
        self.path.parent.mkdir(parents=True, exist_ok=True)
        _replace(self.path, json.dumps(activity.to_dict()).encode("utf-8"))
        return activity

    def visit(self, lesson: str, level: int, now: float | None = None) -> Activity:
        """The learner is here, on this lesson and level (joined, changed level)."""
        return self._update(lesson, level, now, None)

    def answer(self, lesson: str, level: int, right: bool, now: float | None = None,
               skill: str = "", misconception: str = "", answered_at: int | None = None,
               how: str = "first", opened: bool = False) -> Activity:
        """One answer, right or wrong: `level` is where the learner is now (after a level
        up or a step back), `answered_at` the level of the item answered (default: `level`),
        `misconception` the key of the error it showed ("" for none), `how` it was given
        (`standing.HOWS`), `opened`: a level of this skill has opened the next one."""
        return self._update(lesson, level, now, right, skill, misconception, answered_at,
                            how if how in HOWS else "first", opened)


@dataclass(frozen=True)
class LearnerRow:
    """One row of the live class view."""

    nickname: str
    lesson: str
    level: int
    last_active: float     # Unix seconds
    recent: int            # answers in the last RECENT_SECONDS
    streak: int            # right answers in a row, the latest first
    wrong_run: int         # wrong answers in a row, the latest first
    # "" (fine), "struggling" (a skill of theirs struggling in the teacher's grid: one rule,
    # `sq_edu.practice.standing`) or "idle" (no right answer for STUCK_SECONDS while here)
    stuck: str
    skill: str = ""        # the struggling skill, with its answers and right ones
    skill_attempts: int = 0
    skill_right: int = 0       # ... right at the first try with no help
    skill_mistake: str = ""    # the named mistake it repeats ("" for none)

    @property
    def is_stuck(self) -> bool:
        return bool(self.stuck)

    def idle_seconds(self, now: float) -> int:
        return max(0, int(now - self.last_active))


def _run(answers: list[tuple[float, bool]], right: bool) -> int:
    count = 0
    for _at, value in reversed(answers):
        if value is not right:
            break
        count += 1
    return count


def row_for(activity: Activity, now: float) -> LearnerRow:
    """What the teacher sees of one learner at time `now`."""
    answers = activity.answers
    wrong_run, streak = _run(answers, False), _run(answers, True)
    last_right = max([at for at, right in answers if right], default=activity.joined)
    here = now - activity.seen <= GONE_SECONDS
    found = struggling_cell(activity.tries, activity.opened)
    if found is not None:
        skill, cell = found
        return LearnerRow(activity.nickname, activity.lesson, activity.level, activity.seen,
                          _recent(answers, now), streak, wrong_run, "struggling", skill,
                          cell.attempts, cell.right, cell.standing.mistake)
    idle = here and now - max(last_right, activity.joined) >= STUCK_SECONDS
    return LearnerRow(activity.nickname, activity.lesson, activity.level, activity.seen,
                      _recent(answers, now), streak, wrong_run, "idle" if idle else "")


def _recent(answers: list[tuple[float, bool]], now: float) -> int:
    return sum(1 for at, _right in answers if now - at <= RECENT_SECONDS)


def read_class(progress_dir: str | os.PathLike[str], code: str) -> list[Activity]:
    """Every readable activity file of a class (an unreadable one is skipped and logged)."""
    folder = class_folder(progress_dir, code)
    try:
        paths = sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
    except OSError:
        return []
    found = []
    for path in paths:
        try:
            data = path.read_bytes()
            if len(data) > MAX_BYTES:
                raise ValueError("too big")
            found.append(Activity.from_dict(json.loads(data.decode("utf-8"))))
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            log.warning("skipping unreadable activity file %s", path)
    return found


def class_rows(progress_dir: str | os.PathLike[str], code: str, now: float | None = None,
               sort: str = "stuck", descending: bool = True) -> list[LearnerRow]:
    """The live class view's rows, sorted (stuck learners first by default)."""
    now = time.time() if now is None else now
    return sort_rows([row_for(a, now) for a in read_class(progress_dir, code)], sort,
                     descending)


def sort_rows(rows: Iterable[LearnerRow], key: str, descending: bool = False
              ) -> list[LearnerRow]:
    """Rows sorted by one column; ties keep nickname order. Unknown keys sort by nickname."""
    by_name = sorted(rows, key=lambda r: r.nickname.casefold())
    if key not in SORT_KEYS or key == "nickname":
        return by_name[::-1] if descending else by_name
    if key == "stuck":
        def value(r: LearnerRow) -> Any:  # a tuple of bools and numbers
            return (r.is_stuck, r.wrong_run, -r.last_active if r.stuck == "idle" else 0)
    else:
        def value(r: LearnerRow) -> Any:  # a column's values compare among themselves
            return getattr(r, key)
    return sorted(by_name, key=value, reverse=descending)


class ClassTrace:
    """What one learner's lesson page tells the teacher: a visit, each answer.

    A no-op without a progress folder; before the learner has a nickname their answers wait
    here (with their times) and reach the teacher at the first visit with a nickname, so a
    child who answers first and names themselves later is not "0 answers, all fine". A
    failed write is logged and never reaches the child (their lesson and progress go on).
    """

    def __init__(self, progress_dir: str | os.PathLike[str] | None, code: str) -> None:
        self.progress_dir = progress_dir
        self.code = code
        self.unnamed: list[tuple[float, str, int, bool, str, str, int | None, str, bool]] = []

    def _log(self, nickname: str) -> ActivityLog | None:
        if self.progress_dir is None or not nickname:
            return None
        return ActivityLog(self.progress_dir, self.code, nickname)

    def visit(self, nickname: str, lesson: str, level: int) -> None:
        log_ = self._log(nickname)
        if log_ is not None:
            try:
                log_.visit(lesson, level)
                waiting, self.unnamed = self.unnamed, []
                for (at, was_lesson, was_level, right, skill, slip, answered_at, how,
                     opened) in waiting:
                    log_.answer(was_lesson, was_level, right, now=at, skill=skill,
                                misconception=slip, answered_at=answered_at, how=how,
                                opened=opened)
                if waiting:
                    log_.visit(lesson, level)   # where the learner is now, after those answers
            except (OSError, ValueError):
                log.warning("could not write the class activity of %s", nickname, exc_info=True)

    def answer(self, nickname: str, lesson: str, level: int, right: bool, skill: str = "",
               misconception: str = "", answered_at: int | None = None, how: str = "first",
               opened: bool = False) -> None:
        if not nickname and self.progress_dir is not None:   # kept until they are named
            kept = (time.time(), lesson, level, right, skill, misconception, answered_at, how,
                    opened)
            self.unnamed = [*self.unnamed, kept][-KEEP_TRIES:]
        log_ = self._log(nickname)
        if log_ is not None:
            try:
                log_.answer(lesson, level, right, skill=skill, misconception=misconception,
                            answered_at=answered_at, how=how, opened=opened)
            except (OSError, ValueError):
                log.warning("could not write the class activity of %s", nickname, exc_info=True)
