"""Spoken and printed names of cards and queens, in the learner's language.

Screen readers and tests read these; the SVG faces only draw. "7, number card, selected" is
built here so every widget says a card the same way.
"""

from __future__ import annotations

from sq_edu.engine.cards import Card, is_number
from sq_edu.i18n import t


def power_word(card: str, lang: str = "en") -> str:
    """The bare word for a power card: "King", "Sleeping potion"."""
    return t(f"widgets.card_{card}", lang)


def card_name(card: Card, lang: str = "en") -> str:
    """Full name: "7, number card" or "King, power card"."""
    if is_number(card):
        return t("widgets.card_number", lang, n=card)
    return t("widgets.card_power_suffix", lang, name=power_word(str(card), lang))


def short_name(card: Card, lang: str = "en") -> str:
    """What a sentence needs: "7" or "King"."""
    return str(card) if is_number(card) else power_word(str(card), lang)


def card_label(card: Card, selected: bool, lang: str = "en") -> str:
    """Name plus selection state, for aria-labels: "7, number card, selected"."""
    state = t("widgets.selected" if selected else "widgets.not_selected", lang)
    return f"{card_name(card, lang)}, {state}"


def queen_name(queen: str, lang: str = "en") -> str:
    return t(f"widgets.queen_{queen}", lang)


def player_name(seat: int, me: int | None, lang: str = "en") -> str:
    """"You" for the viewer's own seat, "Player 2" (1-based, for children) otherwise."""
    if me is not None and seat == me:
        return t("widgets.player_you", lang)
    return t("widgets.player_n", lang, n=seat + 1)
