"""Practice the teacher sends: one suggestion per learner, kept in the class folder.

The teacher's live view finds a skill's most common misconception and who shows it; "Send
practice" writes, for each of those learners, a small file
`<progress folder>/classes/<class code>/suggested/<learner file name>` naming the lesson,
level, skill and misconception. Only the teacher's page writes these (it is behind the teacher
password); a learner's lesson page reads only its own learner's file, by the nickname it
works under, and shows "Your teacher suggests ..." with one button to that level.

Files are replaced whole (temporary file + rename); a missing, too big or malformed file is no
suggestion (logged), never an error on a child's screen.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sq_edu.practice.classroom.live import _replace, class_folder
from sq_edu.practice.progress import ProgressError, learner_file_name

log = logging.getLogger(__name__)

FOLDER = "suggested"
FORMAT = "sq_edu.suggestion"
MAX_BYTES = 4 * 1024
MAX_TEXT = 80


@dataclass(frozen=True)
class Suggestion:
    """The targeted practice sent to one learner."""

    lesson: str
    level: int
    skill: str
    misconception: str = ""
    sent: float = 0.0

    def to_dict(self) -> dict[str, object]:
        return {"format": FORMAT, "lesson": self.lesson, "level": self.level,
                "skill": self.skill, "misconception": self.misconception, "sent": self.sent}

    @classmethod
    def from_dict(cls, data: object) -> Suggestion:
        """Strict: anything else raises ValueError."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a suggestion file")
        lesson, level, skill = data.get("lesson"), data.get("level"), data.get("skill")
        slip, sent = data.get("misconception", ""), data.get("sent", 0.0)
        if not all(isinstance(v, str) and len(v) <= MAX_TEXT for v in (lesson, skill, slip)):
            raise ValueError("lesson, skill and misconception are short texts")
        if not isinstance(level, int) or isinstance(level, bool) or not 0 < level < 100:
            raise ValueError("level is a whole number")
        if isinstance(sent, bool) or not isinstance(sent, int | float):
            raise ValueError("sent is Unix seconds")
        return cls(str(lesson), level, str(skill), str(slip), float(sent))


def _path(progress_dir: str | os.PathLike[str], code: str, nickname: str) -> Path:
    return class_folder(progress_dir, code) / FOLDER / learner_file_name(nickname)


def send_practice(progress_dir: str | os.PathLike[str], code: str, nicknames: Iterable[str],
                  suggestion: Suggestion, now: float | None = None) -> list[str]:
    """Send `suggestion` to each learner (the teacher's page only); the names it reached. A
    newer suggestion replaces an older one: a learner has one thing to do next."""
    sent = suggestion.__class__(suggestion.lesson, suggestion.level, suggestion.skill,
                                suggestion.misconception, time.time() if now is None else now)
    data = json.dumps(sent.to_dict()).encode("utf-8")
    reached = []
    for name in nicknames:
        try:
            path = _path(progress_dir, code, name)
            path.parent.mkdir(parents=True, exist_ok=True)
            _replace(path, data)
            reached.append(name)
        except (OSError, ValueError, ProgressError):
            log.warning("could not send practice to %s", name, exc_info=True)
    return reached


def suggestion_for(progress_dir: str | os.PathLike[str] | None, code: str,
                   nickname: str) -> Suggestion | None:
    """The practice sent to this learner, or None (nothing sent, or a file that is not one)."""
    if progress_dir is None or not nickname:
        return None
    try:
        path = _path(progress_dir, code, nickname)
        data = path.read_bytes()
        if len(data) > MAX_BYTES:
            raise ValueError("too big")
        return Suggestion.from_dict(json.loads(data.decode("utf-8")))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, UnicodeDecodeError, RecursionError, ProgressError):
        log.warning("suggested practice for %s unreadable; none shown", nickname, exc_info=True)
        return None


def practice_done(progress_dir: str | os.PathLike[str] | None, code: str,
                  nickname: str) -> None:
    """The learner opened the suggested level: the suggestion has been followed."""
    if progress_dir is None or not nickname:
        return
    try:
        _path(progress_dir, code, nickname).unlink(missing_ok=True)
    except (OSError, ValueError, ProgressError):
        log.warning("could not clear the suggested practice of %s", nickname, exc_info=True)
