"""In class mode, the nickname before the first task (class `sq-class-nickname`).

Why: the teacher's page lists learners by nickname, and a child who starts answering at once
used to show there as "0 answers, all fine". On a class page without a saved nickname the
progress panel's nickname, picture and number (the same widgets, moved, never copied) stand
above the task with one line saying why; once saved they go back into the panel. The
answers given before still reach the teacher (`ClassTrace` keeps them until the nickname).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sq_edu.apps.lesson.progress import ProgressPanel
from sq_edu.i18n import t


class NicknameFirst(widgets.VBox):
    """Shown only while a class page has no saved nickname."""

    def __init__(self, panel: ProgressPanel) -> None:
        self.panel = panel
        self.line = widgets.HTML()
        self.asking = False
        super().__init__([])
        self.add_class("sq-class-nickname")
        self.layout.display = "none"

    def ask(self, in_class: bool) -> None:
        """A class page with no learner yet: the nickname comes first."""
        if not in_class or self.panel.store is not None or self.asking:
            return
        self.asking = True
        parts = self.panel.who_parts
        self.panel.children = tuple(c for c in self.panel.parts if c not in parts)
        self.children = [self.line, *parts]
        self.layout.display = "flex"
        self.set_lang(self.panel.lang)

    def done(self) -> None:
        """A nickname was saved: its row goes back into the progress panel."""
        if not self.asking or self.panel.store is None:
            return
        self.asking = False
        self.children = []
        self.panel.children = self.panel.parts
        self.layout.display = "none"

    def set_lang(self, lang: str) -> None:
        self.line.value = (f'<p class="sq-class-nickname-why" style="font-size:1.1em">'
                           f"<b>{escape(t('lesson_app.class_nickname_first', lang))}</b></p>")
