"""Mastery per skill, the learner's level in each lesson, and reviews spaced by calendar days.

- Every hint-free answer is evidence. How much a right answer proves depends on how easily it
  could be guessed (`guess`: 1/3 for three options, 1/10 for a number from 1 to 10): the score
  (0..100) rises by `gain(guess)` and falls by `loss(guess)`, the log-odds of "knows it" against
  "guesses" (slip SLIP) scaled so that MASTERED means "a guesser gets here about once in a few
  hundred tries". Answers given after a hint count for little and never past HINTED_CAP.
- A lesson level opens only when the learner has *mastered* the current one: its own level
  score, counted from the moment the level was chosen, reaches MASTERED. A perfect learner
  needs at most 6 items (three options), never fewer than LEVEL_UP_STREAK clean ones in a row,
  3 in 4 of the level's answers must be right, and guessing must explain the record less than
  once in 3000 (GUESSER_ODDS), with the level's sampled guess chance (`Level.guess`).
- Items tell the level's named misconceptions apart (an item on which an error gives a wrong
  answer `tells` it). A level opens only once each named error has met a telling item answered
  right without help (`proved`), and the clean run that opens it holds a telling item of each
  error met: a learner right wherever one error does not bite does not open it on a lucky run.
- Three wrong answers in a row at a level: `Outcome.step_back` names the level to go back to
  (the previous one, or this one again with its worked example) and the level score restarts.
- Replays of the same deal ("Start this deal") count as attempts, never as evidence.
- A mastered skill comes back for review after 1, 3, 7 and 21 calendar days (REVIEW_DAYS),
  across lessons; a wrong review lowers the score and brings the check back to tomorrow.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from sq_edu.practice.standing import Evidence, Standing, standing_of
from sq_edu.practice.week import monday_of

MASTERED, PRACTISING = 80, 40
HINTED_GAIN, HINTED_CAP = 5, 60
SLIP = 0.1                       # a learner who knows it still slips one time in ten
EVIDENCE_TO_MASTER = 5.5         # log-odds a clean run must build to reach MASTERED
DEFAULT_GUESS = 1 / 3            # three options: the most guessable level there is
LEVEL_UP_STREAK = 5              # and never fewer clean answers in a row than this
LEVEL_ACCURACY = 3 / 4           # and right in 3 of 4 answers at the level (since it was chosen)
GUESSER_ODDS = 1 / 3000          # and a guesser does as well less than once in 3000 tries
MOST_GUESSABLE = 0.9             # a level where a guess is right more often teaches nothing
STUCK_AFTER = 3                  # wrong answers in a row before stepping back
REVIEW_DAYS: tuple[int, ...] = (1, 3, 7, 21)


def today_number(day: date | None = None) -> int:
    """A calendar day as a whole number (what the progress file keeps)."""
    return (day or date.today()).toordinal()


def gain(guess: float) -> int:
    """Score for one clean right answer whose guess chance is `guess`."""
    g = min(max(float(guess), 0.01), 0.5)
    return math.ceil(MASTERED * math.log((1 - SLIP) / g) / EVIDENCE_TO_MASTER)


def loss(guess: float) -> int:
    """Score lost for one wrong answer: a slip is rare for someone who knows it."""
    g = min(max(float(guess), 0.01), 0.5)
    return math.ceil(MASTERED * -math.log(SLIP / (1 - g)) / EVIDENCE_TO_MASTER)


def guesser_tail(right: int, answered: int, guess: float) -> float:
    """The chance that pure guessing gets at least `right` of `answered` items right."""
    return sum(math.comb(answered, k) * guess**k * (1 - guess) ** (answered - k)
               for k in range(right, answered + 1))


def items_to_master(guess: float = DEFAULT_GUESS) -> int:
    """Clean answers in a row that open the next level (what the app shows as "x of n")."""
    g = min(max(float(guess), 0.01), MOST_GUESSABLE)
    unguessable = math.floor(math.log(GUESSER_ODDS) / math.log(g)) + 1
    return max(LEVEL_UP_STREAK, math.ceil(MASTERED / gain(guess)), unguessable)


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


@dataclass
class LessonRecord:
    """Where a learner stands in one lesson."""

    level: int = 1      # the level the learner is on (and may choose up to)
    unlocked: int = 1   # the highest level opened so far
    streak: int = 0     # hint-free correct answers in a row at this level
    score: int = 0      # evidence at this level since it was chosen (0..100)
    wrong: int = 0      # wrong answers in a row at this level
    answered: int = 0   # answers since the level was chosen or opened (replays excluded)
    right: int = 0      # ... of them right
    guess_milli: int = 0  # the most guessable of those items, in thousandths
    met: int = 0        # the level's named misconceptions (one bit each) its items have told
    met_level: int = 0  # ... at this level (kept while stepping back and coming again)
    told: int = 0       # ... those told by an item of the current clean run
    named: int = 0      # all the level's named misconceptions (one bit each)
    proved: int = 0     # ... those told by an item answered right without help at the level

    def restart(self, level: int, keep_record: bool = False) -> None:
        """At `level` now, with no evidence there yet. Stepping back keeps the count of right
        answers, so a lucky run after many misses is not taken for mastery."""
        self.level, self.streak, self.score, self.wrong = level, 0, 0, 0
        self.told = 0
        if level != self.met_level and not keep_record:   # not coming back to it: forget it
            self.met, self.met_level, self.proved = 0, level, 0
        if not keep_record:
            self.answered = self.right = self.guess_milli = 0

    @property
    def mastered(self) -> bool:
        """The current level is mastered: enough evidence, a clean run to show it, and mostly
        right since the level was chosen (a lucky run after many guesses is not mastery)."""
        return (self.score >= MASTERED and self.streak >= LEVEL_UP_STREAK
                and (self.met_level != self.level or (self.told & self.met == self.met
                     and self.proved & self.named == self.named))
                and self.right >= LEVEL_ACCURACY * self.answered
                and guesser_tail(self.right, self.answered, self.guess_milli / 1000)
                < GUESSER_ODDS)


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
        scored = _scored if reviewed else _skill_scored
        rec.score = scored(rec.score, correct, clean, guess)
        self._schedule(rec, clean, correct, reviewed, day)
        level_up, step_back = (None, None) if source == "play" else self._advance(
            lesson_id, level, clean, correct, levels, guess, tells, named)
        return Outcome(skill, self.standing(skill, lesson_id, (level,)).word, rec.score,
                       level_up, reviewed, step_back)

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
                 guess: float, tells: int = 0, named: int = 0) -> tuple[int | None, int | None]:
        rec = self.lesson(lesson_id)
        if level != rec.level:      # a review or another level: no level bookkeeping
            return None, None
        rec.answered += 1
        rec.right += int(correct)
        rec.guess_milli = max(rec.guess_milli, round(min(max(guess, 0.0), 1.0) * 1000))
        rec.score = _scored(rec.score, correct, clean, guess)
        rec.streak = rec.streak + 1 if clean else 0 if not correct else rec.streak
        if rec.met_level != level and not rec.met:   # nothing met at the level stepped from
            rec.met_level = level
        if rec.met_level == level:
            rec.met |= tells & named
            rec.named, rec.proved = named, rec.proved | (tells & named if clean else 0)
            rec.told = (rec.told | tells) & named if clean else 0 if not correct else rec.told
        rec.wrong = 0 if correct else rec.wrong + 1
        if rec.wrong >= STUCK_AFTER:
            back = max(1, level - 1)
            rec.restart(back, keep_record=True)
            return None, back
        if rec.mastered and clean and level < levels:
            rec.restart(level + 1)
            rec.unlocked = max(rec.unlocked, level + 1)
            return level + 1, None
        return None, None

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


def _scored(score: int, correct: bool, clean: bool, guess: float) -> int:
    if clean:
        return min(100, score + gain(guess))
    if correct:
        return max(score, min(HINTED_CAP, score + HINTED_GAIN))
    return max(0, score - loss(guess))


def _skill_scored(score: int, correct: bool, clean: bool, guess: float) -> int:
    """The skill bar a child sees falls gently: one miss costs at most half of what one right
    answer earns, so it never wipes out a run of right answers (the level's own score, which
    opens levels, and a missed review still fall by the full `loss`)."""
    if correct:
        return _scored(score, correct, clean, guess)
    return max(0, score - min(loss(guess), math.ceil(gain(guess) / 2)))


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
