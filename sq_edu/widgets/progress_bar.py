"""`ProgressBar`: a bar with words ("120 of 500") for anything that may take over a second."""

from __future__ import annotations

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t


class ProgressBar(widgets.HBox):
    """IntProgress + Label; hidden while idle so it never looks stuck."""

    def __init__(self, lang: str = "en") -> None:
        self.bar = widgets.IntProgress(value=0, min=0, max=1)
        self.label = widgets.Label()
        super().__init__([self.bar, self.label])
        self.add_class("sq-progress")
        self.lang = normalize_lang(lang)
        self.layout.visibility = "hidden"

    def start(self, total: int) -> None:
        self.bar.max = max(int(total), 1)
        self.bar.value = 0
        self.layout.visibility = "visible"
        self._say()

    def advance(self, done: int) -> None:
        self.bar.value = min(int(done), self.bar.max)
        self._say()

    def finish(self) -> None:
        self.bar.value = self.bar.max
        self._say()

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self._say()

    def _say(self) -> None:
        self.label.value = t("widgets.progress_label", self.lang, done=self.bar.value,
                             total=self.bar.max)
        self.bar.description = ""
