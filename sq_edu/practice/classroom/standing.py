"""How a learner stands on each skill, from their answers: one place for the whole teacher page.

The live class table ("Needs help?") and the skill-by-learner grid used to judge a learner by
two rules (three wrong in a row against right less than half the time), so one learner could be
"fine" in the table and "struggling 0 of 2" in the grid at the same moment. Both now read
`learner_cells` and `Cell.state`: a learner needs help in the table exactly when one of their
cells in the grid says "struggling".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

STRUGGLING = 0.5     # right less than half the time: the cell is marked struggling
STUCK_WRONG = 3      # wrong answers in a row that make a learner struggling whatever came before
MASTERED_RUN = 5     # the last answers of a skill all right, this many: mastered

# time, lesson, level, skill, right, misconception ("" for none): one recorded answer.
Try = tuple[float, str, int, str, bool, str]


def skill_state(attempts: int, right: int, run: int, wrong_run: int) -> str:
    """"new", "mastered", "struggling" or "practising": the one rule both views use."""
    if not attempts:
        return "new"
    if run >= MASTERED_RUN:
        return "mastered"
    if wrong_run >= STUCK_WRONG or (attempts >= 2 and right < STRUGGLING * attempts):
        return "struggling"
    return "practising"


@dataclass
class Cell:
    """One learner on one skill."""

    lesson: str = ""
    level: int = 0
    attempts: int = 0
    right: int = 0
    run: int = 0                 # right answers in a row, the latest last
    wrong_run: int = 0           # wrong answers in a row, the latest last
    slips: Counter[str] = field(default_factory=Counter)
    last_slip: str = ""
    last_time: float = 0.0

    @property
    def state(self) -> str:
        return skill_state(self.attempts, self.right, self.run, self.wrong_run)

    def add(self, at: float, lesson: str, level: int, right: bool, slip: str) -> None:
        """One more answer of this learner on this skill."""
        self.lesson, self.level, self.last_time = lesson, level, at
        self.attempts += 1
        self.right += int(right)
        self.run = self.run + 1 if right else 0
        self.wrong_run = 0 if right else self.wrong_run + 1
        if slip:
            self.slips[slip] += 1
            self.last_slip = slip


def learner_cells(tries: Iterable[Try]) -> dict[str, Cell]:
    """One learner's cells by skill, in the order the skills were first answered."""
    cells: dict[str, Cell] = {}
    for at, lesson, level, skill, right, slip in tries:
        cells.setdefault(skill, Cell()).add(at, lesson, level, right, slip)
    return cells


def struggling_cell(tries: Iterable[Try]) -> tuple[str, Cell] | None:
    """The skill (and its cell) the learner struggles with, the latest answered first; None
    when no cell of theirs says "struggling"."""
    found = [(skill, cell) for skill, cell in learner_cells(tries).items()
             if cell.state == "struggling"]
    return max(found, key=lambda one: one[1].last_time) if found else None
