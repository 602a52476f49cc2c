"""The one speaker icon of the kit, shared by the read-aloud button and the sound button.

An anywidget module is sent to the page as one piece of text, so it cannot import a sibling
file in the browser; `with_speaker` puts `speaker.js` (which defines `speakerIcon`) in front of
the widget's own module here instead.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).parent


def with_speaker(module: str) -> str:
    """The ESM text of the kit's `module` (a .js file name) with `speakerIcon` in scope."""
    return (_HERE / "speaker.js").read_text("utf-8") + "\n" + (_HERE / module).read_text("utf-8")
