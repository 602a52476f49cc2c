"""Sample every lesson level's guess rate from its generator and write it into the lesson file.

    python tools/guess_rates.py [--items 150] [--check] [LESSON ...]

Why: mastery needs to know how often a guess is right (sq_edu/practice/guessing.py); sampling
at run time would cost a lesson page seconds, so the rate is stored with the level (`guess =`
after its `generator =` line) and a test checks that it still matches the generator. Run this
after changing a generator or a level's parameters. `--check` only prints stored vs sampled.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sq_edu.practice import load_lessons  # noqa: E402
from sq_edu.practice.guessing import sampled_guess  # noqa: E402

MARGIN = 0.02   # stored a little above the sample: a sample of 150 items varies by about that


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=150)
    parser.add_argument("--check", action="store_true")
    parser.add_argument("only", nargs="*")
    args = parser.parse_args(argv)
    for lid, lesson in sorted(load_lessons(ROOT / "lessons").lessons.items()):
        if args.only and lid not in args.only:
            continue
        path = ROOT / "lessons" / lesson.source
        blocks = path.read_text(encoding="utf-8").split("[[levels]]")
        for n, level in enumerate(lesson.levels, 1):
            rate = sampled_guess(lesson, n, args.items)
            stored = min(1.0, math.ceil((rate + MARGIN) * 100) / 100)
            print(f"{lid} {n}: sampled {rate:.3f}, stored {level.guess:.2f} -> {stored:.2f}",
                  flush=True)
            block = re.sub(r"\nguess = [0-9.]+", "", blocks[n])
            blocks[n] = re.sub(r"(\ngenerator = [^\n]*)", rf"\1\nguess = {stored:.2f}", block,
                               count=1)
        if not args.check:
            path.write_text("[[levels]]".join(blocks), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
