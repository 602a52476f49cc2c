"""`SecretFields`: the secret picture and the 4 secret digits a learner gives with a nickname.

The lesson's progress panel, Play's nickname row and the Table's lobby all show this one
widget, so that every record is reached through `SecretGate` with the same controls: the
hooks `sq-secret-picture` (buttons) and `sq-secret` (the digits) are found by a child and a
browser test alike everywhere. What an app needs beside the digits (the lesson's "Keep my
progress") goes in `beside`, on the digits' row. `take()` hands over what was given and
clears both, so the secret is never left on the screen for the next child.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.widgets.picture_picker import PicturePicker


class SecretFields(widgets.VBox):
    """The help line, the sixteen pictures and the secret number (with `beside` after it on
    one row); `shown=False` hides all three but leaves what is beside (a record without a
    secret: the lesson's explicit progress file)."""

    def __init__(self, lang: str = "en", *, beside: Sequence[widgets.Widget] = (),
                 shown: bool = True) -> None:
        self.lang = normalize_lang(lang)
        self.help = widgets.HTML()
        self.help.add_class("sq-help-line")
        self.picture = PicturePicker(self.lang)
        # Sent on leaving, like every text box (`controls.text_box`): the digits reach the
        # kernel before the click on "create", "join" or "Keep my progress".
        self.secret = widgets.Password(style={"description_width": "initial"},
                                       layout=widgets.Layout(width="16em"),
                                       continuous_update=False)
        self.secret.add_class("sq-secret")
        if not shown:
            for part in (self.help, self.picture, self.secret):
                part.layout.display = "none"
        row: widgets.Widget = self.secret
        if beside:
            row = widgets.HBox([self.secret, *beside])
            row.add_class("sq-secret-row")
        super().__init__([self.help, self.picture, row])
        self.add_class("sq-secret-fields")
        self.set_lang(self.lang)

    def take(self) -> tuple[str | None, str]:
        """The picked picture and the typed digits; both are cleared."""
        given = (self.picture.value, self.secret.value)
        self.clear()
        return given

    def clear(self) -> None:
        self.picture.clear()
        self.secret.value = ""

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        self.help.value = escape(t("safety.pin_help", self.lang))
        self.picture.set_lang(self.lang)
        self.secret.description = t("safety.pin", self.lang)
        self.secret.placeholder = t("safety.pin_example", self.lang)
