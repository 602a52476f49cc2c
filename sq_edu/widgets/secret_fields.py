"""`SecretFields`: the secret picture and the 4 secret digits a learner gives with a nickname.

The game apps (Play's nickname row, the Table's lobby) show it so that a game's answers reach
a named record only through `SecretGate`, as the lesson's progress panel does. The hooks are
the lesson's own (`sq-secret-picture` buttons, `sq-secret` for the digits), so a child and a
browser test find the same controls everywhere. `take()` hands over what was given and clears
both, so the secret is never left on the screen for the next child.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sq_edu.i18n import normalize_lang, t
from sq_edu.widgets.picture_picker import PicturePicker


class SecretFields(widgets.VBox):
    """The help line, the sixteen pictures and the secret number."""

    def __init__(self, lang: str = "en") -> None:
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
        super().__init__([self.help, self.picture, self.secret])
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
