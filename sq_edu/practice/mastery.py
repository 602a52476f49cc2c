"""Mastery per skill, the learner's level in each lesson, and reviews spaced by calendar days.

- Every hint-free answer is evidence, weighed by how easily it could be guessed
  (`scoring.py`: `gain`, `loss`, MASTERED).
- A lesson level opens only when the learner has *mastered* the current one, and three wrong
  answers in a row step back to a short warm-up at the previous level (`level_record.py`):
  `Outcome.step_back` names the level warmed up at (or this one again with its worked example
  at level 1), `Outcome.back_to` the level come back to after the warm-up.
- Replays of the same deal ("Start this deal") count as attempts, never as evidence.
- A mastered skill comes back for review after 1, 3, 7 and 21 calendar days (REVIEW_DAYS),
  across lessons; a wrong review lowers the score and brings the check back to tomorrow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from sq_edu.practice.level_record import LEVEL_ACCURACY as LEVEL_ACCURACY
from sq_edu.practice.level_record import RETURN_AFTER as RETURN_AFTER
from sq_edu.practice.level_record import STUCK_AFTER as STUCK_AFTER
from sq_edu.practice.level_record import LessonRecord as LessonRecord
from sq_edu.practice.level_record import Moves
from sq_edu.practice.scoring import DEFAULT_GUESS as DEFAULT_GUESS
from sq_edu.practice.scoring import EVIDENCE_TO_MASTER as EVIDENCE_TO_MASTER
from sq_edu.practice.scoring import GUESSER_ODDS as GUESSER_ODDS
from sq_edu.practice.scoring import HINTED_CAP as HINTED_CAP
from sq_edu.practice.scoring import HINTED_GAIN as HINTED_GAIN
from sq_edu.practice.scoring import LEVEL_UP_STREAK as LEVEL_UP_STREAK
from sq_edu.practice.scoring import MASTERED as MASTERED
from sq_edu.practice.scoring import MOST_GUESSABLE as MOST_GUESSABLE
from sq_edu.practice.scoring import PRACTISING as PRACTISING
from sq_edu.practice.scoring import SLIP as SLIP
from sq_edu.practice.scoring import gain as gain
from sq_edu.practice.scoring import guesser_tail as guesser_tail
from sq_edu.practice.scoring import items_to_master as items_to_master
from sq_edu.practice.scoring import loss as loss
from sq_edu.practice.scoring import scored, skill_scored
from sq_edu.practice.standing import Evidence, Standing, standing_of
from sq_edu.practice.week import monday_of

REVIEW_DAYS: tuple[int, ...] = (1, 3, 7, 21)


def today_number(day: date | None = None) -> int:
    """A calendar day as a whole number (what the progress file keeps)."""
    return (day or date.today()).toordinal()


@dataclass
class SkillRecord:
    """What one learner has shown on one skill."""

    attempts: int = 0
    correct: int = 0
    hints: int = 0            # hints asked for, over all attempts
    score: int = 0            # 0..100
    review_step: int = -1     # index into REVIEW_DAYS; -1 while not yet mastered
    due: int | None = None    # the calendar day (today_number) a review is due
    play_attempts: int = 0    # of `attempts`, those asked by the coach during a game
    play_correct: int = 0     # of `correct`, those answered in a game
    week: int = 0             # the Monday (a today_number) of the week of the latest answer
    week_items: int = 0       # answers given in that week (the grown-ups' "this week")


def misconception_bits(named: tuple[str, ...], keys: set[str] | frozenset[str]) -> tuple[int, int]:
    """(`tells`, `named`) for `Mastery.record`: one bit per misconception the level names, and
    those of them among `keys` (the misconceptions whose answer is wrong on the item)."""
    tells = sum(1 << i for i, key in enumerate(named) if key in keys)
    return tells, (1 << len(named)) - 1


@dataclass(frozen=True)
class Outcome:
    """What one answer changed, for the app to show."""

    skill: str
    stage: str                    # the skill's standing word (`standing.standing_of`)
    score: int
    level_up: int | None = None   # the level just opened, if any
    reviewed: bool = False        # the answer was a due review
    step_back: int | None = None  # stuck: the level to practise now, worked example first
    back_to: int | None = None    # the warm-up after a step back is done: the level come back to
    replay: bool = False          # a replayed deal: practice only, not evidence


@dataclass
class Mastery:
    skills: dict[str, SkillRecord] = field(default_factory=dict)
    lessons: dict[str, LessonRecord] = field(default_factory=dict)
    clock: int = 0                # answers given so far
    evidence: dict[str, Evidence] = field(default_factory=dict)   # per skill, for `standing`

    def skill(self, name: str) -> SkillRecord:
        return self.skills.setdefault(name, SkillRecord())

    def lesson(self, lesson_id: str) -> LessonRecord:
        return self.lessons.setdefault(lesson_id, LessonRecord())

    def record(self, lesson_id: str, level: int, skill: str, correct: bool, hints: int = 0,
               levels: int = 1, *, guess: float = DEFAULT_GUESS, replay: bool = False,
               today: int | None = None, source: str = "drill", tells: int = 0,
               named: int = 0, slip: str = "") -> Outcome:
        """Count one answer at `level` of a lesson with `levels` levels.

        `guess` is the chance of getting the item right by guessing (`Exercise.guess_chance`);
        `replay` marks a replayed deal; `today` is a `today_number` (tests pass their own).
        `source="play"`: the game's coach asked it; it counts like a drill answer towards the
        skill (score, review) and is also tallied apart so the teacher sees play practice;
        it never opens a lesson level (a game is not the lesson's evidence).
        `tells` has one bit per misconception the level names (`named`, all bits) on which
        this item's answer would be wrong (`misconception_bits`); `slip` the named mistake a
        wrong answer showed ("" for none).
        """
        self.clock += 1
        day = today_number() if today is None else int(today)
        rec = self.skill(skill)
        rec.attempts += 1
        rec.week_items = rec.week_items + 1 if rec.week == monday_of(day) else 1   # a new week
        rec.week = monday_of(day)
        if source == "play":
            rec.play_attempts += 1
            rec.play_correct += int(bool(correct))
        rec.hints += max(int(hints), 0)
        if correct:
            rec.correct += 1
        if replay:
            return Outcome(skill, self.standing(skill, lesson_id, (level,)).word, rec.score,
                           replay=True)
        self.evidence.setdefault(skill, Evidence()).add(
            bool(correct), helped=hints > 0, slip=slip, play=source == "play")
        reviewed = rec.due is not None and rec.due <= day
        clean = correct and hints == 0
        # A missed review shows the skill needs work again: the full fall, below MASTERED.
        rec.score = (scored if reviewed else skill_scored)(rec.score, correct, clean, guess)
        self._schedule(rec, clean, correct, reviewed, day)
        level_up, step_back, back_to = (None, None, None) if source == "play" else (
            self._advance(lesson_id, level, clean, correct, levels, guess, tells, named))
        return Outcome(skill, self.standing(skill, lesson_id, (level,)).word, rec.score,
                       level_up, reviewed, step_back, back_to=back_to)

    def standing(self, skill: str, lesson_id: str = "", levels: tuple[int, ...] = ()
                 ) -> Standing:
        """The skill's standing by the one rule; `levels` are the lesson's levels of this
        skill, "mastered" only once one of them opened the next."""
        evidence = self.evidence.get(skill)
        if evidence is None:   # a progress file from before the evidence was kept
            evidence = Evidence(attempts=self.skills.get(skill, SkillRecord()).attempts)
        return standing_of(evidence, self.opened(lesson_id, levels))

    def opened(self, lesson_id: str, levels: tuple[int, ...]) -> bool:
        """One of these levels of the lesson has opened the next one."""
        return lesson_id in self.lessons and any(self.level_mastered(lesson_id, n)
                                                 for n in levels if n >= 1)

    def _schedule(self, rec: SkillRecord, clean: bool, correct: bool, reviewed: bool,
                  day: int) -> None:
        if not correct and rec.review_step >= 0:
            rec.review_step, rec.due = 0, day + REVIEW_DAYS[0]
        elif clean and rec.score >= MASTERED:
            if rec.review_step < 0:
                rec.review_step = 0
            elif reviewed:
                rec.review_step = min(rec.review_step + 1, len(REVIEW_DAYS) - 1)
            else:
                return
            rec.due = day + REVIEW_DAYS[rec.review_step]

    def _advance(self, lesson_id: str, level: int, clean: bool, correct: bool, levels: int,
                 guess: float, tells: int = 0, named: int = 0) -> Moves:
        rec = self.lesson(lesson_id)
        if level != rec.level:      # a review or another level: no level bookkeeping
            return None, None, None
        return rec.answer(clean, correct, levels, guess, tells, named)

    def level_mastered(self, lesson_id: str, level: int) -> bool:
        """The level is behind the learner (opened the next) or its score is at MASTERED."""
        rec = self.lesson(lesson_id)
        return rec.unlocked > level or (rec.level == level and rec.mastered)

    def choose_level(self, lesson_id: str, level: int) -> None:
        """The learner (or teacher) picks a level: the evidence there starts again."""
        rec = self.lesson(lesson_id)
        if level != rec.level:
            rec.restart(level)

    def due_reviews(self, today: int | None = None) -> list[str]:
        """Skills whose review is due by `today` (a today_number), the longest overdue first."""
        day = today_number() if today is None else int(today)
        due = [(r.due, s) for s, r in self.skills.items() if r.due is not None and r.due <= day]
        return [s for _, s in sorted(due)]

    def due_in(self, skills: tuple[str, ...] | list[str], today: int | None = None) -> list[str]:
        """The due reviews among `skills` (one lesson's skills: what the index shows)."""
        return [s for s in self.due_reviews(today) if s in skills]

    def due_by_lesson(self, lessons: Mapping[str, object], today: int | None = None
                      ) -> dict[str, list[str]]:
        """For the index: lesson id -> its skills due for review today (only lessons with any).
        `lessons` maps ids to objects with a `skills` tuple (practice.Lesson)."""
        found = {lid: self.due_in(tuple(getattr(lesson, "skills", ())), today)
                 for lid, lesson in lessons.items()}
        return {lid: skills for lid, skills in found.items() if skills}

    def to_dict(self) -> dict[str, Any]:
        return {"clock": self.clock,
                "skills": {k: asdict(v) for k, v in sorted(self.skills.items())},
                "lessons": {k: asdict(v) for k, v in sorted(self.lessons.items())},
                "evidence": {k: v.to_dict() for k, v in sorted(self.evidence.items())}}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Mastery:
        """Strict: a wrong type anywhere raises ValueError (the store then reports it)."""
        clock = _whole(data.get("clock", 0), "clock")
        skills = {str(k): SkillRecord(**_fields(v, SkillRecord, f"skills.{k}"))  # type: ignore[arg-type]  # _fields vets each value; only `due` may be None
                  for k, v in _table(data.get("skills", {}), "skills").items()}
        lessons = {str(k): LessonRecord(**_fields(v, LessonRecord, f"lessons.{k}"))  # type: ignore[arg-type]  # as above
                   for k, v in _table(data.get("lessons", {}), "lessons").items()}
        evidence = {str(k): Evidence.from_dict(v)
                    for k, v in _table(data.get("evidence", {}), "evidence").items()}
        return cls(skills, lessons, clock or 0, evidence)


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
    names = cls.__dataclass_fields__  # type: ignore[attr-defined]  # cls is one of this module's dataclasses
    unknown = set(table) - set(names)
    if unknown:
        raise ValueError(f"{where} has unknown fields {sorted(unknown)}")
    return {k: _whole(v, f"{where}.{k}", optional=(k == "due")) for k, v in table.items()}
