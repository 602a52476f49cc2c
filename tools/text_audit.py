"""Proofread every generated line and every catalogue message by script.

    .venv/bin/python tools/text_audit.py [--seeds 50] [--show 5]

For every lesson, level and seed (both languages) it renders what a learner can see: the
prompt, the lines shown with it, the options, every hint and the worked answer, what is shown
after answering, the verdicts of a wrong answer and of each misconception. It counts the lines
with a catalogue key or `{placeholder}` left in, an ASCII hyphen used as a minus or a dash, a
step that says `x = x`, typography («...», "::", the wrong quotes, «0.25» or «12 %» in Russian),
agreement ("You takes", «Ты берёт») and glossary terms (`sq_edu.i18n.proof`). It plays whole
Dungeon of Queens hands through the app's controls (wrong scores too) and reads the table, the
sheet and the story. The catalogue's own messages are counted too, with the register of each
(ты to a child, вы to a grown-up: `sq_edu.i18n.audience`). `tests/i18n/test_proof.py` runs the
same checks and fails on any line.
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
from sq_edu.i18n.audience import register_faults
from sq_edu.i18n.proof import faults
from sq_edu.practice import Exercise, check, generate, load_lessons, typed_form

SEEDS = 50
WRONG = "987654"  # a wrong answer of every typed kind
KINDS = ("raw_key", "hyphen", "same", "typography", "grammar", "terms", "register")


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


def dungeon_lines(seeds: int = 2, tricks: int = 40, start: int = 0) -> Iterator[tuple[str, str]]:
    """(where, line) for what the Dungeon app shows while a hand or more is played through its
    controls, each score typed wrong first (so its working shows) and then right; deals
    `start` to `start + seeds - 1`."""
    from sq_edu.apps.dungeon import DungeonApp
    from tools.widget_text import widget_lines

    for seed in range(start, start + seeds):
        for lang in LANGS:
            app = DungeonApp(lang, seed)
            for step in range(tricks * 6):
                for line in widget_lines(app):
                    yield f"dungeon/{seed}/{lang}/{step}", line
                if app.game.is_over:
                    break
                if app.to_check:
                    row = app.to_check[0]
                    app.score_input.value = str(row.after + (5 if step % 2 else 0))
                    app.check_button.click()
                    app.continue_button.click()
                elif app.hand_done:
                    app.next_hand_button.click()
                elif app.trump_box.layout.display == "flex":
                    next(b for b in app.trump_buttons.values() if not b.disabled).click()
                elif app.hand_box.playable:
                    app.hand_box.pick(app.hand_box.playable[0])


def register_lines() -> Iterator[tuple[str, str]]:
    """(key, word) for each word of the wrong register in the Russian catalogue."""
    for key, entry in catalog().items():
        for field, value in entry.items():
            if field == "ru":
                for text in value.values() if isinstance(value, dict) else [value]:
                    for hit in register_faults(key, str(text)):
                        yield key, hit


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
    for key, hit in register_lines():
        cat["register"] += 1
        if args.show:
            print(f"  register {key}: {hit!r}")
    gen = count(generated_lines(args.seeds), args.show)
    dungeon = count(dungeon_lines(), args.show)
    for name, found in (("catalogue", cat), ("generated", gen), ("dungeon", dungeon)):
        print(f"{name}: {found['lines']} unique lines; "
              + ", ".join(f"{k} {found[k]}" for k in KINDS))
    return 1 if any(found[k] for found in (cat, gen, dungeon) for k in KINDS) else 0


if __name__ == "__main__":
    sys.exit(main())
