"""The widget kit: ipywidgets views of Sleeping Queens observations (hand, cards, queen grid,
discard pile, chances, equation builder, feedback...) that the apps in `sq_edu.apps` are built
from.

Views render `Observation`s only (never a `Game`), take every visible string from the i18n
catalogues, switch language at run time (`set_lang`) and run every callback through
`guard.guarded`.

Names are imported on first use (`from sq_edu.widgets import HandView` still works), so a page
that shows one app loads only that app: a lesson page never loads the game, its bots or the
Dungeon engine (tests/test_layers.py checks it). The kit hands out no app: apps are in
`sq_edu.apps` (`from sq_edu.apps.lesson import LessonApp`), above the kit.
"""

from __future__ import annotations

from importlib import import_module

# Public name -> the module of this package that defines it.
_WHERE: dict[str, str] = {
    "AppStyle": ".style", "ChanceView": ".chance", "DeckTracker": ".tracker",
    "DiscardPileView": ".discard", "EquationBuilder": ".equation", "Feedback": ".feedback",
    "HandView": ".hand", "LanguageToggle": ".language", "ProgressBar": ".progress_bar",
    "QueenGrid": ".queens", "guarded": ".guard",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    """Import the module that defines `name` when it is first asked for."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
