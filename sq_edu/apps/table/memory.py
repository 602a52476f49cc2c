"""`SeatMemory`: the browser keeps this page's table seat (code and seat token) so reloading
the page rejoins the same seat. The token stays in this browser and this kernel; it is never
shown on the page or put in its address."""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets


class SeatMemory(anywidget.AnyWidget):
    """Invisible. `kept`: what the browser remembered ("" if nothing); `keep`: what to keep."""

    _esm = Path(__file__).with_name("memory.js")
    kept = traitlets.Unicode("", help="the seat the browser remembered (JSON)").tag(sync=True)
    keep = traitlets.Unicode("", help="the seat to remember (JSON); '' forgets").tag(sync=True)
