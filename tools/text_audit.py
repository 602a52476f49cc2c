"""Proofread every generated line and every catalogue message by script.

    .venv/bin/python tools/text_audit.py [--seeds 50] [--show 5]

For every lesson, level and seed (both languages) it renders what a learner can see: the
prompt, the lines shown with it, the options, every hint and the worked answer, what is shown
after answering, the verdicts of a wrong answer and of each misconception. It counts the lines
with a catalogue key or `{placeholder}` left in, an ASCII hyphen used as a minus or a dash, and
a step that says `x = x` (`sq_edu.i18n.proof`). The catalogue's own messages are counted too.
`tests/i18n/test_proof.py` runs the same checks and fails on any line.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository root must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sq_edu.i18n import LANGS, catalog
from sq_edu.i18n.proof import faults
from sq_edu.practice import Exercise, check, generate, load_lessons, typed_form

SEEDS = 50
WRONG = "987654"  # a wrong answer of every typed kind


def exercise_lines(ex: Exercise, lang: str) -> Iterator[str]:
    """Every line a learner may see for `ex` in `lang`, before and after answering."""
    shown = [ex.prompt, *ex.context, *(o.label for o in ex.options),
             *(ex.hint(i) for i in range(ex.hint_count)), *ex.reveal, *ex.worked,
             *(why for _, why in ex.traps)]
    for item in shown:
        yield item.render(lang)
    answers = [WRONG, *(typed_form(ex, value) for value, _ in ex.traps)]
    if ex.answers:
        answers.append(typed_form(ex, ex.answers[0]))
    for answer in answers:
        try:
            yield from check(ex, answer).lines(lang)
        except (TypeError, ValueError):  # a trap value in a form this kind cannot take
            continue


def generated_lines(seeds: int = SEEDS, only: str = "") -> Iterator[tuple[str, str]]:
    """(where, line) for every lesson (or the lesson `only`), level, seed and language."""
    for lesson_id, lesson in sorted(load_lessons().lessons.items()):
        if only and lesson_id != only:
            continue
        for level in range(1, len(lesson.levels) + 1):
            for seed in range(seeds):
                ex = generate(lesson, level, seed)
                for lang in LANGS:
                    for line in exercise_lines(ex, lang):
                        yield f"{lesson_id}/{level}/{seed}/{lang}", line


def catalogue_lines() -> Iterator[tuple[str, str]]:
    """(key, text) for every language value and case form of the catalogue, unfilled."""
    for key, entry in catalog().items():
        for field, value in entry.items():
            for text in value.values() if isinstance(value, dict) else [value]:
                yield f"{key}.{field}", str(text)


def count(lines: Iterator[tuple[str, str]], show: int = 0, filled: bool = True) -> Counter:
    """Lines (unique per text) with each class of fault; `show` prints examples of each."""
    found: Counter = Counter()
    seen: set[str] = set()
    shown: Counter = Counter()
    for where, line in lines:
        if line in seen:
            continue
        seen.add(line)
        found["lines"] += 1
        for kind, hits in faults(line).items():
            if not hits or (kind == "raw_key" and not filled):  # a message's own {fields}
                continue
            found[kind] += 1
            if shown[kind] < show:
                shown[kind] += 1
                print(f"  {kind:8} {where}: {line[:160]!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=SEEDS)
    parser.add_argument("--show", type=int, default=0, help="examples to print per fault")
    args = parser.parse_args(argv)
    cat = count(catalogue_lines(), args.show, filled=False)
    gen = count(generated_lines(args.seeds), args.show)
    for name, found in (("catalogue", cat), ("generated", gen)):
        print(f"{name}: {found['lines']} unique lines; raw keys {found['raw_key']}, "
              f"hyphen-minus {found['hyphen']}, x = x {found['same']}")
    return 1 if any(found[k] for found in (cat, gen) for k in ("raw_key", "hyphen", "same")) \
        else 0


if __name__ == "__main__":
    sys.exit(main())
