"""Dungeon of Queens "How to play": the rules a child needs to play alone, short and drawn.

Tricks, following suit, trumps, points and the dealer's contract (docs/rules.md section 8), each a
sentence or two with a small picture of real cards; every picture has its words beside it
(what takes the trick, which card may be played), never colour alone. English and Russian
(catalogue `dungeon_howto`).
"""

from __future__ import annotations

from html import escape

from sq_edu.apps.dungeon.faces import dungeon_face
from sq_edu.dungeon import Card
from sq_edu.i18n import t


def card_svg(code: str, lang: str = "en") -> str:
    """A small playing card ("KC", "10S") drawn as in the game; decorative, the caption beside
    it says it all. The rank is printed as on the cards of `lang` (an ace is "A" in English,
    "Т" in Russian)."""
    return dungeon_face(Card.parse(code), lang, width=48)


def _card(code: str, mark: str, lang: str) -> str:
    """A card with a word under it ("takes", "✔ yes"), as wide as that word needs."""
    return ('<span style="display:inline-flex;flex-direction:column;align-items:center;'
            f'min-width:52px">{card_svg(code, lang)}'
            f'<b style="font-size:0.8em;min-height:1.3em">{escape(mark)}</b></span>')


def _row(cards: list[tuple[str, str]], caption: str, lang: str) -> str:
    pictures = "".join(_card(code, mark, lang) for code, mark in cards)
    return (f'<figure class="sq-howto-figure" style="margin:4px 0 10px">'
            f'<div style="display:flex;gap:6px;flex-wrap:wrap">{pictures}</div>'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def howto_html(lang: str) -> str:
    """The whole "How to play" page in `lang`."""
    def say(key: str) -> str:
        return t(f"dungeon_howto.{key}", lang)

    takes, yes, no, led = say("takes"), say("yes"), say("no"), say("led")
    parts = [f'<h3 class="sq-h">{escape(say("title"))}</h3><p>{escape(say("goal"))}</p>']
    sections = (
        ("trick", [("7C", ""), ("10C", ""), ("KC", takes), ("3C", "")]),
        ("follow", [("5S", led), ("9S", f"✔ {yes}"), ("2H", f"✘ {no}")]),
        ("trump", [("8H", ""), ("AH", ""), ("2S", takes), ("4H", "")]),
    )
    for key, cards in sections:
        parts.append(f'<h4 style="margin:0.6em 0 0.2em">{escape(say(key + "_title"))}</h4>'
                     f"<p>{escape(say(key))}</p>" + _row(cards, say(key + "_caption"), lang))
    for key in ("points", "contract"):
        parts.append(f'<h4 style="margin:0.6em 0 0.2em">{escape(say(key + "_title"))}</h4>'
                     f"<p>{escape(say(key))}</p>")
    parts.append(f"<p><b>{escape(say('sheet'))}</b></p>")
    return (f'<div class="sq-dungeon-howto" lang="{lang}" style="max-width:44em">'
            f'{"".join(parts)}</div>')
