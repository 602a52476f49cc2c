"""What the teacher learns about errors: a skill-by-learner grid, each skill's most common
misconception with the learners who show it, and the class CSV, from the class's activity
files (`classroom.Activity.tries`: every answer, with the misconception it matched).

A grid cell says in words what its colour says (accessible: colour is never the only sign):
the standing of the one rule (`sq_edu.practice.standing`), the word the learner's page, the
report and the live table's "Needs help?" show too ("struggling: <misconception>" names the
mistake the learner repeats), with how many items were right at the first try.
"""

from __future__ import annotations

import csv
import io
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html import escape

from sq_edu.i18n import t
from sq_edu.practice.classroom.live import Activity
from sq_edu.practice.classroom.report import _safe_cell
from sq_edu.practice.classroom.standing import Cell, learner_cells
from sq_edu.practice.standing import mistake_name

# Cell colours (with the state in words in every cell, so colour is never the only sign);
# dark text on light backgrounds keeps the contrast above 4.5:1.
COLOURS = {"new": "#f3f4f6", "learning": "#e0f2fe", "practising": "#fef9c3",
           "struggling": "#fee2e2", "mastered": "#dcfce7"}
_CELL = "padding:4px 8px;border:1px solid #9ca3af;color:#111827;text-align:left"
CSV_COLUMNS: tuple[str, ...] = ("class", "learner", "lesson", "level", "skill", "attempts",
                                "right", "helped", "standing", "misconception",
                                "misconception_count", "time")
NO_LEVEL = "\u2013"   # an answer with no lesson level: a game's coach asked it (level 0)


def level_text(level: int) -> str:
    """A level as the teacher's page and the class CSV show it: "2", or a dash where the
    answers came from a game's coach (a table, play), which has no lesson level."""
    return str(level) if level > 0 else NO_LEVEL


@dataclass
class Grid:
    learners: list[str] = field(default_factory=list)
    skills: list[tuple[str, str]] = field(default_factory=list)    # (lesson, skill), in order
    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)  # (learner, skill)

    def common_slip(self, skill: str) -> tuple[str, list[str]]:
        """The skill's most common misconception in the class and who shows it ("", [])."""
        count: Counter[str] = Counter()
        for (_name, s), cell in self.cells.items():
            if s == skill:
                count.update(cell.slips)
        if not count:
            return "", []
        key = count.most_common(1)[0][0]
        who = [n for n in self.learners if key in self.cells.get((n, skill), Cell()).slips]
        return key, who


def skill_grid(activities: Iterable[Activity]) -> Grid:
    """The grid of a class from its activity files."""
    grid = Grid()
    for activity in sorted(activities, key=lambda a: a.nickname.casefold()):
        grid.learners.append(activity.nickname)
        for one in activity.tries:
            if (one[1], one[3]) not in grid.skills:
                grid.skills.append((one[1], one[3]))
        for skill, cell in learner_cells(activity.tries, activity.opened).items():
            grid.cells[(activity.nickname, skill)] = cell
    return grid


slip_text = mistake_name   # the old name: a misconception in the teacher's words


Link = Callable[[str, int], str]


def grid_html(grid: Grid, lang: str, titles: Callable[[str, str], str],
              link: Link | None = None) -> str:
    """The skill-by-learner table (colour and words in every cell), then per skill the most
    common misconception, who shows it, and a link to practise that level."""
    if not grid.learners or not grid.skills:
        return f"<p>{escape(t('classroom.grid_empty', lang))}</p>"
    names = [escape(titles(lesson, skill)) for lesson, skill in grid.skills]
    head = "".join(f'<th scope="col" style="{_CELL}">{name}</th>' for name in names)
    rows = []
    for name in grid.learners:
        cells = []
        for (_lesson, skill), label in zip(grid.skills, names, strict=True):
            cell = grid.cells.get((name, skill), Cell())
            standing = cell.standing
            detail = (t("classroom.grid_cell", lang, right=cell.right, n=cell.attempts)
                      if cell.attempts else "")
            cells.append(f'<td class="sq-grid-{standing.word}" data-label="{label}" '
                         f'style="{_CELL};background:'
                         f'{COLOURS[standing.word]}"><b>{escape(standing.text(lang))}</b> '
                         f"{escape(detail)}</td>")
        rows.append(f'<tr><th scope="row" style="{_CELL}">{escape(name)}</th>'
                    f'{"".join(cells)}</tr>')
    slips = []
    mistake = escape(t("classroom.grid_misconception", lang))
    learners = escape(t("classroom.grid_who", lang))
    for lesson, skill in grid.skills:
        key, who = grid.common_slip(skill)
        if not key:
            continue
        level = max(grid.cells[(n, skill)].level for n in who)
        target = link(lesson, level) if link is not None else ""
        words = t("classroom.grid_practice", lang, level=level)
        action = (f' <a class="sq-grid-practice" href="{escape(target)}" target="_blank" '
                  f'rel="noopener" style="text-decoration:underline;color:#1d4ed8">'
                  f"{escape(words)}</a>" if target else "")
        slips.append(f'<tr><th scope="row" style="{_CELL}">{escape(titles(lesson, skill))}</th>'
                     f'<td data-label="{mistake}" style="{_CELL}">'
                     f'{escape(slip_text(key, lang))}</td><td data-label="{learners}" '
                     f'style="{_CELL}">{escape(", ".join(who))}{action}</td></tr>')
    common = ""
    if slips:
        common = (f'<table class="sq-report sq-grid-slips sq-stack" style="border-collapse:'
                  f'collapse;margin:8px 0"><caption style="text-align:left;font-weight:bold">'
                  f'{escape(t("classroom.grid_slips_caption", lang))}</caption><thead><tr>'
                  f'<th scope="col" style="{_CELL}">{escape(t("practice.report_skill", lang))}'
                  f'</th><th scope="col" style="{_CELL}">{mistake}</th>'
                  f'<th scope="col" style="{_CELL}">{learners}</th></tr></thead>'
                  f"<tbody>{''.join(slips)}</tbody></table>")
    return (f'<table class="sq-report sq-grid sq-stack" style="border-collapse:collapse;'
            f'margin:8px 0"><caption style="text-align:left;font-weight:bold">'
            f'{escape(t("classroom.grid_caption", lang))}</caption><thead><tr>'
            f'<th scope="col" style="{_CELL}">'
            f'{escape(t("classroom.col_nickname", lang))}</th>{head}</tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>{common}")


def class_csv(activities: Iterable[Activity], code: str, lang: str = "en") -> str:
    """One row per learner, lesson and skill: class, learner, lesson, level, skill, items
    answered, right at the first try alone, help used, standing, the most frequent named
    mistake and how often, time of the last answer (local time, ISO)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([t(f"classroom.csv_{c}", lang) for c in CSV_COLUMNS])
    grid = skill_grid(activities)
    for name in grid.learners:
        for lesson, skill in grid.skills:
            cell = grid.cells.get((name, skill))
            if cell is None or cell.lesson != lesson:
                continue
            stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(cell.last_time))
            key, times = cell.evidence.top_mistake()
            slip = mistake_name(key, lang) if key else ""
            writer.writerow([_safe_cell(v) for v in (
                code, name, lesson, level_text(cell.level), skill, cell.attempts, cell.right,
                cell.evidence.helped, cell.standing.text(lang), slip, times or "", stamp)])
    return out.getvalue()
