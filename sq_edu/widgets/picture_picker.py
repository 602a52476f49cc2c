"""`PicturePicker`: the sixteen secret pictures as big buttons, one picked at a time.

Half of a learner's secret (`practice/secret_pictures.py`). Each button shows its symbol large
and its name under it in the page's language, so a screen reader and a child who reads both
hear and see "star", and a keyboard reaches every button with Tab (Enter or Space picks). The
line under the buttons says which picture is picked (a live region, so it is announced).
`clear()` unpicks it, so the picture is never left on the screen for the next child.

Stable hooks: `sq-secret-picture` (the buttons; value = the picture's id, None when none),
`sq-secret-picture-said` (the line).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.practice.secret_pictures import PICTURE_IDS, symbol


def picture_name(picture: str, lang: str) -> str:
    """The picture's name in `lang` ("star", "звезда")."""
    return t(f"safety.picture_{picture}", lang)


class PicturePicker(widgets.VBox):
    """Sixteen picture buttons and the line that says which one is picked."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = normalize_lang(lang)
        self.buttons = widgets.ToggleButtons(options=self._options(), index=None,
                                             style={"button_width": "auto"})
        self.buttons.add_class("sq-secret-picture")
        self.said = widgets.HTML()
        self.said.add_class("sq-secret-picture-said")
        self.buttons.observe(lambda _change: self._say(), "value")
        super().__init__([self.buttons, self.said])
        self.add_class("sq-secret-pictures")
        self._say()

    @property
    def value(self) -> str | None:
        """The picked picture's id, or None."""
        return self.buttons.value

    def clear(self) -> None:
        self.buttons.index = None

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        picked = self.buttons.value
        self.buttons.options = self._options()   # the ids do not change: the pick stays
        if picked is None:
            self.buttons.index = None
        else:
            self.buttons.value = picked
        self._say()

    def _options(self) -> list[tuple[str, str]]:
        # Symbol, a line break (app.css: pre-line) and the name: the button's accessible name.
        return [(f"{symbol(p)}\n{picture_name(p, self.lang)}", p) for p in PICTURE_IDS]

    def _say(self) -> None:
        picked = self.buttons.value
        text = (t("safety.picture_chosen", self.lang, name=picture_name(picked, self.lang))
                if picked else t("safety.picture_none", self.lang))
        self.said.value = (f"<p role='status' aria-live='polite' style='margin:2px 0'>"
                           f"<b>{escape(t('safety.picture_title', self.lang))}:</b> "
                           f"{escape(text)}</p>")
