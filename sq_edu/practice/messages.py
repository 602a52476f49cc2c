"""Message parameters about cards, for the package's deferred message `sq_edu.i18n.Msg`.

Exercises are built once but shown in English or Russian (and switched mid-lesson), so they hold
`Msg(key, params)` rather than finished text. A parameter may be a list of cards (`Cards`), a
pile counted by kind (`Tally`), text that needs no translation (`Plain`) or several shown as
one (`Joined`); each has `render(lang)`, which `Msg.render` calls. `Msg` and `msg` are
re-exported here for the lesson runtime's modules.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from sq_edu.engine.cards import Card, is_number, sort_key
from sq_edu.i18n import Msg, msg, render_param, t
from sq_edu.i18n.words import Word, join_words, number_word, word

__all__ = ["Cards", "Joined", "Msg", "Plain", "Tally", "card_name", "cards_text",
           "discard_words", "fraction_text", "msg", "render_value"]


@dataclass(frozen=True)
class Cards:
    """A list of cards as a parameter: rendered "3, 5 and king" in the chosen language."""

    cards: tuple[Card, ...]
    either: bool = False   # "1, 4, 7 or 10": any one of them, not all together

    def render(self, lang: str = "en") -> str:
        return cards_text(self.cards, lang, self.either)


@dataclass(frozen=True)
class Plain:
    """Text that needs no translation (a number sentence such as "3 + 5 = 8")."""

    text: str

    def render(self, lang: str = "en") -> str:
        return self.text


@dataclass(frozen=True)
class Tally:
    """A pile of cards counted by kind: "king x5, dragon x1, 3 x2" (card counting needs it)."""

    cards: tuple[Card, ...]

    def render(self, lang: str = "en") -> str:
        counts = Counter(self.cards)
        if not counts:
            return t("common.no_cards", lang)
        return ", ".join(f"{card_name(c, lang)} ×{counts[c]}" for c in sorted(counts, key=sort_key))


@dataclass(frozen=True)
class Joined:
    """Several parameters shown as one, separated by " · " (every valid answer in a hint), or
    by `sep` where they go on a list the sentence has begun ("; ")."""

    parts: tuple[object, ...]
    sep: str = " · "

    def render(self, lang: str = "en") -> str:
        return self.sep.join(str(render_value(p, lang)) for p in self.parts)


def card_name(card: Card, lang: str = "en") -> Word:
    """A card in words: numbers stay digits, power cards are translated (with case forms)."""
    if is_number(card):
        return number_word(card)
    return word(f"common.card_{card}", lang)


def cards_text(cards: Iterable[Card], lang: str = "en", either: bool = False) -> Word:
    """Cards in hand order, joined with commas and "and" ("or" when `either`), in every case
    form."""
    return join_words((card_name(c, lang) for c in sorted(cards, key=sort_key)), lang,
                      "common.list_or" if either else "common.list_and")


def discard_words(equation: str) -> Cards | Plain:
    """A discard (`maths.Discard.equation`) as a message parameter: an equation as its number
    sentence ("3 + 4 = 7"), a pair as its two cards ("8 and 8", «8 и 8»): a pair written
    "8 = 8" is a step that says nothing."""
    pair = re.fullmatch(r"(\d+) = \1", equation)
    return Cards((int(pair.group(1)),) * 2) if pair else Plain(equation)


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def render_value(value: object, lang: str) -> object:
    """One message parameter in words (as `Msg.render` shows it)."""
    return render_param(value, lang)
