"""The teacher report: per learner and skill, attempts, correct answers, hints and mastery.

Drill answers and answers to the game coach's questions count toward the same mastery, but
the report shows them apart: `attempts` / `correct` are the drills', the "In play" column
says how many of the coach's questions were answered right ("3 of 5").

Reads several progress files (one per child, collected by the teacher), never fails on a bad
one (it is listed in `problems`), and writes CSV that spreadsheets open safely.
"""

from __future__ import annotations

import csv
import io
import logging
import os
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from sq_edu.i18n import t
from sq_edu.practice.progress import Progress, ProgressError, from_bytes
from sq_edu.practice.standing import Evidence, Standing, mistake_name
from sq_edu.practice.verdict import lesson_of_skill, skill_standing

log = logging.getLogger(__name__)
COLUMNS: tuple[str, ...] = ("nickname", "skill", "attempts", "correct", "hints", "mastery",
                            "stage", "play", "items", "first_right", "helped", "mistake",
                            "mistake_count")


@dataclass(frozen=True)
class ReportRow:
    nickname: str
    skill: str
    attempts: int
    correct: int
    hints: int
    mastery: int      # score 0..100
    standing: Standing   # the one rule's verdict (`standing.standing_of`)
    play_attempts: int = 0   # the game coach's questions (not in `attempts`)
    play_correct: int = 0
    items: int = 0           # items answered, drills and coach (a second try is no new item)
    first_right: int = 0     # ... right at the first try with no help
    helped: int = 0          # ... with help: a hint, the worked answer or a second try
    mistake: str = ""        # the most frequent named mistake on first tries
    mistake_count: int = 0

    @property
    def stage(self) -> str:
        return self.standing.word

    def cells(self, lang: str = "en") -> list[object]:
        play = (t("practice.report_play_cell", lang, right=self.play_correct,
                  n=self.play_attempts) if self.play_attempts else "")
        mistake = mistake_name(self.mistake, lang) if self.mistake else ""
        return [self.nickname, skill_title(self.skill, lang), self.attempts, self.correct,
                self.hints, self.mastery, self.standing.text(lang), play, self.items,
                self.first_right, self.helped, mistake, self.mistake_count or ""]


def skill_title(skill: str, lang: str) -> str:
    """The skill's name in the lessons (a teacher reads "Pairs", not `pairs`); the id itself
    for a skill no shipped lesson has (an old or foreign progress file)."""
    lesson = lesson_of_skill().get(skill)
    return lesson.skill_title(skill, lang) if lesson is not None else skill


@dataclass
class Report:
    rows: list[ReportRow] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)  # (file name, message key)

    def header(self, lang: str = "en") -> list[str]:
        return [t(f"practice.report_{c}", lang) for c in COLUMNS]

    def to_html(self, lang: str = "en") -> str:
        """The report as an accessible HTML table (a teacher dashboard shows it as it is)."""
        header = [escape(h) for h in self.header(lang)]
        head = "".join(f'<th scope="col">{h}</th>' for h in header)
        # Each cell names its column too: on a phone a row shows as a card (app.css sq-stack).
        body = "".join("<tr>" + "".join(f'<td data-label="{h}">{escape(str(c))}</td>'
                                        for h, c in zip(header, row.cells(lang), strict=True))
                       + "</tr>" for row in self.rows)
        problems = "".join(f"<li>{escape(name)}: {escape(t(key, lang))}</li>"
                           for name, key in self.problems)
        return (f'<table class="sq-report sq-stack"><thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>"
                + (f'<ul class="sq-report-problems">{problems}</ul>' if problems else ""))

    def to_csv(self, lang: str = "en") -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header(lang))
        for row in self.rows:
            writer.writerow([_safe_cell(c) for c in row.cells(lang)])
        return out.getvalue()


_FORMULA_START = frozenset("=+-@|\t\r\n")
# What a spreadsheet skips before it looks for a formula sign: spaces, quotes, invisible marks.
_SKIPPED = " \"'\u00a0\u3000"


def _safe_cell(value: object) -> object:
    """Spreadsheets run cells that start with = + - @ as formulas, also after spaces, quotes
    or zero-width characters, and in full-width form (＝): such a cell gets a leading "'"."""
    if not isinstance(value, str):
        return value
    for char in value:
        if char in _SKIPPED or unicodedata.category(char) == "Cf":
            continue
        if unicodedata.normalize("NFKC", char)[:1] in _FORMULA_START:
            return "'" + value
        break
    return value


def rows_for(progress: Progress) -> list[ReportRow]:
    """One row per skill: the drills' counts, the items' evidence and the one rule's word."""
    rows = []
    for skill, r in sorted(progress.mastery.skills.items()):
        ev = progress.mastery.evidence.get(skill, Evidence())
        mistake, times = ev.top_mistake()
        rows.append(ReportRow(progress.nickname, skill, r.attempts - r.play_attempts,
                              r.correct - r.play_correct, r.hints, r.score,
                              skill_standing(progress.mastery, skill), r.play_attempts,
                              r.play_correct, ev.attempts, ev.alone, ev.helped, mistake, times))
    return rows


def teacher_report(sources: Iterable[str | os.PathLike[str] | Progress]) -> Report:
    """One report from progress files (paths) or already loaded `Progress` objects."""
    report = Report()
    for source in sources:
        if isinstance(source, Progress):
            report.rows.extend(rows_for(source))
            continue
        path = Path(source)
        try:
            report.rows.extend(rows_for(from_bytes(path.read_bytes())))
        except ProgressError as exc:
            report.problems.append((path.name, exc.msg.key))
        except (OSError, ValueError, RecursionError):   # one bad file never blanks the report
            log.warning("progress file %s left out of the report", path.name, exc_info=True)
            report.problems.append((path.name, "practice.progress_not_ours"))
    report.rows.sort(key=lambda r: (r.nickname.lower(), r.skill))
    return report
