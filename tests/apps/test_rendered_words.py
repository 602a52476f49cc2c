"""Every dashboard app, built and used in each language, shows finished words only: no
catalogue key, no unfilled `{placeholder}`, no hyphen used as a minus or a dash, no `x = x`
step, in any text any widget carries (sq_edu/i18n/proof.py). The browser pass is
tests/browser/test_page_words.py; this one walks the widgets, so it also sees what a game
shows only later (the coach's questions, the bots' reasoning, a wrong score's working)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from sq_edu.apps.dungeon import DungeonApp
from sq_edu.apps.index import IndexApp
from sq_edu.apps.lesson import LessonApp
from sq_edu.apps.play import PlayApp
from sq_edu.apps.teacher.app import TeacherApp
from sq_edu.i18n.proof import faults
from sq_edu.practice import load_lessons
from tests.apps.play.test_play_coach import play_quiz_game

SKIP = {"_esm", "_css", "_model_name", "_view_name", "_model_module", "_view_module",
        "_model_module_version", "_view_module_version", "_dom_classes", "layout", "style",
        "href", "accept", "icon"}


def texts(widget: object, seen: set[int] | None = None) -> Iterator[str]:
    """Every string a widget tree shows: values, descriptions, options, tooltips, placeholders."""
    seen = set() if seen is None else seen
    if id(widget) in seen or not isinstance(widget, widgets.Widget):
        return
    seen.add(id(widget))
    for name in widget.keys:
        if name in SKIP or (name.startswith("_") and name != "_options_labels"):
            continue
        value = getattr(widget, name, None)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, widgets.Widget):
                yield from texts(item, seen)
            elif isinstance(item, tuple):   # a dropdown's (label, value)
                yield from (str(x) for x in item if isinstance(x, str))
            elif isinstance(item, str) and item.strip():
                yield item
    for child in getattr(widget, "children", ()):
        yield from texts(child, seen)


def lines(widget: object) -> list[str]:
    """The widget tree's text as a reader sees it: tags dropped, entities read, one per line."""
    out = []
    for text in texts(widget):
        plain = html.unescape(re.sub(r"<(style|script)\b.*?</\1>|<[^>]+>", "\n", text,
                                     flags=re.S))
        out += [line.strip() for line in plain.splitlines() if line.strip()]
    return out


def problems(widget: object) -> list[str]:
    return sorted({f"{kind}: {line[:140]}" for line in lines(widget)
                   for kind, hits in faults(line).items() if hits})


LESSONS = sorted(load_lessons().lessons)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_lessons_show_finished_words_on_every_level(lang: str) -> None:
    bad = []
    for lesson_id in LESSONS:
        app = LessonApp(lesson_id, lang, 1, 3)
        for level in range(1, len(app.lesson.levels) + 1):
            app.set_level(level)
            for _ in range(4):   # every hint down to the worked answer
                app.hint_button.click()
            bad += [f"{lesson_id}/{level}: {p}" for p in problems(app)]
    assert bad == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_coached_game_shows_finished_words(lang: str, tmp_path) -> None:
    app = PlayApp(lang, 5, coach="quiz", bots="counting", progress_dir=tmp_path)
    seen: list[str] = []
    original = app.coach.bots

    def watch(_change: dict) -> None:
        seen.extend(problems(app))

    original.observe(watch, "value")
    app.coach.question.observe(watch, "value")
    play_quiz_game(app)
    assert sorted(set(seen + problems(app))) == []


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_other_pages_show_finished_words(lang: str) -> None:
    dungeon = DungeonApp(lang, 3, lesson=LessonApp)
    for page in (IndexApp(lang), TeacherApp(lang, teacher_key=""), dungeon):
        assert problems(page) == [], type(page).__name__
