"""Numbers as a teacher would print them: "12,5 %" in Russian, "12.5%" in English, and
"292 раза" / "292 times" with the noun in the plural form the number asks for.

Why a module of its own: a number next to a noun is where the Russian text went wrong most
("292 раз", "2 взяток"), and a decimal point is wrong in a Russian exercise. Every message that
puts a count or a decimal in a sentence goes through here, so the rule lives in one place.
Counted nouns are catalogue entries `common.count_<noun>` with plural forms
(`count(3, "times", "ru")` -> "3 раза"); `Count` and `Percent` are parameters for messages
that are rendered later, in whichever language the learner picks then.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from . import MINUS, catalog, normalize_lang, t

NBSP = "\u00a0"
DECIMAL_MARK = {"en": ".", "ru": ","}
# A typed decimal: "12,5", "12.5", "12", "-3,25"; a comma and a point mean the same.
_DECIMAL = re.compile(r"^\s*([-\u2212]?)\s*(\d{1,9})(?:[.,](\d{1,6}))?\s*$")


def _rounded(value: Fraction | float | int, places: int) -> Fraction:
    """Round half away from zero (what a child does by hand), exactly."""
    exact = Fraction(value)
    scale = 10 ** places
    sign = -1 if exact < 0 else 1
    return sign * Fraction(int(abs(exact) * scale + Fraction(1, 2)), scale)


def decimal(value: Fraction | float | int, lang: str = "en", places: int = 1) -> str:
    """`value` with at most `places` decimals, trailing zeros dropped: "12,5" / "12.5", "20"."""
    lang = normalize_lang(lang)
    number = _rounded(value, places)
    whole, rest = divmod(abs(number) * 10 ** places, 10 ** places)
    sign = MINUS if number < 0 else ""
    digits = f"{int(rest):0{places}d}".rstrip("0") if places else ""
    text = f"{sign}{int(whole)}"
    return f"{text}{DECIMAL_MARK[lang]}{digits}" if digits else text


def percent(share: Fraction | float | int, lang: str = "en", places: int = 1) -> str:
    """A share (0..1) in percent: Russian "12,5 %" (no-break space), English "12.5%"."""
    lang = normalize_lang(lang)
    number = decimal(Fraction(share) * 100, lang, places)
    return f"{number}{NBSP}%" if lang == "ru" else f"{number}%"


def count(n: int, noun: str, lang: str = "en") -> str:
    """A number and its noun in the right plural form: count(22, "cards", "ru") -> "22 карты"."""
    return t(f"common.count_{noun}", lang, n=int(n))


def parse_decimal(text: object) -> float | None:
    """A typed number with a decimal comma or point ("12,5" or "12.5"); None if it is not one."""
    if isinstance(text, bool):
        return None
    if isinstance(text, (int, float)):
        return float(text)
    match = _DECIMAL.match(text) if isinstance(text, str) else None
    if match is None:
        return None
    sign, whole, part = match.groups()
    value = float(f"{whole}.{part or 0}")
    return -value if sign else value


@dataclass(frozen=True)
class Count:
    """A count as a message parameter ("{times}" -> "292 раза"), rendered in the learner's
    language when the message is shown."""

    n: int
    noun: str

    def render(self, lang: str = "en") -> str:
        return count(self.n, self.noun, lang)


@dataclass(frozen=True)
class Number:
    """A decimal as a message parameter ("{decimal}" -> "0,25" in Russian, "0.25" in English)."""

    value: Fraction | float | int
    places: int = 1

    def render(self, lang: str = "en") -> str:
        return decimal(self.value, lang, self.places)


@dataclass(frozen=True)
class Percent:
    """A share shown in percent as a message parameter ("{percent}" -> "12,5 %")."""

    share: Fraction | float | int
    places: int = 1

    def render(self, lang: str = "en") -> str:
        return percent(self.share, lang, self.places)


def people(n: int, lang: str = "en") -> str:
    """How many play, as a Russian collective numeral: "Играют трое" (not "Играют 3");
    English "three". Beyond eight (no game seats more) it falls back to "9 players"."""
    key = f"common.people_{int(n)}"
    return t(key, lang) if key in catalog() else count(n, "players", lang)


@dataclass(frozen=True)
class People:
    """`people(n)` as a message parameter: "Играют {players}" -> "Играют трое"."""

    n: int

    def render(self, lang: str = "en") -> str:
        return people(self.n, lang)
