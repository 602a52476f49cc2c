"""`band` and `boundary_distance` work in whole numbers for a Fraction (lessons band every
position they try, issue #44): they must say exactly what the Fraction arithmetic says."""

from __future__ import annotations

from fractions import Fraction

from sq_edu.maths.likelihood import LIKELY_ABOVE, UNLIKELY_BELOW, band, boundary_distance


def _band(p: Fraction) -> str:
    if p <= 0:
        return "impossible"
    if p >= 1:
        return "certain"
    return "unlikely" if p < UNLIKELY_BELOW else "likely" if p > LIKELY_ABOVE else "even"


def _distance(p: Fraction) -> Fraction:
    if p <= 0 or p >= 1:
        return Fraction(0)
    return min(abs(p - UNLIKELY_BELOW), abs(p - LIKELY_ABOVE))


def test_whole_number_bands_and_distances_match_fraction_arithmetic() -> None:
    for d in range(1, 90):
        for n in range(-2, d + 3):
            p = Fraction(n, d)
            assert band(p) == _band(p), p
            found = boundary_distance(p)
            assert type(found) is Fraction and found == _distance(p), p
