"""Checking a child's typed equation: a tiny hand-written tokenizer, never `eval`.

The answer is a `Verdict` that says whether the equation is true, whether it is a legal discard
(docs/rules.md section 3.5: one card alone on one side; subtraction forms of the same set allowed)
and whether the hand holds the cards, with one kind, specific message. The message key and
parameters travel with it so a UI can re-render it in the other language.
"""

from __future__ import annotations

import logging
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from sq_edu.engine.cards import Card, is_number
from sq_edu.engine.rules import Rules
from sq_edu.i18n import Msg, t

from .discards import make_discard, number_counts

log = logging.getLogger(__name__)

MAX_INPUT = 200    # characters looked at; a real equation of cards is under 40
MAX_DIGITS = 4     # longer numbers are surely not cards (and never reach int())

# Signs a child may type for minus, times and divide, after NFKC normalisation.
MINUS_SIGNS = frozenset("-\u2212\u2013\u2014\u2010\u2011\u2012\ufe63\u02d7")
PLUS_SIGNS = frozenset("+\u2795")
EQUALS_SIGNS = frozenset("=\u2550")
TIMES_SIGNS = frozenset("*×·⋅xX\u2715\u2716\u2217")
DIVIDE_SIGNS = frozenset("/÷:\u2215\u2797")


@dataclass(frozen=True)
class Verdict:
    """What we tell the child about one typed equation."""

    ok: bool                          # true, a legal discard, and (if a hand was given) held
    message: str                      # in the requested language
    key: str                          # maths.<key> in the catalogue
    params: dict[str, Any] = field(default_factory=dict)
    cards: tuple[int, ...] = ()       # the number cards the equation uses, sorted
    true_equation: bool | None = None  # None when the text is not an equation at all
    legal_discard: bool = False
    in_hand: bool | None = None       # None when no hand was given
    kind: str | None = None           # "pair" | "equation" when the cards make a discard

    def render(self, lang: str) -> str:
        """The same message in another language."""
        return self.msg.render(lang)

    @property
    def msg(self) -> Msg:
        """The message as the package's deferred message."""
        return Msg("maths." + self.key, dict(self.params))


@dataclass(frozen=True)
class _Side:
    numbers: tuple[int, ...]
    signs: tuple[int, ...]            # +1 / -1 per number; the first is always +1

    @property
    def value(self) -> int:
        return sum(s * n for s, n in zip(self.signs, self.numbers, strict=True))

    def text(self) -> str:
        out = str(self.numbers[0])
        for s, n in zip(self.signs[1:], self.numbers[1:], strict=True):
            out += f" {'+' if s > 0 else '-'} {n}"
        return out


