"""Queen pictures for the queen-points lesson: the queens a question talks about, drawn.

A 7-year-old adds points more easily looking at the cards than reading a list of names, so
queens.* exercises show each queen's face with its full name and points written under it
("Rose Queen", "5 points"). For "which queen wins?" the sleeping queens to choose from are a
second row. Names are the lesson's own (as in the question), not the card kit's. The SVG
faces are `aria-hidden`; the captions are the text a screen reader reads.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sq_edu.engine.cards import QUEEN_POINTS
from sq_edu.i18n import normalize_lang, t
from sq_edu.practice import Exercise
from sq_edu.widgets.svg import queen_face

QUEEN_WIDTH = 78


def queens_of(ex: Exercise) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the learner's queens, the sleeping queens to choose from) named by a queens.* exercise."""
    named = ex.extra.get("queens", ())
    named = named if isinstance(named, (tuple, list)) else ()
    have = tuple(q for q in named if q in QUEEN_POINTS)
    choices = tuple(o.id for o in ex.options if o.id in QUEEN_POINTS)
    return have, choices


class QueenPictures(widgets.HTML):
    """Rows of queen cards with readable captions; `set_lang` redraws them in the other language."""

    def __init__(self, have: tuple[str, ...], choices: tuple[str, ...] = (),
                 lang: str = "en") -> None:
        super().__init__()
        self.have, self.choices = have, choices
        self.add_class("sq-queen-pictures")
        self.set_lang(lang)

    def set_lang(self, lang: str) -> None:
        lang = normalize_lang(lang)
        rows = [_row(self.have, t("lesson_app.queens_you_have", lang), lang)]
        if self.choices:
            rows.append(_row(self.choices, t("lesson_app.queens_to_choose", lang), lang))
        self.value = "".join(rows)


def example_queens_html(ex: Exercise, lang: str) -> str:
    """The learner's queens of a queens.* worked example, drawn as in the question ("" for an
    example of another kind: the Dungeon's "queens" is a count)."""
    if not isinstance(ex.extra.get("queens"), (list, tuple)):
        return ""
    have, _choices = queens_of(ex)
    return _row(have, t("lesson_app.queens_you_have", lang), lang) if have else ""


def _row(queens: tuple[str, ...], title: str, lang: str) -> str:
    cards = "".join(
        f"<figure class='sq-queen-figure'>{queen_face(q, QUEEN_WIDTH, lang)}"
        f"<figcaption>{escape(t(f'common.queen_{q}', lang))}<br><b>"
        f"{escape(t('common.count_points', lang, n=QUEEN_POINTS[q]))}</b></figcaption>"
        f"</figure>" for q in queens)
    return (f"<div class='sq-queen-row' role='group' aria-label='{escape(title)}'>"
            f"<div class='sq-queen-row-title'>{escape(title)}</div>"
            f"<div class='sq-queen-cards'>{cards}</div></div>")

