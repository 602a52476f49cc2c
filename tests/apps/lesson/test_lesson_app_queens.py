"""Queen-points questions show the queens as pictures, with names and points readable."""

from __future__ import annotations

import re

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.apps.lesson.queens import QueenPictures
from sq_edu.engine.cards import QUEEN_POINTS
from sq_edu.i18n import t


def _pictures(app: LessonApp) -> QueenPictures:
    found = [w for w in app.visual.children if isinstance(w, QueenPictures)]
    assert len(found) == 1, "a queens.* question shows one set of queen pictures"
    return found[0]


@pytest.mark.parametrize("level", [1, 3, 5])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_queen_question_shows_each_named_queen_with_name_and_points(level: int, lang: str) -> None:
    app = LessonApp("queen_points", lang=lang, level=level, seed=11)
    pictures = _pictures(app)
    queens = app.exercise.extra["queens"]
    assert queens and pictures.have == tuple(queens)
    html = pictures.value
    assert html.count("<svg") == len(queens) + len(pictures.choices)
    for queen in (*queens, *pictures.choices):
        name = t(f"common.queen_{queen}", lang)
        points = t("common.count_points", lang, n=QUEEN_POINTS[queen])
        assert f"{name}<br><b>{points}</b>" in html
        assert name in app.exercise.prompt.render(lang) or queen in pictures.choices
    if level == 5:  # "which two queens make exactly 50?": each option names two queens
        assert not pictures.choices and t("lesson_app.queens_to_choose", lang) not in html
        labels = [o.label.render(lang) for o in app.exercise.options]
        for option, label in zip(app.exercise.options[:-1], labels, strict=False):
            for queen in option.id.split("+"):
                assert f"{t(f'common.queen_{queen}', lang)} ({QUEEN_POINTS[queen]})" in label


def test_queen_pictures_follow_the_language_switch() -> None:
    app = LessonApp("queen_points", lang="en", level=1, seed=4)
    queen = app.exercise.extra["queens"][0]
    app.set_lang("ru")
    html = _pictures(app).value
    assert t(f"common.queen_{queen}", "ru") in html
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", html)
    assert captions and not any("point" in c or "Queen" in c for c in captions)


def test_other_lessons_show_no_queen_pictures() -> None:
    app = LessonApp("equations", level=2, seed=4)
    assert not [w for w in app.visual.children if isinstance(w, QueenPictures)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_worked_example_shows_its_queens_as_pictures(lang: str) -> None:
    """Teach first: a queen-points level opens with its example drawn, not only written."""
    app = LessonApp("queen_points", lang=lang, level=2, seed=3)
    example = app.session.example
    queens = example.extra["queens"]
    html = app.example_box.value
    assert "sq-example-box" in html and html.count("<svg") == len(queens)
    for queen in queens:
        assert t(f"common.queen_{queen}", lang) in html
