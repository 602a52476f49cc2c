"""The practice a teacher sent, on the learner's lesson page: "Your teacher suggests: <skill>
practice" and one big button that opens that lesson at that level (in the same class).

Read from the class folder (`sq_edu.practice.classroom.suggested`) for the learner the page
works under, whenever the page tells the class where the learner is (joining, saving the
nickname, changing level). On the suggested lesson and level the suggestion is followed: the
page says so once and the file goes. Hooks: sq-suggested (the box), sq-suggested-open (the
button, a link).

The box sits at the top of the page, but a learner saves their nickname at the bottom: on a
phone the box would appear off screen. Whenever a new box appears, `bringer` (placed beside
it) scrolls it into view, so the child sees it first.
"""

from __future__ import annotations

import os
from html import escape

import ipywidgets as widgets

from sq_edu.i18n import t
from sq_edu.links import PageParams, page_of_lesson
from sq_edu.practice import load_lessons
from sq_edu.practice.classroom.suggested import Suggestion, practice_done, suggestion_for
from sq_edu.widgets.bring_into_view import BringIntoView

_BOX = ("border:2px solid #1d4ed8;border-radius:12px;background:#eff6ff;color:#111827;"
        "padding:10px 14px;margin:6px 0;font-size:1.15em")
_BUTTON = ("display:inline-block;min-height:48px;min-width:48px;box-sizing:border-box;"
           "padding:12px 20px;border-radius:10px;background:#1d4ed8;color:#ffffff;"
           "font-weight:bold;text-decoration:none;font-size:1.05em")


class SuggestedPractice(widgets.HTML):
    """Empty unless the teacher sent this learner practice."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("sq-suggested")
        self.layout.display = "none"
        self.suggestion: Suggestion | None = None
        self.here = False          # the page is on the suggested lesson and level
        self._code = ""
        self.bringer = BringIntoView(".sq-suggested")   # put it beside the box in the app

    def update(self, folder: str | os.PathLike[str] | None, code: str, nickname: str,
               lesson: str, level: int, lang: str) -> None:
        """Look again for this learner's suggestion; the page is on `lesson` at `level`."""
        found = suggestion_for(folder, code, nickname)
        self._code = code
        before = (self.suggestion, self.here)
        if found is not None and (found.lesson, found.level) == (lesson, level):
            practice_done(folder, code, nickname)
            self.suggestion, self.here = found, True
        elif found is not None:
            self.suggestion, self.here = found, False
        elif not self.here:
            self.suggestion = None
        self.draw(lang)
        if self.suggestion is not None and (self.suggestion, self.here) != before:
            self.bringer.bring()      # a new box: where the child is looking now

    def draw(self, lang: str) -> None:
        found = self.suggestion
        self.layout.display = "none" if found is None else "flex"
        if found is None:
            self.value = ""
            return
        lessons = load_lessons().lessons
        lesson = lessons.get(found.lesson)
        skill = lesson.skill_title(found.skill, lang) if lesson is not None else found.skill
        if self.here:
            line = escape(t("classroom.suggested_here", lang, skill=skill))
            self.value = f'<div role="status" style="{_BOX}"><p style="margin:0">{line}</p></div>'
            return
        query = PageParams(lang, level=found.level, class_code=self._code).to_query()
        href = f"{page_of_lesson(found.lesson)}.ipynb?{query}"
        title = escape(t("classroom.suggested_title", lang, skill=skill))
        label = escape(t("classroom.suggested_open", lang, level=found.level))
        self.value = (f'<div role="status" style="{_BOX}"><p style="margin:0 0 8px 0">'
                      f"<b>{title}</b></p>"
                      f'<a class="sq-suggested-open" href="{escape(href)}" '
                      f'style="{_BUTTON}">{label}</a></div>')
