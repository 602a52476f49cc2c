"""The Dungeon page's lesson tab: the scoring lesson (`lessons/dungeon_scoring.toml`) shown by
the lesson app the page hands in.

The app folders never import each other, so the Dungeon app does not import `LessonApp`: the
page (`notebooks/dungeon.ipynb`) passes it, `DungeonApp(..., lesson=LessonApp)`, and this module
says what the Dungeon needs of it. Without one the Dungeon has no lesson tab.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from sq_edu.practice.generators.dungeon import LESSON_ID


class LessonTab(Protocol):
    """What the Dungeon app asks of its lesson tab (a `LessonApp` is one)."""

    language: Any   # the lesson's own language switch, hidden: the page has one at the top

    def add_class(self, name: str) -> Any: ...
    def join_class(self, code: str, fixed: bool = False) -> None: ...
    def set_lang(self, lang: str) -> None: ...


LessonMaker = Callable[..., LessonTab]   # LessonApp(lesson_id, lang=, seed=, level=)


def lesson_tab(make: LessonMaker | None, lang: str, seed: int | None,
               level: int | None) -> LessonTab | None:
    """The scoring lesson made by `make` for this page's language, deal and level."""
    if make is None:
        return None
    lesson = make(LESSON_ID, lang=lang, seed=seed if seed is not None else 1, level=level)
    lesson.add_class("sq-dungeon-lesson")
    # One language switch per page: the one at the top switches every tab.
    lesson.language.layout.display = "none"
    return lesson
