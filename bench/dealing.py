"""How long a lesson item takes to deal: median and slowest milliseconds per item.

    python -m bench dealing            (or: python bench/dealing.py [items])

Why: an item is dealt while the child waits for the next question; the detective, chances and
Dungeon generators play bot games to find a real position, and a level that must find a rare
answer ("yes, they surely hold a dragon") can search many games. Rows per level of the
lessons whose items are dealt from games; the slowest item is what a child may notice.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):   # run as a script: the repository root must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sq_edu.practice import generate, load_lessons

LEVELS = (("card_detective", 2), ("card_detective", 3), ("chances", 5), ("chances", 7),
          ("dungeon_scoring", 4), ("dungeon_scoring", 5))
SEED = 4 * 10**7   # items no deal and no test uses


def timings(lesson_id: str, level: int, items: int) -> list[float]:
    lesson = load_lessons().lessons[lesson_id]
    spent = []
    for i in range(items):
        start = time.perf_counter()
        generate(lesson, level, SEED + i)
        spent.append((time.perf_counter() - start) * 1000)
    return spent


def run(quick: bool = False) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for lesson_id, level in LEVELS:
        spent = timings(lesson_id, level, 15 if quick else 60)
        rows.append({"benchmark": f"{lesson_id} {level}: median item", "unit": "ms",
                     "value": statistics.median(spent), "target": "< 150"})
        rows.append({"benchmark": f"{lesson_id} {level}: slowest item", "unit": "ms",
                     "value": max(spent), "target": "< 1000"})
    return rows


if __name__ == "__main__":
    for row in run(quick=len(sys.argv) > 1 and int(sys.argv[1]) <= 15):
        print(f"{row['benchmark']}: {row['value']:.0f} {row['unit']}", flush=True)
