"""`Countdown`: the seconds left in a round, counted down in the browser (the projector's and
each child's page), so the class sees the teacher's timer run without a message a second.

The kernel sets `left` from each view (the server's seconds left at that moment, -1: no
timer) and `label` (the catalogue's words with `{s}` for the seconds); the browser counts down
from there on its own clock and stops at 0. The server closes the round, not this widget.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from sq_edu.i18n import t


class Countdown(anywidget.AnyWidget):
    """Invisible while `left` is -1. `size`: the CSS font size (vw on the projector)."""

    _esm = Path(__file__).with_name("countdown.js")
    left = traitlets.Int(-1, help="seconds left when set (-1: no timer)").tag(sync=True)
    stamp = traitlets.Int(0, help="bumped with each view: the count restarts").tag(sync=True)
    label = traitlets.Unicode("{s}", help="the words, {s} the seconds").tag(sync=True)
    size = traitlets.Unicode("1.3em", help="CSS font size").tag(sync=True)

    def __init__(self, size: str = "1.3em") -> None:
        super().__init__(size=size)
        self.add_class("sq-classgame-countdown")

    def show(self, left: object, lang: str) -> None:
        """The seconds left from a view (None: no timer running)."""
        self.relabel(lang)
        self.left = int(left) if isinstance(left, int) else -1
        self.stamp += 1

    def relabel(self, lang: str) -> None:
        """The words in `lang`; the browser puts the seconds in place of `{s}`."""
        self.label = t("classgame.time_left", lang, s="{s}")
