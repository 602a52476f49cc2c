"""`BringIntoView`: scroll a part of the app into view from Python (`bring_into_view.js`).

Why: on a phone a page is several screens long, and a box that appears far from where the
child is looking (the teacher's suggestion at the top, after the nickname was saved at the
bottom) is never seen. The widget draws nothing; `bring()` scrolls its `target` (a CSS
selector inside the same app) into the middle of the screen.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

_HERE = Path(__file__).parent


class BringIntoView(anywidget.AnyWidget):
    """`bring()` scrolls the app's first element matching `target` into view."""

    _esm = _HERE / "bring_into_view.js"

    target = traitlets.Unicode("").tag(sync=True)
    serial = traitlets.Int(0, help="goes up by one at each bring()").tag(sync=True)

    def __init__(self, target: str) -> None:
        super().__init__(target=target)
        self.add_class("sq-bring-into-view")
        self.layout.display = "none"      # it only scrolls; it takes no room

    def bring(self) -> None:
        self.serial += 1
