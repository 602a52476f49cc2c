"""Per lesson level: how often format-aware guessers are right and whether they open the level,
and what a learner carrying one named misconception gets (wrong how often, the right message,
opens the level or not).

    python tools/learner_outcomes.py [--deals 20] [--items 100] [--bank 200] [LESSON[:LEVEL] ...]

Why: mastery is only as honest as the guess rate it assumes and the items it deals; this prints
the figures the closing note of a change to generators or mastery compares, before and after.
It drives the simulated learners of the tests (tests/practice/learners.py) through a
widget-free LessonSession, exactly as the tests do; with `--bank N` the runs draw their items
from N items dealt once per level (`bank_run`, as the long tests do: hundreds of deals in
minutes, not hours).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sq_edu.practice import check, generate, load_lessons
from tests.practice.learners import (
    bank_run,
    carrying,
    constant,
    guesser,
    plausible,
    run,
)


def level_figures(lesson, level: int, deals: int, items: int, size: int = 0) -> dict:
    def play(learner, deal: int, limit: int):
        if size:
            return bank_run(lesson, level, learner, deal, limit=limit, size=size)
        return run(lesson, level, learner, seed=deal, limit=limit)

    guessers = {"uniform": guesser, "plausible": plausible, "constant": constant}
    rates, opens = {}, {}
    exercises = [generate(lesson, level, 2 * 10**7 + s) for s in range(items)]
    for name, learner in guessers.items():
        rng = random.Random(name)
        said = [check(ex, learner(ex, rng)) for ex in exercises]
        rates[name] = sum(j.correct for j in said) / items
        opens[name] = sum(play(learner, d, 50).opened_after is not None
                          for d in range(1, deals + 1))
    slips = {}
    for key in lesson.levels[level - 1].misconceptions:
        learner = carrying(key)
        rng = random.Random(key)
        said = [check(ex, learner(ex, rng)) for ex in exercises]
        wrong = [j for j in said if not j.correct]
        named = sum(j.misconception == key for j in wrong)
        opened = sum(play(learner, d, 120).opened_after is not None
                     for d in range(1, deals + 1))
        slips[key.rsplit(".", 1)[-1]] = (len(wrong) / items, named / max(1, len(wrong)), opened)
    return {"guess": rates, "opens": opens, "slips": slips,
            "stored": lesson.levels[level - 1].guess}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--items", type=int, default=100)
    parser.add_argument("--bank", type=int, default=0,
                        help="draw each run's items from this many dealt items (0: deal each)")
    parser.add_argument("only", nargs="*")
    args = parser.parse_args(argv)
    lessons = load_lessons().lessons
    print(f"deals={args.deals} items={args.items} bank={args.bank}")
    print("level | guess right: uniform/plausible/constant (stored) | guessers opened "
          "| misconception: wrong on, named, opened")
    for lid, lesson in sorted(lessons.items()):
        for n in range(1, len(lesson.levels) + 1):
            if args.only and lid not in args.only and f"{lid}:{n}" not in args.only:
                continue
            f = level_figures(lesson, n, args.deals, args.items, args.bank)
            g = "/".join(f"{v:.0%}" for v in f["guess"].values())
            o = "/".join(str(v) for v in f["opens"].values())
            s = "; ".join(f"{k} {w:.0%} {m:.0%} {op}/{args.deals}"
                          for k, (w, m, op) in f["slips"].items())
            print(f"{lid} {n} | {g} ({f['stored']:.0%}) | {o} | {s}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
