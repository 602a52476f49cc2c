"""Numbers per language: decimal comma in Russian, point in English; counts agree with nouns."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sq_edu.i18n.format import Count, Percent, count, decimal, parse_decimal, percent
from sq_edu.practice.checking import read_percent


def test_decimal_mark_per_language() -> None:
    assert decimal(12.5, "ru") == "12,5"
    assert decimal(12.5, "en") == "12.5"
    assert decimal(Fraction(1, 3) * 100, "ru", 2) == "33,33"
    assert decimal(20.0, "ru") == "20"          # no ",0" tail
    assert decimal(-3.25, "en", 2) == "\u22123.25"  # the minus sign, not a hyphen


def test_percent_per_language() -> None:
    assert percent(Fraction(1, 8), "ru") == "12,5\u00a0%"
    assert percent(Fraction(1, 8), "en") == "12.5%"
    assert percent(Fraction(1, 5), "ru", 0) == "20\u00a0%"
    assert percent(Fraction(1, 200), "en", 0) == "1%"      # half rounds up, as by hand
    assert Percent(Fraction(3, 8)).render("ru") == "37,5\u00a0%"


@pytest.mark.parametrize(("n", "ru", "en"), [
    (1, "1 раз", "1 time"), (2, "2 раза", "2 times"), (5, "5 раз", "5 times"),
    (11, "11 раз", "11 times"), (21, "21 раз", "21 times"), (22, "22 раза", "22 times"),
    (292, "292 раза", "292 times"),
])
def test_count_agrees_with_the_number(n: int, ru: str, en: str) -> None:
    assert count(n, "times", "ru") == ru
    assert Count(n, "times").render("en") == en


def test_count_tricks_after_a_contract() -> None:
    assert [count(n, "tricks", "ru") for n in (1, 2, 5, 7)] == [
        "1 взятка", "2 взятки", "5 взяток", "7 взяток"]


@pytest.mark.parametrize("typed", ["12,5", "12.5", " 12,5 ", "12.50"])
def test_typed_decimal_accepts_comma_and_point(typed: str) -> None:
    assert parse_decimal(typed) == 12.5


@pytest.mark.parametrize("typed", ["", "12,5,1", "abc", "1e3", "12 5"])
def test_typed_decimal_refuses_junk(typed: str) -> None:
    assert parse_decimal(typed) is None


@pytest.mark.parametrize("typed", ["12,5", "12.5", "12,5 %", "12.5%"])
def test_typed_percent_in_a_lesson_accepts_comma_and_point(typed: str) -> None:
    assert read_percent(typed) == 12.5
