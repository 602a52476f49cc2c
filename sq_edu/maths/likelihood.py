"""The one likelihood scale: chances in words, used by lessons, the play coach and the widgets.

Children meet probability first as words on a line (impossible, unlikely, even chance, likely,
certain). Every place that turns a chance into words uses `band`, so a lesson and the coach can
never call the same chance by two names.
"""

from __future__ import annotations

from fractions import Fraction

BANDS: tuple[str, ...] = ("impossible", "unlikely", "even", "likely", "certain")
UNLIKELY_BELOW = Fraction(2, 5)   # 0 < p < 40%: unlikely
LIKELY_ABOVE = Fraction(3, 5)     # 60% < p < 1: likely; 40%..60% is an even chance


def band(p: Fraction) -> str:
    """The band of a chance: one of BANDS (0 and 1 exactly are impossible and certain)."""
    if type(p) is Fraction:   # in whole numbers: lessons band every position they try
        n, d = p.numerator, p.denominator   # d > 0
        return ("impossible" if n <= 0 else "certain" if n >= d else "unlikely"
                if 5 * n < 2 * d else "likely" if 5 * n > 3 * d else "even")
    p = Fraction(p)
    if p <= 0:
        return "impossible"
    if p >= 1:
        return "certain"
    if p < UNLIKELY_BELOW:
        return "unlikely"
    if p > LIKELY_ABOVE:
        return "likely"
    return "even"


def boundary_distance(p: Fraction) -> Fraction:
    """How far a chance strictly between 0 and 1 lies from the nearest band boundary (0 for 0
    and 1): a question should ask for words only when this is at least 5 points (1/20)."""
    if type(p) is Fraction:   # n/d against 2/5 and 3/5 in whole numbers, as in `band`
        n, d = p.numerator, p.denominator
        if n <= 0 or n >= d:
            return Fraction(0)
        return Fraction(min(abs(5 * n - 2 * d), abs(5 * n - 3 * d)), 5 * d)
    p = Fraction(p)
    if p <= 0 or p >= 1:
        return Fraction(0)
    return min(abs(p - UNLIKELY_BELOW), abs(p - LIKELY_ABOVE))
