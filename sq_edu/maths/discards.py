"""Equation discards (docs/rules.md section 3.5): every pair and addition equation a hand can shed.

A valid equation `a1 + ... + ak = b` (k >= 2) always has its biggest card alone on one side,
because every addend is at least 1 and so smaller than the sum. So a multiset of number cards
is an equation discard exactly when it has three or more cards and its biggest card equals the
sum of the others, and each such multiset has one way to be written: that is what makes the
list below "every distinct discard" without duplicates.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from sq_edu.engine.cards import Card, is_number
from sq_edu.engine.rules import Rules
from sq_edu.i18n import t

MAX_NUMBER = 10


@dataclass(frozen=True)
class Discard:
    """One way to shed number cards: a pair of equal cards or a true addition equation."""

    cards: tuple[int, ...]          # sorted ascending
    kind: str                       # "pair" | "equation"
    equation: str                   # "2 + 3 = 5"; a pair reads "4 = 4"
    subtractions: tuple[str, ...]   # the same set as subtraction facts: "5 - 3 = 2", "5 - 2 = 3"

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def total(self) -> int:
        """The card alone on one side (for a pair, the pair's number)."""
        return self.cards[-1]

    def __str__(self) -> str:
        return self.equation

    def kind_name(self, lang: str = "en") -> str:
        """"pair" / "equation" in the child's language."""
        return t(f"maths.{self.kind}_kind", lang)


def equation_text(addends: Iterable[int], total: int) -> str:
    """`2 + 3 = 5` with the addends in ascending order."""
    return " + ".join(str(a) for a in sorted(addends)) + f" = {total}"


def subtraction_forms(addends: Iterable[int], total: int) -> tuple[str, ...]:
    """The fact family of `addends = total` as subtractions, one per distinct answer.

    `2 + 3 = 5` gives `5 - 3 = 2` and `5 - 2 = 3`; `2 + 3 + 5 = 10` gives
    `10 - 5 - 3 = 2`, `10 - 5 - 2 = 3`, `10 - 3 - 2 = 5` (what is taken away, biggest first).
    """
    parts = sorted(addends)
    forms = []
    for answer in sorted(set(parts)):
        rest = list(parts)
        rest.remove(answer)
        taken = " - ".join(str(x) for x in sorted(rest, reverse=True))
        forms.append(f"{total} - {taken} = {answer}")
    return tuple(forms)


def make_discard(cards: Iterable[int]) -> Discard | None:
    """The discard these number cards make, or None when they make none (any order in)."""
    cards = list(cards)
    if not all(is_number(c) for c in cards):
        return None
    ordered = tuple(sorted(cards))
    if len(ordered) == 2 and ordered[0] == ordered[1]:
        n = ordered[0]
        return Discard(ordered, "pair", f"{n} = {n}", ())
    if len(ordered) >= 3:
        total, addends = ordered[-1], ordered[:-1]
        if sum(addends) == total:
            return Discard(ordered, "equation", equation_text(addends, total),
                           subtraction_forms(addends, total))
    return None


def number_counts(hand: Iterable[Card]) -> Counter[int]:
    """How many of each number card the hand holds (power cards are ignored)."""
    return Counter(c for c in hand if isinstance(c, int) and is_number(c))


def _partitions(target: int, largest: int) -> list[tuple[int, ...]]:
    """Ways to write `target` as a sum of parts no bigger than `largest` (non-increasing)."""
    if target == 0:
        return [()]
    return [(part, *rest) for part in range(min(largest, target), 0, -1)
            for rest in _partitions(target - part, part)]


def _build_equations() -> dict[int, tuple[tuple[Discard, tuple[tuple[int, int], ...]], ...]]:
    """For each total 2..10: every equation with that total, in the order `find_discards`
    lists them, each with the cards it needs as (number, how many) pairs. Built once: there
    are only 128 such equations, so a hand is checked against a fixed list."""
    table = {}
    for total in range(2, MAX_NUMBER + 1):
        rows = []
        for parts in _partitions(total, total - 1):
            if len(parts) < 2:
                continue
            addends = tuple(sorted(parts))
            cards = (*addends, total)
            discard = Discard(cards, "equation", equation_text(addends, total),
                              subtraction_forms(addends, total))
            rows.append((discard, tuple(sorted(Counter(cards).items()))))
        rows.sort(key=lambda row: row[0].cards)
        table[total] = tuple(rows)
    return table


EQUATIONS = _build_equations()
PAIRS = {n: Discard((n, n), "pair", f"{n} = {n}", ()) for n in range(1, MAX_NUMBER + 1)}


def find_discards(hand: Iterable[Card], rules: str | Rules = "official") -> list[Discard]:
    """Every distinct pair and equation in `hand` (kids rules: pairs only).

    Single-card discards are always possible and are not listed. Order: pairs by number, then
    equations by the card alone on one side, then by their cards - a stable order lessons can
    show as it is.
    """
    counts = number_counts(hand)
    found = [PAIRS[n] for n in sorted(counts) if counts[n] >= 2]
    if not Rules.coerce(rules).equations:
        return found
    for total in sorted(counts):
        for discard, needs in EQUATIONS.get(total, ()):
            if all(counts[n] >= k for n, k in needs):
                found.append(discard)
    return found


def best_discards(hand: Iterable[Card], rules: str | Rules = "official") -> list[Discard]:
    """The discards that shed the most cards (empty when the hand has no pair or equation)."""
    found = find_discards(hand, rules)
    if not found:
        return []
    most = max(d.size for d in found)
    return [d for d in found if d.size == most]
