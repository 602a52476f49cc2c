"""Every dashboard app, built and used in each language, shows finished words only: no
catalogue key, no unfilled `{placeholder}`, no hyphen used as a minus or a dash, no `x = x`
step, in any text any widget carries (sq_edu/i18n/proof.py). The browser pass is
tests/browser/test_page_words.py; this one walks the widgets, so it also sees what a game
shows only later (the coach's questions, the bots' reasoning, a wrong score's working)."""

from __future__ import annotations

import pytest

from sq_edu.apps.dungeon import DungeonApp
from sq_edu.apps.index import IndexApp
from sq_edu.apps.lesson import LessonApp
from sq_edu.apps.play import PlayApp
from sq_edu.apps.teacher.app import TeacherApp
from sq_edu.i18n.proof import faults
from sq_edu.practice import load_lessons
from tests.apps.play.test_play_coach import play_quiz_game
from tools.widget_text import widget_lines


def problems(widget: object) -> list[str]:
    return sorted({f"{kind}: {line[:140]}" for line in widget_lines(widget)
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
