"""`QrCamera`: reads QR codes from the device camera in the browser (the teacher's exit tickets).

The browser does the work: `getUserMedia` for the camera, the `jsQR` reader (vendored into the
static site at build time, `lite/build.py`, so it works offline) on each frame. Each new code
read is sent to Python once (`read`, with `reads` counting), and Python decides what it means.
Without a reader address (under Voila) the widget stays hidden and the page offers typing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets


class QrCamera(anywidget.AnyWidget):
    """A native start / stop button, the camera's picture while it looks, a status line."""

    _esm = Path(__file__).with_name("qr_camera.js")

    reader_url = traitlets.Unicode("").tag(sync=True)
    start_label = traitlets.Unicode("").tag(sync=True)
    stop_label = traitlets.Unicode("").tag(sync=True)
    looking_label = traitlets.Unicode("").tag(sync=True)
    read = traitlets.Unicode("").tag(sync=True)        # the last code read
    reads = traitlets.Int(0).tag(sync=True)            # how many codes were read
    problem = traitlets.Unicode("").tag(sync=True)     # "denied" when the camera cannot start

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("sq-qr-camera")
