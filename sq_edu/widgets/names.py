"""Spoken and printed names of cards and queens, in the learner's language.

Screen readers and tests read these; the SVG faces only draw. "7, number card, selected" is
built here so every widget says a card the same way. The names themselves are one catalogue
entry per card or queen (`common.card_*`, `common.queen_*`, with their case forms), the same
entries the lessons use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sq_edu.engine.cards import Card, is_number
from sq_edu.i18n import Msg, t
from sq_edu.i18n.words import BotSeat, Word, bot_name, capital, number_word, word


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
    """"You" for the viewer's own seat; a seat with a person's name in `names` (a class table,
    people at one screen) is that name ("Masha", "у игрока Маша": a child's name is not
    declined); any other seat is a program's: "Bot 2" (`bot_name`), with case forms
    ("{whom:gen}" -> "у бота 2")."""
    if me is not None and seat == me:
        return word("common.you", lang)
    name = names[seat].strip() if names is not None and 0 <= seat < len(names) else ""
    if name:
        return named_player(name, lang)
    return bot_name(seat, lang)


def named_player(name: str, lang: str = "en") -> Word:
    """A player called by their name, with the forms a sentence asks for; "{who:low}" keeps
    the capital letter a name starts with."""
    named = word("common.player_named", lang, name=name)
    named.forms["low"] = str(named)
    return named


@dataclass(frozen=True)
class _Named:
    """A person's seat as a message parameter: the name, with the forms `named_player` gives."""

    name: str

    def render(self, lang: str = "en") -> Word:
        return named_player(self.name, lang)


def named_seats(message: Msg, names: Sequence[str] | None) -> Msg:
    """`message` with every seat the practice layer called "Bot 2" (`BotSeat`) called by its
    person's name where `names` has one (people at one screen): the coach never calls Mum a
    bot. Nested messages are named too."""
    if not names:
        return message
    params: dict[str, object] = {}
    for key, value in message.params.items():
        if isinstance(value, BotSeat) and 0 <= value.seat < len(names) \
                and names[value.seat].strip():
            value = _Named(names[value.seat].strip())
        elif isinstance(value, Msg):
            value = named_seats(value, names)
        params[key] = value
    return replace(message, params=params)
