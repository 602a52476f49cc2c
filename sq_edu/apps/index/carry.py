"""`NicknameCarry`: the index's lesson cards open with the nickname as typed, not as last sent.

The nickname box sends its words on leaving (`tests/widgets/test_text_boxes.py`), and a click
on a card is that leaving: the link opens before Python has redrawn it with the nickname. This
invisible widget puts the typed nickname into the card's link in the browser, at the click
(the lesson page checks it as it checks any link's nickname).
"""

from __future__ import annotations

from pathlib import Path

import anywidget


class NicknameCarry(anywidget.AnyWidget):
    """Invisible; one per index page."""

    _esm = Path(__file__).with_name("carry.js")
