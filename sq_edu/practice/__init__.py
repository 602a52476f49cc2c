"""The lesson runtime, with no widgets: lessons as data, exercise generators, checking,
hints, mastery, the progress store, teacher reports and printable worksheets.

    from sq_edu.practice import get_lesson, generate, check
    lesson = get_lesson("equations")
    ex = generate(lesson, level=2, seed=12)   # same seed, same exercise
    check(ex, [3, 5, 8]).correct
"""

from __future__ import annotations

from .checking import Judgement, check
from .classroom.report import Report, teacher_report
from .classroom.worksheet import worksheet_html
from .exercise import KINDS, Exercise, Option, typed_form
from .generators import GENERATORS, exercise_seed, generate
from .lesson import Lesson, LessonError, Level, get_lesson, load_lessons, parse_lesson
from .mastery import Mastery, Outcome
from .messages import Msg
from .progress import Progress, ProgressError, ProgressStore, clean_nickname

__all__ = [
    "GENERATORS", "KINDS", "Exercise", "Judgement", "Lesson", "LessonError", "Level", "Mastery",
    "Msg", "Option", "Outcome", "Progress", "ProgressError", "ProgressStore", "Report", "check",
    "clean_nickname", "exercise_seed", "generate", "get_lesson", "load_lessons", "parse_lesson",
    "teacher_report", "typed_form", "worksheet_html",
]
