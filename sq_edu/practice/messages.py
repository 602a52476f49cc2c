"""A message to show later, in whichever language the learner picks then.

Exercises are built once but shown in English or Russian (and switched mid-lesson), so they hold
`Msg(key, params)` rather than finished text. A parameter may itself be a `Msg`, a card token or
a list of cards; `render` turns each into words of the chosen language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from sq_edu.engine.cards import Card, is_number, sort_key
from sq_edu.i18n import t
from sq_edu.i18n.words import Word, join_words, number_word, word


@dataclass(frozen=True)
class Msg:
    """A catalogue key plus its parameters; `render(lang)` gives the text."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, lang: str = "en") -> str:
        return t(self.key, lang, **{k: render_value(v, lang) for k, v in self.params.items()})


@dataclass(frozen=True)
class Cards:
    """A list of cards as a parameter: rendered "3, 5 and king" in the chosen language."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Plain:
    """Text that needs no translation (a number sentence such as "3 + 5 = 8")."""

    text: str


@dataclass(frozen=True)
class Tally:
    """A pile of cards counted by kind: "king x5, dragon x1, 3 x2" (card counting needs it)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Joined:
    """Several parameters shown as one, separated by " · " (every valid answer in a hint)."""

    parts: tuple[object, ...]


def msg(key: str, **params: object) -> Msg:
    """Shorthand: `msg("practice.correct")` instead of `Msg("practice.correct", {})`."""
    return Msg(key, params)


def card_name(card: Card, lang: str = "en") -> Word:
    """A card in words: numbers stay digits, power cards are translated (with case forms)."""
    if is_number(card):
        return number_word(card)
    return word(f"common.card_{card}", lang)


def cards_text(cards: Iterable[Card], lang: str = "en") -> Word:
    """Cards in hand order, joined with commas and "and" (in every case form)."""
    return join_words((card_name(c, lang) for c in sorted(cards, key=sort_key)), lang)


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def render_value(value: object, lang: str) -> object:
    """One message parameter in words; plain numbers and strings pass through."""
    if isinstance(value, Msg) or callable(getattr(value, "render", None)):
        return value.render(lang)  # type: ignore[union-attr]
    if isinstance(value, Cards):
        return cards_text(value.cards, lang)
    if isinstance(value, Plain):
        return value.text
    if isinstance(value, Tally):
        counts = Counter(value.cards)
        if not counts:
            return t("common.no_cards", lang)
        return ", ".join(f"{card_name(c, lang)} ×{counts[c]}" for c in sorted(counts, key=sort_key))
    if isinstance(value, Joined):
        return " · ".join(str(render_value(p, lang)) for p in value.parts)
    if isinstance(value, Fraction):
        return fraction_text(value)
    return value