class _Refusal(Exception):
    """A friendly reason the text is not an equation we can check (never shown as a traceback)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def _tokens(text: str) -> list[str | int]:
    """Numbers as ints, signs as "+", "-", "="; refuses anything else by name."""
    tokens: list[str | int] = []
    digits = ""
    for ch in text + " ":
        if ch.isdecimal():
            digits += str(unicodedata.decimal(ch))
            continue
        if digits:
            if len(digits.lstrip("0")) > MAX_DIGITS:
                raise _Refusal("card_range", number=digits[:MAX_DIGITS] + "…")
            tokens.append(int(digits))
            digits = ""
        if ch.isspace():
            continue
        if ch in PLUS_SIGNS:
            tokens.append("+")
        elif ch in MINUS_SIGNS:
            tokens.append("-")
        elif ch in EQUALS_SIGNS:
            tokens.append("=")
        elif ch in TIMES_SIGNS:
            raise _Refusal("no_multiplication")
        elif ch in DIVIDE_SIGNS:
            raise _Refusal("no_division")
        else:
            raise _Refusal("unknown_symbol", symbol=ch)
    return tokens


def _side(tokens: list[str | int]) -> _Side:
    """number (sign number)*; anything else is a syntax slip."""
    if not tokens or len(tokens) % 2 == 0:
        raise _Refusal("syntax")
    numbers, signs = [], []
    for i, tok in enumerate(tokens):
        if i % 2 == 0:
            if not isinstance(tok, int):
                raise _Refusal("syntax")
            numbers.append(tok)
            signs.append(+1 if i == 0 or tokens[i - 1] == "+" else -1)
        elif tok not in ("+", "-"):
            raise _Refusal("syntax")
    return _Side(tuple(numbers), tuple(signs))


def parse_equation(text: str) -> tuple[_Side, _Side]:
    """Two sides of `left = right`; raises `_Refusal` with a message key otherwise."""
    text = unicodedata.normalize("NFKC", text).strip().rstrip(".!").strip()
    if not text:
        raise _Refusal("empty")
    tokens = _tokens(text)
    equals = tokens.count("=")
    if equals == 0:
        raise _Refusal("no_equals")
    if equals > 1:
        raise _Refusal("one_equals")
    at = tokens.index("=")
    left, right = _side(tokens[:at]), _side(tokens[at + 1:])
    for n in (*left.numbers, *right.numbers):
        if not 1 <= n <= 10:
            raise _Refusal("card_range", number=n)
    return left, right


def _verdict(key: str, lang: str, ok: bool = False, **fields: Any) -> Verdict:
    params = dict(fields.pop("params", None) or {})
    return Verdict(ok=ok, message=t("maths." + key, lang, **params), key=key, params=params,
                   **fields)


def check_equation(text: object, hand: Iterable[Card] | None = None,
                   rules: str | Rules = "official", lang: str = "en") -> Verdict:
    """Judge a typed equation; any input at all gets a verdict, never an exception.

    (An unknown `rules` preset is the lesson author's mistake, not the child's: that one
    raises ValueError.)
    """
    rules = Rules.coerce(rules)
    try:
        return _check(text, hand, rules, lang)
    except Exception:  # a bug must not reach a child's screen
        log.exception("check_equation failed on %r", str(text)[:MAX_INPUT])
        return _verdict("syntax", lang)


def _check(text: object, hand: Iterable[Card] | None, rules: Rules, lang: str) -> Verdict:
    text = "" if text is None else str(text)
    if len(text) > MAX_INPUT:
        return _verdict("too_long", lang)
    try:
        left, right = parse_equation(text)
    except _Refusal as refusal:
        return _verdict(refusal.key, lang, params=refusal.params)

    return _judge(left, right, hand, rules, lang)


def check_cards(cards: Iterable[Card], hand: Iterable[Card] | None = None,
                rules: str | Rules = "official", lang: str = "en") -> Verdict:
    """Judge picked cards as the equation they make, the biggest alone on the right
    ("3 + 7 = 10"; a pair reads "4 = 4"): the same verdict as typing it, with no text parsed."""
    rules = Rules.coerce(rules)
    picked = list(cards)
    if not picked:
        return _verdict("empty", lang)
    if not all(is_number(c) for c in picked):
        return _verdict("numbers_only", lang)
    numbers = sorted(int(c) for c in picked)
    if len(numbers) == 1:
        return _verdict("too_few", lang, cards=tuple(numbers))   # not an answer yet
    *addends, biggest = numbers
    left = _Side(tuple(addends), (1,) * len(addends))
    return _judge(left, _Side((biggest,), (1,)), hand, rules, lang)


def _judge(left: _Side, right: _Side, hand: Iterable[Card] | None, rules: Rules,
           lang: str) -> Verdict:
    """The verdict on an equation read into its two sides."""
    cards = tuple(sorted((*left.numbers, *right.numbers)))
    true = left.value == right.value
    base: dict[str, Any] = {"cards": cards, "true_equation": true}
    if len(cards) < 3:
        if true and len(cards) == 2:
            return _held(_verdict("pair", lang, ok=True, params={"number": cards[0]},
                                  legal_discard=True, kind="pair", **base), cards, hand, lang)
        return _verdict("too_few", lang, **base)
    if not true:
        key, params = _wrong(left, right)
        return _verdict(key, lang, params=params, **base)
    single = [s for s in (left, right) if len(s.numbers) == 1]
    discard = make_discard(cards)
    if discard is None:
        return _verdict("not_discard", lang, **base)
    if not single:
        return _verdict("one_alone", lang, params={"equation": discard.equation}, **base)
    if not rules.equations:
        return _verdict("kids_no_equations", lang, **base)
    written = f"{left.text()} = {right.text()}"
    return _held(_verdict("ok" if hand is not None else "ok_no_hand", lang, ok=True,
                          params={"equation": written}, legal_discard=True, kind="equation",
                          **base), cards, hand, lang)


def _wrong(left: _Side, right: _Side) -> tuple[str, dict[str, Any]]:
    """"3 + 5 makes 8, not 9" when one side is a single card, else both sides' totals."""
    if len(right.numbers) == 1 or len(left.numbers) == 1:
        many, one = (left, right) if len(right.numbers) == 1 else (right, left)
        if len(many.numbers) > 1:
            return "wrong_sum", {"left": many.text(), "total": many.value,
                                 "claimed": one.numbers[0]}
    return "sides_differ", {"left": left.text(), "left_total": left.value,
                            "right": right.text(), "right_total": right.value}


def _held(verdict: Verdict, cards: tuple[int, ...], hand: Iterable[Card] | None,
          lang: str) -> Verdict:
    """The same verdict, or why the hand cannot pay for it ("you have only one 4")."""
    if hand is None:
        return verdict
    have = number_counts(hand)
    for number, needed in sorted(Counter(cards).items()):
        if have[number] < needed:
            key = "no_card" if have[number] == 0 else "only_n"
            params = {"number": number, "n": have[number], "needed": needed}
            return replace(verdict, ok=False, in_hand=False, key=key, params=params,
                           message=t("maths." + key, lang, **params))
    return replace(verdict, in_hand=True)
