"""`SeatMemory`: the browser keeps this page's seat (a table's code and seat token, or the
class game's nickname and seat token) so reloading the page sits back down. The token stays
in this browser and this kernel; it is never shown on the page or put in its address. `key`
names what is kept (one per app), so a table seat and a class game seat never mix."""

from __future__ import annotations

import os
import time
from pathlib import Path

import anywidget
import traitlets

BEAT_SECONDS = float(os.environ.get("SQ_EDU_TABLE_BEAT_SECONDS", "5"))


class SeatMemory(anywidget.AnyWidget):
    """Invisible. `kept`: what the browser remembered ("" if nothing); `keep`: what to keep."""

    _esm = Path(__file__).with_name("memory.js")
    kept = traitlets.Unicode("", help="the seat the browser remembered (JSON)").tag(sync=True)
    keep = traitlets.Unicode("", help="the seat to remember (JSON); '' forgets").tag(sync=True)
    key = traitlets.Unicode("sq-edu-table-seat", help="localStorage key").tag(sync=True)
    beat_ms = traitlets.Int(int(BEAT_SECONDS * 1000), help="ms between beats").tag(sync=True)

    def __init__(self, key: str = "sq-edu-table-seat") -> None:
        super().__init__(key=key)
        self.last_beat = time.monotonic()
        self.on_msg(self._beat)

    def _beat(self, _widget: object, content: object, _buffers: object) -> None:
        if isinstance(content, dict) and content.get("beat") == 1:
            self.last_beat = time.monotonic()

    @property
    def page_open(self) -> bool:
        """Beats arrived lately: the page is still open (three beats may be missed)."""
        return time.monotonic() - self.last_beat < 3 * BEAT_SECONDS + 1
