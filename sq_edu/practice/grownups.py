"""The grown-ups' summary for the evening at home: for each child whose progress is kept on this
computer (or in this browser), what was practised this week, each skill's standing and the
named mistakes that keep coming back, and the one thing to practise next.

It reads the same progress records as the teacher's report (`classroom.report.rows_for`) and
asks the same rule (`verdict.skill_standing`, `standing.standing_of`), so a parent and a
teacher never read two verdicts on one child. No widgets: `sq_edu.apps.grownups` shows it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from sq_edu.practice.classroom.report import ReportRow, rows_for
from sq_edu.practice.lesson import Lesson, load_lessons
from sq_edu.practice.mastery import today_number
from sq_edu.practice.progress import Progress, ProgressError, from_bytes
from sq_edu.practice.progress_folder import learner_files
from sq_edu.practice.standing import Evidence
from sq_edu.practice.verdict import lesson_of_skill
from sq_edu.practice.week import monday_of

log = logging.getLogger(__name__)
COMES_BACK = 2   # a named mistake made this often on first tries keeps coming back
# The order a child meets the lessons in (the index's order): the first not started is next.
LESSON_ORDER: tuple[str, ...] = ("equations", "card_detective", "chances", "queen_points")


@dataclass(frozen=True)
class SkillLine:
    """One skill of one child: the report's row, this week's answers and the mistakes that
    keep coming back (most frequent first)."""

    row: ReportRow
    lesson: str            # the lesson the skill belongs to ("" for an unknown skill)
    this_week: int         # answers given this week (drills and the game's coach)
    mistakes: tuple[str, ...]


@dataclass(frozen=True)
class NextStep:
    """What to practise next: a lesson at a level, and why (`struggling`, `review`, `level`,
    `start`)."""

    lesson: str
    level: int
    skill: str
    why: str


@dataclass(frozen=True)
class ChildSummary:
    nickname: str
    skills: tuple[SkillLine, ...]      # practised this week first, then the rest
    next: NextStep | None

    @property
    def this_week(self) -> tuple[SkillLine, ...]:
        return tuple(line for line in self.skills if line.this_week)


def _week_items(progress: Progress, skill: str, monday: int) -> int:
    record = progress.mastery.skills.get(skill)
    return record.week_items if record is not None and record.week == monday else 0


def _comes_back(progress: Progress, row: ReportRow) -> tuple[str, ...]:
    """Named mistakes made at least COMES_BACK times on first tries, the standing's own first."""
    made = progress.mastery.evidence.get(row.skill, Evidence()).mistakes
    keys = sorted((k for k, n in made.items() if n >= COMES_BACK), key=lambda k: (-made[k], k))
    if row.standing.mistake and row.standing.mistake not in keys:
        keys.insert(0, row.standing.mistake)
    elif row.standing.mistake:
        keys.remove(row.standing.mistake)
        keys.insert(0, row.standing.mistake)
    return tuple(keys)


def _level_of(progress: Progress, lesson: Lesson, skill: str) -> int:
    """The level to open for `skill`: the child's own level when it teaches that skill, else
    the skill's first level."""
    record = progress.mastery.lessons.get(lesson.id)
    levels = [lv.number for lv in lesson.levels if lv.skill == skill]
    if record is not None and record.level in levels:
        return record.level
    return levels[0] if levels else 1


def next_step(progress: Progress, lines: tuple[SkillLine, ...], today: int | None = None,
              lessons: dict[str, Lesson] | None = None) -> NextStep | None:
    """One thing to practise: a skill the child struggles with (the one practised most this
    week), else a review that is due, else the current level of the lesson practised this week
    (or last), else the first lesson not started; None when every lesson is done."""
    shipped = lessons if lessons is not None else load_lessons().lessons
    owners = lesson_of_skill()

    def step(skill: str, why: str) -> NextStep | None:
        lesson = owners.get(skill)
        if lesson is None or lesson.id not in shipped:
            return None
        return NextStep(lesson.id, _level_of(progress, lesson, skill), skill, why)

    struggling = sorted((line for line in lines if line.row.standing.word == "struggling"),
                        key=lambda line: -line.this_week)
    for line in struggling:
        if (found := step(line.row.skill, "struggling")) is not None:
            return found
    for skill in progress.mastery.due_reviews(today):
        if (found := step(skill, "review")) is not None:
            return found
    recent = sorted(lines, key=lambda line: -line.this_week)
    for line in recent:
        lesson = shipped.get(line.lesson)
        record = progress.mastery.lessons.get(line.lesson)
        if lesson is None or record is None:
            continue
        level = next((lv for lv in lesson.levels if lv.number == record.level), None)
        if level is not None and not progress.mastery.level_mastered(lesson.id, level.number):
            return NextStep(lesson.id, level.number, level.skill, "level")
    for lesson_id in LESSON_ORDER:
        if lesson_id in shipped and lesson_id not in progress.mastery.lessons:
            first = shipped[lesson_id].levels[0]
            return NextStep(lesson_id, first.number, first.skill, "start")
    return None


def summarise(progress: Progress, today: int | None = None,
              lessons: dict[str, Lesson] | None = None) -> ChildSummary:
    """One child's summary from their progress record; `today` is a `today_number`."""
    monday = monday_of(today_number() if today is None else int(today))
    owners = lesson_of_skill()
    lines = tuple(SkillLine(row, owners[row.skill].id if row.skill in owners else "",
                            _week_items(progress, row.skill, monday), _comes_back(progress, row))
                  for row in rows_for(progress))
    lines = tuple(sorted(lines, key=lambda line: (line.this_week == 0, line.row.skill)))
    return ChildSummary(progress.nickname, lines, next_step(progress, lines, today, lessons))


def summaries(folder: Path, today: int | None = None) -> list[ChildSummary]:
    """Every child whose record is in the progress folder, by nickname; a file that cannot be
    read is left out (and logged), never a page that fails."""
    found = []
    for path in learner_files(folder):
        try:
            progress = from_bytes(path.read_bytes())
        except (ProgressError, OSError):
            log.warning("progress file %s left out of the grown-ups' summary", path.name)
            continue
        if progress.nickname:
            found.append(summarise(progress, today))
    return sorted(found, key=lambda child: child.nickname.casefold())
