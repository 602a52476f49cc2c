"""A seeded, reproducible sample of generated lines per category, for a person to read.

    .venv/bin/python tools/text_sample.py --seed 1 --per 50 --out test-artifacts/text_sample_1.txt

The mechanical proofreader (`tools/text_audit.py`) sees only what a script can; agreement,
cases, register and plain sense need a reader. This tool gathers what a learner, a teacher and
a grown-up see (every lesson and level, whole games with the coach in each mode, the bots'
story, the game-over panel, the Dungeon table, the teacher page with its worksheets and
report) from deals drawn from `--seed`, and writes `--per` distinct lines of each category and
language, numbered, so a reader can note faults per 100 lines. Another seed gives other deals
and another sample: the "after" count of a fix is read on a sample the fix was not made on.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository root must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sq_edu.i18n import LANGS
from sq_edu.practice import check, generate, load_lessons, typed_form
from tools.text_audit import WRONG, dungeon_lines
from tools.widget_text import widget_lines

CATEGORIES = ("item", "hint", "worked", "verdict", "coach_helper", "coach_quiz",
              "coach_detective", "bots", "game_over", "dungeon", "teacher", "grownups")
Lines = Iterator[tuple[str, str]]   # (category, line)


def lesson_lines(seed: int, deals: int = 6) -> Iterator[tuple[str, str, str]]:
    """(category, lang, line) for `deals` exercises of every lesson and level."""
    for _lesson_id, lesson in sorted(load_lessons().lessons.items()):
        for level in range(1, len(lesson.levels) + 1):
            for deal in range(deals):
                ex = generate(lesson, level, seed * 1000 + deal)
                for lang in LANGS:
                    for item in (ex.prompt, *ex.context, *(o.label for o in ex.options)):
                        yield "item", lang, item.render(lang)
                    for i in range(ex.hint_count):
                        yield "hint", lang, ex.hint(i).render(lang)
                    for item in (*ex.reveal, *ex.worked):
                        yield "worked", lang, item.render(lang)
                    answers = [WRONG, *(typed_form(ex, v) for v, _ in ex.traps)]
                    for answer in answers:
                        try:
                            for line in check(ex, answer).lines(lang):
                                yield "verdict", lang, line
                        except (TypeError, ValueError):
                            continue


def _answer(app: object, right: bool) -> None:
    """Answer the coach's waiting question through its controls, right or wrong."""
    panel = app.coach  # type: ignore[attr-defined]
    ex = panel.coach.current.exercise
    if ex.kind in ("choice", "seat"):
        choices = [o.id for o in ex.options] if ex.kind == "choice" else [str(s) for s in ex.seats]
        index = (choices.index(str(ex.answers[0])) if right else
                 next(i for i, c in enumerate(choices) if c != str(ex.answers[0])))
        panel.options.children[index].click()
    elif ex.kind == "cards":
        panel.show_me.click()
    else:
        panel.answer_text.value = (str(typed_form(ex, ex.answers[0])) if right else
                                   {"number": "60", "fraction": "99/100"}.get(ex.kind, "99%"))
        panel.check.click()


def _move(app: object) -> None:
    """One move of the child's own: wake or defend, else attack, else discard."""
    legal = app.legal()  # type: ignore[attr-defined]
    move = next((m for m in legal if m.kind in ("wake", "choose", "allow", "block")), None)
    move = move or next((m for m in legal if m.kind in ("steal", "sleep", "jester")), None)
    app.play(move or next(m for m in legal if m.kind == "discard"))  # type: ignore[attr-defined]


def game_lines(seed: int, games: int = 5) -> Iterator[tuple[str, str, str]]:
    """(category, lang, line) while whole games are played with the coach in each mode."""
    from sq_edu.apps.play import PlayApp

    for mode in ("helper", "quiz", "detective"):
        for game in range(games):
            for lang in LANGS:
                folder = tempfile.mkdtemp(prefix="sq-sample-")
                app = PlayApp(lang, seed * 100 + game, opponents=1 + (seed + game) % 3,
                              coach=mode, bots="counting", progress_dir=folder)
                answered = 0
                for _ in range(3000):
                    yield from (("coach_" + mode, lang, x) for x in widget_lines(app.coach))
                    yield from (("bots", lang, x) for x in widget_lines(app.board.story))
                    if app.game.is_over:
                        break
                    if app.bot_bar.layout.display != "none":
                        app.next_button.click()
                    elif app.coach.coach.current is not None and mode != "helper":
                        _answer(app, right=answered % 3 == 0)
                        answered += 1
                        if app.coach.coach.current is not None:   # a second try, wrong again
                            _answer(app, right=False)
                    else:
                        _move(app)
                yield from (("game_over", lang, x) for x in widget_lines(app.over))
                yield from (("grownups", lang, x) for x in widget_lines(app.settings))


def page_lines(seed: int) -> Iterator[tuple[str, str, str]]:
    """(category, lang, line) of the teacher page (with a worksheet of every lesson) and the
    grown-ups' parts of the other pages."""
    from sq_edu.apps.lesson import LessonApp
    from sq_edu.apps.teacher.app import TeacherApp
    from sq_edu.practice import worksheet_html

    for lang in LANGS:
        yield from (("teacher", lang, x) for x in widget_lines(TeacherApp(lang, teacher_key="")))
        for _lesson_id, lesson in sorted(load_lessons().lessons.items()):
            level = 1 + seed % len(lesson.levels)
            page = worksheet_html(lesson, level, seed, 6, lang)   # with its answer key
            text = html.unescape(re.sub(r"<(style|script)\b.*?</\1>|<[^>]+>", "\n", page,
                                        flags=re.S))
            yield from (("teacher", lang, x.strip()) for x in text.splitlines() if x.strip())
        app = LessonApp(sorted(load_lessons().lessons)[seed % 5], lang, 1, seed)
        yield from (("grownups", lang, x) for x in widget_lines(app.settings))


def sample(seed: int, per: int) -> dict[tuple[str, str], list[str]]:
    """`per` distinct lines of every (category, language), drawn with `seed`."""
    pool: dict[tuple[str, str], dict[str, str]] = defaultdict(dict)
    for lang_lines in (lesson_lines(seed), game_lines(seed), page_lines(seed)):
        for category, lang, line in lang_lines:
            if any(ch.isalpha() for ch in line):   # not a bare number, box or bar
                pool[category, lang].setdefault(_pattern(line), line)
    for where, line in dungeon_lines(seeds=1, start=seed):
        if any(ch.isalpha() for ch in line):
            pool["dungeon", where.split("/")[2]].setdefault(_pattern(line), line)
    rng = random.Random(seed)
    return {key: rng.sample(sorted(lines.values()), min(per, len(lines)))
            for key, lines in sorted(pool.items())}


def _pattern(line: str) -> str:
    """A line with its numbers blanked: lines that differ only in their numbers are read
    once (the reader sees 60 kinds of sentence, not "43 cards" and "44 cards")."""
    return re.sub(r"\d+", "#", line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--per", type=int, default=50, help="lines per category and language")
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    out = []
    for (category, lang), lines in sample(args.seed, args.per).items():
        out.append(f"## {category} {lang} ({len(lines)} lines, seed {args.seed})")
        out += [f"{i:3}. {line}" for i, line in enumerate(lines, 1)]
    text = "\n".join(out) + "\n"
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
