"""`ReadAloud`: a "read aloud" button that speaks a text with the browser's speech synthesis.

Children of 6-7 cannot always read a prompt; the button reads it in the page's language
(`en-GB` or `ru-RU` voice), entirely in the browser (no kernel round trip, no audio files).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from sq_edu.i18n import normalize_lang, t
from sq_edu.widgets.speaker import with_speaker

_HERE = Path(__file__).parent
VOICES = {"en": "en-GB", "ru": "ru-RU"}


class ReadAloud(anywidget.AnyWidget):
    """A native button; `say(text, lang)` sets what it reads and in which voice."""

    _esm = with_speaker("read_aloud.js")

    text = traitlets.Unicode("").tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)
    voice_lang = traitlets.Unicode("en-GB").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)

    def __init__(self, text: str = "", lang: str = "en", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("sq-read-aloud")
        self.say(text, lang)

    def say(self, text: str, lang: str) -> None:
        lang = normalize_lang(lang)
        with self.hold_sync():
            self.text, self.lang, self.voice_lang = text, lang, VOICES.get(lang, "en-GB")
            self.label = t("practice.read_aloud", lang)
