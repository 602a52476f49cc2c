"""The one exception for a refused move, in either game.

Both engines raise `IllegalMove` (a `ValueError`): `str()` is the English reason, `text(lang)`
the reason in any language, `key` and `params` name the message in the catalogue of the game's
`area` (`engine.*` or `dungeon.*`), so a page shows it in the child's language.
"""

from __future__ import annotations

from sq_edu.i18n import Msg


class IllegalMove(ValueError):
    """A move the game refuses, and why."""

    area = "engine"  # the catalogue the reasons come from

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def __str__(self) -> str:  # put into words only when someone reads it
        return self.text("en")

    def text(self, lang: str = "en") -> str:
        return self.msg.render(lang)

    def message(self, lang: str = "en") -> str:
        """The Dungeon engine's older name for `text`."""
        return self.text(lang)

    @property
    def msg(self) -> Msg:
        """The reason as the package's deferred message; card and queen tokens become words."""
        return Msg(f"{self.area}.{self.key}", self.terms())

    def terms(self) -> dict[str, object]:
        """The params as the message shows them (the engines say their cards their own way)."""
        from sq_edu.i18n.words import game_terms

        return game_terms(self.params)
