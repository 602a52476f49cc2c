"""ipywidgets views of Sleeping Queens observations, and the apps built from them.

Views render `Observation`s only (never a `Game`), take every visible string from the i18n
catalogues, switch language at run time (`set_lang`) and run every callback through
`guard.guarded`.
"""

from __future__ import annotations

from .chance import ChanceView
from .discard import DiscardPileView
from .equation import EquationBuilder
from .feedback import Feedback
from .guard import guarded
from .hand import HandView
from .language import LanguageToggle, lang_from_url
from .play_app import PlayApp
from .progress import Progress
from .queens import QueenGrid
from .style import AppStyle
from .tracker import DeckTracker

__all__ = [
    "AppStyle", "ChanceView", "DeckTracker", "DiscardPileView", "EquationBuilder", "Feedback",
    "HandView", "LanguageToggle", "PlayApp", "Progress", "QueenGrid", "guarded", "lang_from_url",
]
from .dungeon_app import DungeonApp as DungeonApp  # Dungeon of Queens (issue 8)
from .lesson_app import LessonApp as LessonApp  # the lesson dashboard (issue 6)
