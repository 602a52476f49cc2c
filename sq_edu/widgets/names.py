"""Spoken and printed names of cards and queens, in the learner's language.

Screen readers and tests read these; the SVG faces only draw. "7, number card, selected" is
built here so every widget says a card the same way. The names themselves are one catalogue
entry per card or queen (`common.card_*`, `common.queen_*`, with their case forms), the same
entries the lessons use.
"""

from __future__ import annotations

from collections.abc import Sequence

from sq_edu.engine.cards import Card, is_number
from sq_edu.i18n import t
from sq_edu.i18n.words import Word, capital, number_word, word


def power_word(card: str, lang: str = "en") -> str:
    """The bare word for a power card as a label: "King", "Sleeping potion"."""
    return capital(word(f"common.card_{card}", lang))


def card_word(card: Card, lang: str = "en") -> Word:
    """A card inside a sentence, with its case forms: "king" / "короля" ("{card:acc}")."""
    return number_word(card) if is_number(card) else word(f"common.card_{card}", lang)


def card_name(card: Card, lang: str = "en") -> str:
    """Full name: "7, number card" or "King, power card"."""
    if is_number(card):
        return t("widgets.card_number", lang, n=card)
    return t("widgets.card_power_suffix", lang, name=power_word(str(card), lang))


def short_name(card: Card, lang: str = "en") -> str:
    """What a label needs: "7" or "King"."""
    return str(card) if is_number(card) else power_word(str(card), lang)


def card_label(card: Card, selected: bool, lang: str = "en") -> str:
    """Name plus selection state, for aria-labels: "7, number card, selected"."""
    state = t("widgets.selected" if selected else "widgets.not_selected", lang)
    return f"{card_name(card, lang)}, {state}"


def queen_name(queen: str, lang: str = "en") -> Word:
    """"Rose Queen" / "Королева роз", with its case forms ("{queen:acc}" -> "Королеву роз")."""
    return word(f"common.queen_{queen}", lang)


def player_name(seat: int, me: int | None, lang: str = "en",
                names: Sequence[str] | None = None) -> Word:
    """"You" for the viewer's own seat, "Player 2" (1-based, for children) otherwise; with
    case forms ("{whom:gen}" -> "у игрока 2"). `names`: the seats' names where players have
    them (a class table): "Masha", "у игрока Маша" (a child's name is not declined)."""
    if me is not None and seat == me:
        return word("common.you", lang)
    name = names[seat].strip() if names is not None and 0 <= seat < len(names) else ""
    if name:
        return named_player(name, lang)
    return word("common.player_n", lang, n=seat + 1)


def named_player(name: str, lang: str = "en") -> Word:
    """A player called by their name, with the forms a sentence asks for; "{who:low}" keeps
    the capital letter a name starts with."""
    named = word("common.player_named", lang, name=name)
    named.forms["low"] = str(named)
    return named
