"""Mastery per skill, the learner's level in each lesson, and a simple spaced review queue.

- A skill's score (0..100) rises with correct answers and falls after mistakes. Answers given
  after a hint count for little, so a skill cannot be "mastered" on hints alone.
- Only hint-free correct answers count towards the next level of a lesson: LEVEL_UP_STREAK of
  them in a row open the next level.
- A mastered skill is re-checked later (Leitner-style): after REVIEW_STEPS answers, then longer
  gaps while the reviews go right; a wrong review lowers the score and brings the check closer.
  The clock counts answers, not days, so a classroom hour and a test behave the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field

LEVEL_UP_STREAK = 3
MASTERED, PRACTISING = 80, 40
GAIN, HINTED_GAIN, HINTED_CAP, LOSS, REVIEW_LOSS = 20, 5, 60, 15, 25
REVIEW_STEPS: tuple[int, ...] = (5, 10, 20, 40)
RETRY_SOON = 3
STAGES: tuple[str, ...] = ("new", "learning", "practising", "mastered")


@dataclass
class SkillRecord:
    """What one learner has shown on one skill."""

    attempts: int = 0
    correct: int = 0
    hints: int = 0            # hints asked for, over all attempts
    score: int = 0            # 0..100
    review_step: int = -1     # index into REVIEW_STEPS; -1 while not yet mastered
    due: int | None = None    # the clock value at which a review is due
    play_attempts: int = 0    # of `attempts`, those asked by the coach during a game
    play_correct: int = 0     # of `correct`, those answered in a game

    @property
    def stage(self) -> str:
        """The visible level of the skill: new, learning, practising, mastered."""
        if self.attempts == 0:
            return "new"
        if self.score >= MASTERED:
            return "mastered"
        return "practising" if self.score >= PRACTISING else "learning"


@dataclass
class LessonRecord:
    """Where a learner stands in one lesson."""

    level: int = 1      # the level the learner is on (and may choose up to)
    unlocked: int = 1   # the highest level opened so far
    streak: int = 0     # hint-free correct answers in a row at this level


@dataclass(frozen=True)
class Outcome:
    """What one answer changed, for the app to show."""

    skill: str
    stage: str
    score: int
    level_up: int | None = None   # the level just opened, if any
    reviewed: bool = False        # the answer was a due review


@dataclass
class Mastery:
    skills: dict[str, SkillRecord] = field(default_factory=dict)
    lessons: dict[str, LessonRecord] = field(default_factory=dict)
    clock: int = 0                # answers given so far

    def skill(self, name: str) -> SkillRecord:
        return self.skills.setdefault(name, SkillRecord())

    def lesson(self, lesson_id: str) -> LessonRecord:
        return self.lessons.setdefault(lesson_id, LessonRecord())

    def record(self, lesson_id: str, level: int, skill: str, correct: bool, hints: int = 0,
               levels: int = 1, source: str = "drill") -> Outcome:
        """Count one answer at `level` of a lesson with `levels` levels.

        `source="play"`: the game's coach asked it; it counts like a drill answer towards the
        skill (score, review) and is also tallied apart so the teacher sees play practice.
        """
        self.clock += 1
        rec = self.skill(skill)
        reviewed = rec.due is not None and rec.due <= self.clock
        rec.attempts += 1
        if source == "play":
            rec.play_attempts += 1
            rec.play_correct += int(bool(correct))
        rec.hints += max(int(hints), 0)
        clean = correct and hints == 0
        if correct:
            rec.correct += 1
            if clean:
                rec.score = min(100, rec.score + GAIN)
            elif rec.score < HINTED_CAP:
                rec.score = min(HINTED_CAP, rec.score + HINTED_GAIN)
        else:
            rec.score = max(0, rec.score - (REVIEW_LOSS if reviewed else LOSS))
        self._schedule(rec, clean, correct, reviewed)
        return Outcome(skill, rec.stage, rec.score,
                       self._advance(lesson_id, level, clean, correct, levels), reviewed)

    def _schedule(self, rec: SkillRecord, clean: bool, correct: bool, reviewed: bool) -> None:
        if not correct and rec.review_step >= 0:
            rec.review_step, rec.due = 0, self.clock + RETRY_SOON
        elif clean and rec.score >= MASTERED:
            if rec.review_step < 0:
                rec.review_step = 0
            elif reviewed:
                rec.review_step = min(rec.review_step + 1, len(REVIEW_STEPS) - 1)
            else:
                return
            rec.due = self.clock + REVIEW_STEPS[rec.review_step]

    def _advance(self, lesson_id: str, level: int, clean: bool, correct: bool,
                 levels: int) -> int | None:
        rec = self.lesson(lesson_id)
        if level != rec.level:      # a review or another level: no streak bookkeeping
            return None
        if not correct:
            rec.streak = 0
            return None
        if not clean:
            return None
        rec.streak += 1
        if rec.streak >= LEVEL_UP_STREAK and level < levels:
            rec.streak = 0
            rec.level = level + 1
            rec.unlocked = max(rec.unlocked, level + 1)
            return level + 1
        return None

    def choose_level(self, lesson_id: str, level: int) -> None:
        """The learner (or teacher) picks a level: the streak starts again there."""
        rec = self.lesson(lesson_id)
        if level != rec.level:
            rec.level, rec.streak = level, 0

    def due_reviews(self) -> list[str]:
        """Skills whose review is due now, the longest overdue first."""
        due = [(r.due, s) for s, r in self.skills.items() if r.due is not None
               and r.due <= self.clock]
        return [s for _, s in sorted(due)]

    def to_dict(self) -> dict:
        return {"clock": self.clock,
                "skills": {k: asdict(v) for k, v in sorted(self.skills.items())},
                "lessons": {k: asdict(v) for k, v in sorted(self.lessons.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Mastery:
        """Strict: a wrong type anywhere raises ValueError (the store then reports it)."""
        clock = _whole(data.get("clock", 0), "clock")
        skills = {str(k): SkillRecord(**_fields(v, SkillRecord, f"skills.{k}"))
                  for k, v in _table(data.get("skills", {}), "skills").items()}
        lessons = {str(k): LessonRecord(**_fields(v, LessonRecord, f"lessons.{k}"))
                   for k, v in _table(data.get("lessons", {}), "lessons").items()}
        return cls(skills, lessons, clock)


def _table(value: object, where: str) -> Mapping[str, object]:
    if not isinstance(value, dict):
        raise ValueError(f"{where} should be a table")
    return value


def _whole(value: object, where: str, optional: bool = False) -> int | None:
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not -1 <= value < 10**9:
        raise ValueError(f"{where} should be a whole number")
    return value


def _fields(value: object, cls: type, where: str) -> dict[str, int | None]:
    table = _table(value, where)
    names = cls.__dataclass_fields__  # type: ignore[attr-defined]
    unknown = set(table) - set(names)
    if unknown:
        raise ValueError(f"{where} has unknown fields {sorted(unknown)}")
    return {k: _whole(v, f"{where}.{k}", optional=(k == "due")) for k, v in table.items()}
