"""`PasswordBox`: a password field whose Enter sends the typed word with it (one anywidget).

ipywidgets' `Password` syncs its value per keystroke and sends Enter as a bare "submit"
message. ipywidgets holds a model's later changes back until the kernel answered the first,
but sends a custom message at once, so a word typed fast and entered at once reached the
kernel after its "submit": the teacher page judged "o" for "owls-at-noon". Here Enter's
message carries the word (`password_box.js`), so what is judged is always what was typed;
the value alone is sent when the box is left, as `controls.text_box` sends its words, so a tap
on a button beside it finds the whole word too.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import anywidget
import traitlets

_HERE = Path(__file__).parent
MAX_WORD = 1_000   # no password is longer; a longer message is cut, never stored whole

SubmitHandler = Callable[[str], object]


class PasswordBox(anywidget.AnyWidget):
    """A labelled password input; `on_submit(callback)` hears Enter with the typed word."""

    _esm = _HERE / "password_box.js"
    # The label as wide as its words (ipywidgets' description_width "initial"), the box
    # taking the rest of the row.
    _css = ".sq-password-label { width: auto !important; text-align: left !important; }"

    value = traitlets.Unicode("", help="the word, as sent on leaving the box or with Enter").tag(
        sync=True)
    description = traitlets.Unicode("", help="the label before the box").tag(sync=True)
    placeholder = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._submit_handlers: list[SubmitHandler] = []
        self.on_msg(self._message)

    def on_submit(self, callback: SubmitHandler) -> None:
        """Call `callback(word)` when Enter is pressed in the box."""
        self._submit_handlers.append(callback)

    def submit(self, word: str) -> None:
        """What Enter does: the box holds `word` and every `on_submit` callback hears it."""
        self.value = word[:MAX_WORD]
        for handler in list(self._submit_handlers):
            handler(self.value)

    def _message(self, _widget: object, content: object, _buffers: object = None) -> None:
        """The page's Enter, `{"event": "submit", "value": word}`; anything else is ignored."""
        if (isinstance(content, dict) and content.get("event") == "submit"
                and isinstance(content.get("value"), str)):
            self.submit(content["value"])
