"""One learner's record of coach answers given in a game, saved in their own progress file.

Answers given before the learner is named are kept in memory and added to the file when the
name is known (nothing lost, nothing counted twice). Naming is for the caller to allow: the
game apps ask the learner's secret first (`widgets.secret_gate`), so a classmate who types
another learner's nickname neither reads nor adds to that record; until then the answers stay
in this page's memory. Each answer is recorded with
`source="play"`, like a drill answer of the same skill, and saved at once. No widgets here: the
game app's nickname row and the hot-seat table both use it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .progress import Progress, ProgressError, ProgressStore, clean_nickname

if TYPE_CHECKING:
    from .checking import Judgement
    from .coach.questions import Question


class LearnerRecord:
    """Progress of one learner in `folder` (None: the default progress folder)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder
        self.store: ProgressStore | None = None
        self.progress = Progress()
        self._unfiled: list[tuple[str, str, bool, float, str]] = []  # lesson skill right guess slip

    @property
    def named(self) -> bool:
        return self.store is not None

    def store_for(self, text: str) -> ProgressStore:
        """Where the learner called `text` is kept (ProgressError if it cannot be a
        nickname); nothing is read or written."""
        return ProgressStore.for_learner(clean_nickname(text), self.folder)

    def name(self, text: str, secret: dict[str, str] | None = None) -> Progress:
        """Name the learner (ProgressError if the nickname cannot be one): their file is
        loaded or started and what was answered so far is added; `secret` (a hashed record)
        replaces the file's when given. Saving is left to `save`."""
        name = clean_nickname(text)
        self.store = ProgressStore.for_learner(name, self.folder)
        saved = self.store.load()
        if secret is not None:
            saved.secret = secret
        for lesson, skill, correct, guess, slip in self._unfiled:
            saved.mastery.record(lesson, 0, skill, correct, guess=guess, source="play",
                                 slip=slip)
        saved.nickname = name
        self.progress = saved
        self._unfiled.clear()
        return saved

    def record(self, question: Question, verdict: Judgement) -> None:
        """One coach answer, counted like a drill answer of the same skill (kept in memory
        until the learner is named; `save` writes it)."""
        ex = question.exercise
        guess = ex.guess_chance     # a lucky pick among 5 words counts for less, as in drills
        slip = verdict.misconception or ""
        self.progress.mastery.record(ex.lesson_id, ex.level, ex.skill, verdict.correct,
                                     guess=guess, source="play", slip=slip)
        if self.store is None:
            self._unfiled.append((ex.lesson_id, ex.skill, verdict.correct, guess, slip))

    def save(self) -> None:
        """Write the file (OSError or ProgressError when it cannot be written)."""
        if self.store is not None:
            self.store.save(self.progress)


def save_error(record: LearnerRecord) -> Exception | None:
    """Save `record`; the error when that failed (the caller says so once and logs it)."""
    try:
        record.save()
    except (OSError, ProgressError) as exc:
        return exc
    return None
