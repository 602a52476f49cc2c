"""`LessonSession`: one learner working through one lesson, with no widgets.

The lesson dashboard only draws a session; everything a test wants to drive without a browser
lives here: which exercise of the deal is shown (seed and index), which level, when a due review
of an older skill comes in, the hints asked for, whether the answer was right (solved) and
whether it was counted (recorded), the level-up an answer opens, and the notes shown under the
feedback line.

Where answers are counted is a `Recorder` (the app's progress panel saves them to the learner's
file; `MemoryRecorder` keeps them in memory). The mastery rules themselves live in `mastery.py`;
the session's seams for them are `next_level` (what comes next: level or review), `counts`
(whether an answer is counted at all) and `apply` (what an `Outcome` changes here).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Protocol

from sq_edu.i18n import Msg, msg
from sq_edu.links import clamp_level, wrap_seed
from sq_edu.practice.checking import Judgement, check
from sq_edu.practice.examples import EXAMPLE_SEED, reteach_example
from sq_edu.practice.exercise import Exercise, answer_msg
from sq_edu.practice.generators import exercise_seed, generate
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.mastery import (
    RETURN_AFTER,
    LessonRecord,
    Mastery,
    Outcome,
    misconception_bits,
)
from sq_edu.practice.progress import Attempt as Attempt
from sq_edu.practice.progress import Progress

FIRST_SEEDS = 999       # a deal picked for nobody in particular is 1..FIRST_SEEDS (easy to type)
RETEACH_AFTER = 2       # the same misconception this often at a level: a targeted re-teach


def lesson_level(lesson: Lesson, level: object) -> int:
    """`level` under the one level policy (`sq_edu.links.clamp_level`) for this lesson."""
    return clamp_level(level, len(lesson.levels))


@dataclass(frozen=True)
class _SkillName:
    """A skill's name as a message parameter, said in whichever language the page shows."""

    lesson: Lesson
    skill: str

    def render(self, lang: str = "en") -> str:
        return self.lesson.skill_title(self.skill, lang)


class Recorder(Protocol):
    """Where a session's answers are counted and kept."""

    @property
    def mastery(self) -> Mastery: ...

    def record(self, attempt: Attempt) -> Outcome: ...

    def save(self, level: int) -> Msg | None:
        """Keep the progress; a line to show if keeping it failed, else None."""
        ...


@dataclass
class MemoryRecorder:
    """Progress kept in memory only (tests, a session without a learner file)."""

    progress: Progress = field(default_factory=Progress)

    @property
    def mastery(self) -> Mastery:
        return self.progress.mastery

    def record(self, attempt: Attempt) -> Outcome:
        return self.mastery.record(attempt.lesson_id, attempt.level, attempt.skill,
                                   attempt.correct, attempt.hints, attempt.levels,
                                   guess=attempt.guess, replay=attempt.replay,
                                   tells=attempt.tells, named=attempt.named, slip=attempt.slip)

    def save(self, level: int) -> Msg | None:
        return None


