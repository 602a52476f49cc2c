"""How a learner stands on each skill in a class, from their answers there: the cells of the
teacher's grid, the live table's "Needs help?" and the class CSV, all by the one rule
(`sq_edu.practice.standing.standing_of`) that the learner's own page and the report use too.

Each recorded answer says how it was given (`HOWS`): a first try alone, a first try after
help (a hint or the worked answer), a later try at the same item, or the game coach's question.
A later try is help, never a new item; a lesson level that opened the next one is written into
the activity (`Activity.opened`) by the learner's page, the only place that knows it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from sq_edu.practice.standing import Evidence, Standing, standing_of

HOWS: tuple[str, ...] = ("first", "help", "again", "play")

# time, lesson, level, skill, right, misconception ("" for none), how (HOWS): one answer.
Try = tuple[float, str, int, str, bool, str, str]


@dataclass
class Cell:
    """One learner on one skill."""

    lesson: str = ""
    level: int = 0
    evidence: Evidence = field(default_factory=Evidence)
    opened: bool = False         # a lesson level of the skill opened the next one
    slips: Counter[str] = field(default_factory=Counter)   # every named mistake, any try
    last_time: float = 0.0

    @property
    def standing(self) -> Standing:
        return standing_of(self.evidence, self.opened)

    @property
    def state(self) -> str:
        return self.standing.word

    @property
    def attempts(self) -> int:
        return self.evidence.attempts

    @property
    def right(self) -> int:
        """Items right at the first try with no help."""
        return self.evidence.alone

    def add(self, at: float, lesson: str, level: int, right: bool, slip: str,
            how: str = "first") -> None:
        """One more answer of this learner on this skill."""
        self.lesson, self.level, self.last_time = lesson, level, at
        if how == "again":
            self.evidence.again(right)
        else:
            self.evidence.add(right, helped=how == "help", slip=slip, play=how == "play")
        if slip:
            self.slips[slip] += 1


def learner_cells(tries: Iterable[Try], opened: Iterable[str] = ()) -> dict[str, Cell]:
    """One learner's cells by skill, in the order the skills were first answered."""
    cells: dict[str, Cell] = {}
    for at, lesson, level, skill, right, slip, how in tries:
        cells.setdefault(skill, Cell()).add(at, lesson, level, right, slip, how)
    for skill in set(opened) & set(cells):
        cells[skill].opened = True
    return cells


def struggling_cell(tries: Iterable[Try], opened: Iterable[str] = ()) -> tuple[str, Cell] | None:
    """The skill (and its cell) the learner struggles with, the latest answered first; None
    when no cell of theirs says "struggling"."""
    found = [(skill, cell) for skill, cell in learner_cells(tries, opened).items()
             if cell.state == "struggling"]
    return max(found, key=lambda one: one[1].last_time) if found else None