class LessonSession:
    """The state of one lesson run; see the module docstring."""

    def __init__(self, lesson: Lesson, recorder: Recorder | None = None,
                 level: int | None = None, seed: int | None = None) -> None:
        self.lesson = lesson
        self.recorder: Recorder = recorder if recorder is not None else MemoryRecorder()
        self.level = lesson_level(lesson, level if level is not None else self.lesson_record.level)
        self.mastery.choose_level(lesson.id, self.level)
        self.seed = wrap_seed(seed) if seed is not None else secrets.randbelow(FIRST_SEEDS) + 1
        self.index = 0
        self.exercise: Exercise
        self.hints_shown = 0
        self.recorded = False        # this exercise's answer was counted
        self.how = "first"           # how the last answer was given (classroom.standing.HOWS)
        self.solved = False          # ... and it was right: no more answers taken
        self.result: Judgement | None = None
        self.outcome: Outcome | None = None   # what the counted answer changed
        self.review_skill: str | None = None  # set when this exercise is a due review
        self.notes: list[Msg] = []   # level up, review, a failed save: shown under the feedback
        self.fixed = False           # a teacher's test: this level only (no level-up, no review)
        self.answered: set[tuple[int, int, int]] = set()  # (level, seed, index) counted once
        self.example_at = 0          # the item the level's worked example is shown with
        self.slips: dict[tuple[int, str], int] = {}  # (level, misconception) -> times made
        self.reteach: Exercise | None = None  # a worked example of the trap just made twice
        self.reteach_key: str | None = None
        self.start()

    # --- where the learner stands -------------------------------------------------------------
    @property
    def mastery(self) -> Mastery:
        return self.recorder.mastery

    @property
    def lesson_record(self) -> LessonRecord:
        """The learner's record for this lesson (level reached, streak)."""
        return self.mastery.lesson(self.lesson.id)

    def skill_title(self, skill: str) -> _SkillName:
        """A skill by its name in either language (`Lesson.skill_title`), not its id."""
        return _SkillName(self.lesson, skill)

    # --- moving through the deal --------------------------------------------------------------
    def next_level(self) -> tuple[int, str | None]:
        """Seam for scheduling: the level of the next exercise and the skill it reviews.

        The chosen level, or the lowest level of a skill whose review is due now (never on the
        first exercise of a deal, never the skill being practised).
        """
        if self.index == 0 or self.fixed:
            return self.level, None
        due = [s for s in self.mastery.due_reviews() if s in self.lesson.skills]
        current = self.lesson.level(self.level).skill
        for skill in due:
            if skill != current:
                return min(lv.number for lv in self.lesson.levels if lv.skill == skill), skill
        return self.level, None

    def start(self) -> Exercise:
        """Build exercise `index` of the deal afresh: no hints, no answer yet."""
        level, self.review_skill = self.next_level()
        self.exercise = generate(self.lesson, level, exercise_seed(self.seed, self.index))
        self.hints_shown = 0
        self.recorded = self.solved = False
        self.result = self.outcome = None
        self.reteach = self.reteach_key = None
        self.notes = []
        if self.review_skill is not None:
            self.notes.append(msg("lesson_app.review_now",
                                  skill=self.skill_title(self.review_skill)))
        return self.exercise

    def next_exercise(self) -> Exercise:
        """The next exercise of the deal (or a due review of an older skill)."""
        self.index += 1
        return self.start()

    def set_level(self, level: object) -> None:
        """The learner (or teacher) picks a level: the deal starts again there."""
        self.level = lesson_level(self.lesson, level)
        self.mastery.choose_level(self.lesson.id, self.level)
        self.index = self.example_at = 0
        self.start()

    def set_seed(self, seed: object, force: bool = False) -> bool:
        """Another deal (or the same one again with `force`); True if it started again."""
        wrapped = wrap_seed(seed)
        if wrapped == self.seed and not force:
            return False
        self.seed, self.index, self.example_at = wrapped, 0, 0
        self.start()
        return True

    def learner_changed(self) -> bool:
        """Another learner's progress is now in the recorder (a returning nickname): carry on
        at the level they had reached (unless the level is fixed). True if that started the
        deal again."""
        level = lesson_level(self.lesson, self.lesson_record.level)
        if level != self.level and not self.fixed:
            self.set_level(level)
            return True
        self.mastery.choose_level(self.lesson.id, level)
        return False

    def progress_replaced(self) -> None:
        """Uploaded progress replaced the learner's: it carries on at the level shown."""
        self.mastery.choose_level(self.lesson.id, self.level)

    # --- answering ----------------------------------------------------------------------------
    def show_hint(self) -> bool:
        """The next hint (a nudge, a strategy, then the worked answer); False if none is left."""
        if self.hints_shown >= self.exercise.hint_count:
            return False
        self.hints_shown += 1
        return True

    @property
    def hints(self) -> list[Msg]:
        """The hints shown so far, in order."""
        return [self.exercise.hint(i) for i in range(self.hints_shown)]

    @property
    def hints_left(self) -> bool:
        return self.hints_shown < self.exercise.hint_count

    def submit(self, answer: object) -> Judgement:
        """Judge `answer`; the first readable answer to an exercise is counted.

        Once solved, the answer stands: the last judgement is returned unchanged.
        """
        if self.solved and self.result is not None:
            return self.result
        result = check(self.exercise, answer)
        self.result = result
        self.how = "again"   # a second try, a replayed deal or an answer that is not counted
        if result.understood and self.counts(result):
            self.recorded = True
            self.how = "help" if self.hints_shown > 0 else "first"
            ex = self.exercise
            key = (ex.level, self.seed, self.index)
            tells, named = misconception_bits(ex.misconceptions,
                                              {why.key for _, why in ex.traps})
            self.outcome = self.recorder.record(Attempt(
                self.lesson.id, ex.level, ex.skill, result.correct, self.hints_shown,
                len(self.lesson.levels), ex.guess_chance, replay=key in self.answered,
                tells=tells, named=named, slip=result.misconception or ""))
            self.answered.add(key)
            self.apply(self.outcome)
            if self.outcome.replay:
                self.how = "again"
            failed = self.recorder.save(self.level)
            if failed is not None:
                self.notes.append(failed)
        if result.correct:
            self.solved = True
        if result.misconception is not None:
            self._count_slip(result.misconception)
        return result

    def _count_slip(self, key: str) -> None:
        """The same error twice at a level: a re-teach with another example showing that trap
        (a new one each time it comes back), never the level's example again."""
        slip = (self.exercise.level, key)
        made = self.slips[slip] = self.slips.get(slip, 0) + 1
        if made >= RETEACH_AFTER and made % RETEACH_AFTER == 0:
            self.reteach = reteach_example(self.lesson, self.exercise.level, key,
                                           made // RETEACH_AFTER - 1)
            self.reteach_key = key if self.reteach is not None else None

    def reteach_lines(self) -> list[Msg]:
        """The re-teach as words: a heading, its question, the wrong answer the trap gives and
        why, then the worked solution in steps. Empty when there is none to show."""
        ex, key = self.reteach, self.reteach_key
        if ex is None or key is None:
            return []
        value, why = next((v, w) for v, w in ex.traps if w.key == key)
        return [msg("mistakes.reteach_title"), ex.prompt,
                msg("mistakes.reteach_wrong", answer=answer_msg(ex, value), why=why),
                ex.hint(ex.hint_count - 1)]

    def counts(self, result: Judgement) -> bool:
        """Seam: whether this answer is counted towards mastery (the first readable one)."""
        return not self.recorded

    def apply(self, outcome: Outcome) -> None:
        """Seam: what a counted answer changes here: a new level opened is moved to (its worked
        example first); stuck (three wrong in a row), the learner steps back to warm up at an
        easier level (its worked example first) and, after a short clean run there, comes back
        to the level stepped from (its example again); a replayed deal is said not to count. A
        fixed level (a teacher's test) moves nowhere."""
        if outcome.replay:
            self.notes.append(msg("practice.replay_not_counted"))
        if self.fixed:
            return
        if outcome.level_up is not None:
            self.notes.append(msg("practice.level_up", level=outcome.level_up))
            self.level, self.example_at = outcome.level_up, self.index + 1
        if outcome.step_back is not None:
            if outcome.step_back < self.level:
                self.notes.append(msg("practice.step_back", level=outcome.step_back,
                                      back=self.level, n=RETURN_AFTER))
            else:
                self.notes.append(msg("practice.step_back_same"))
            self.level, self.example_at = outcome.step_back, self.index + 1
        if outcome.back_to is not None:
            self.notes.append(msg("practice.back_to_level", level=outcome.back_to))
            self.level, self.example_at = lesson_level(self.lesson, outcome.back_to), self.index + 1
            self.mastery.choose_level(self.lesson.id, self.level)   # a level the lesson has

    @property
    def show_example(self) -> bool:
        """Show the worked example with this item: a level's first, or after stepping back."""
        return self.index == self.example_at

    @property
    def example(self) -> Exercise:
        """The worked example of the current level: the same for everyone, never in a deal."""
        return generate(self.lesson, self.level, EXAMPLE_SEED)

    def example_lines(self) -> list[Msg]:
        """The example as words: its question, then its worked solution in steps."""
        ex = self.example
        return [ex.prompt, ex.hint(ex.hint_count - 1)]

    # --- what to show -------------------------------------------------------------------------
    def context_lines(self) -> list[Msg]:
        """What happened so far, with who the learner is at the table first."""
        lines = list(self.exercise.context)
        if self.exercise.observation is not None:
            lines.insert(0, msg("lesson_app.you_are_player_1"))
        return lines

    def result_lines(self) -> list[Msg]:
        """Under the feedback line: what the answer means, then the notes."""
        lines = list(self.notes)
        if self.result is not None and self.result.interpretation is not None:
            lines.insert(0, self.result.interpretation)
        return lines
