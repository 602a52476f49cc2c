"""check_equation: what a child types, and the kind, specific answer it gets in en and ru."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sq_edu.i18n import t
from sq_edu.maths import check_equation


@pytest.mark.parametrize("text", ["2+3=5", "5 = 2 + 3", "10-4=6", "10 − 4 = 6", "10 – 4 = 6",
                                  "２＋３＝５", "  2 +   3=5 ", "10 - 3 - 2 = 5", "6 = 10 - 4",
                                  "1+2+3+4=10", "2 + 2 + 3 = 7", "2 + 3 = 5.", "٢+٣=٥"])
def test_accepted_forms(text: str) -> None:
    v = check_equation(text)
    assert (v.ok, v.true_equation, v.legal_discard, v.kind, v.in_hand) == (
        True, True, True, "equation", None), v


def test_wrong_sum_names_the_real_total_in_both_languages() -> None:
    v = check_equation("3 + 5 = 9")
    assert (v.ok, v.true_equation, v.key) == (False, False, "wrong_sum")
    assert v.message == "3 + 5 makes 8, not 9."
    assert v.render("ru") == "3 + 5 — это 8, а не 9."
    assert check_equation("9 = 3 + 5", lang="ru").message == "3 + 5 — это 8, а не 9."
    assert check_equation("1 + 2 = 10 - 4").key == "sides_differ"


def test_hand_checks_say_which_card_is_missing() -> None:
    v = check_equation("4 + 4 = 8", hand=[4, 8, 1, 2, "king"])
    assert (v.ok, v.true_equation, v.legal_discard, v.in_hand, v.key) == (
        False, True, True, False, "only_n")
    assert v.message.startswith("You have only one 4")
    assert v.render("ru").startswith("У тебя только одна карта 4")
    v = check_equation("3 + 4 = 7", hand=[3, 4, 1, 2, 5])
    assert (v.key, v.params) == ("no_card", {"number": 7, "n": 0, "needed": 1})
    ok = check_equation("3 + 4 = 7", hand=[3, 4, 7, 2, 5])
    assert (ok.ok, ok.in_hand, ok.cards) == (True, True, (3, 4, 7))


@pytest.mark.parametrize(("text", "key"), [
    ("", "empty"), ("   ", "empty"), ("2 + 3", "no_equals"), ("2+3=5=5", "one_equals"),
    ("2 × 3 = 6", "no_multiplication"), ("2*3=6", "no_multiplication"),
    ("6 ÷ 2 = 3", "no_division"), ("6 : 2 = 3", "no_division"),
    ("2 ++ 3 = 5", "syntax"), ("= 5", "syntax"), ("2 3 = 5", "syntax"), ("-2 + 5 = 3", "syntax"),
    ("0 + 5 = 5", "card_range"), ("11 - 1 = 10", "card_range"),
    ("99999999999 + 1 = 2", "card_range"),
    ("5 = 2", "too_few"), ("1 + 2 + 3 = 10 - 4", "one_alone"), ("2 + 8 - 4 = 6", "not_discard"),
    ("😀", "unknown_symbol"), ("__import__('os').system('ls')", "unknown_symbol"),
    ("x" * 10_000, "too_long"),
])
def test_refusals_are_specific(text: str, key: str) -> None:
    v = check_equation(text)
    assert (v.ok, v.key, v.legal_discard) == (False, key, False), v
    assert v.message == t("maths." + key, "en", **v.params)
    assert v.render("ru") != v.message


def test_messages_for_typical_slips() -> None:
    assert check_equation("0+5=5").message == "Number cards go from 1 to 10, so 0 is not a card."
    assert check_equation("5 = 2").message.startswith("An equation needs at least three cards")
    assert check_equation("2×3=6").message.startswith("Multiplication is not a discard")


def test_a_pair_is_a_discard_but_kids_rules_refuse_equations() -> None:
    pair = check_equation("4 = 4")
    assert (pair.ok, pair.kind, pair.cards, pair.key) == (True, "pair", (4, 4), "pair")
    kids = check_equation("2 + 3 = 5", rules="kids")
    assert (kids.ok, kids.true_equation, kids.key) == (False, True, "kids_no_equations")


def test_non_text_input_gets_a_verdict() -> None:
    assert check_equation(None).key == "empty"
    assert check_equation(12).key == "no_equals"


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=300))
def test_any_text_gets_a_verdict(text: str) -> None:
    v = check_equation(text, hand=[1, 2, 3, 4, 5], lang="ru")
    assert isinstance(v.message, str) and v.message
    assert v.message == t("maths." + v.key, "ru", **v.params)
    if v.ok:
        assert v.legal_discard and v.true_equation and v.in_hand


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 10), min_size=2, max_size=5), st.integers(1, 10),
       st.sampled_from(["+", " + ", "＋"]), st.sampled_from(["=", " = ", "＝"]))
def test_addition_verdicts_follow_arithmetic(parts: list[int], total: int, plus: str,
                                             eq: str) -> None:
    v = check_equation(plus.join(map(str, parts)) + eq + str(total))
    assert v.true_equation == (sum(parts) == total)
    assert v.ok == (sum(parts) == total)
    assert v.cards == tuple(sorted([*parts, total]))


def test_discard_kind_names() -> None:
    from sq_edu.maths import find_discards
    pair, equation = find_discards([4, 4, 8])
    assert (pair.kind_name("ru"), equation.kind_name("en")) == ("пара", "equation")


@given(st.lists(st.integers(1, 10), min_size=2, max_size=5),
       st.lists(st.integers(1, 10), max_size=7))
@settings(max_examples=200, deadline=None)
def test_picked_cards_get_the_verdict_of_their_equation(cards: list[int], hand: list[int]) -> None:
    """check_cards judges picked cards without text: the same verdict as typing their equation
    (biggest alone on the right, as the equation builder writes it)."""
    from sq_edu.maths import check_cards

    *addends, biggest = sorted(cards)
    typed = " + ".join(map(str, addends)) + f" = {biggest}"
    for held in (None, hand):
        a, b = check_cards(cards, held), check_equation(typed, held)
        assert (a.ok, a.key, a.params, a.cards, a.true_equation, a.kind, a.in_hand) == (
            b.ok, b.key, b.params, b.cards, b.true_equation, b.kind, b.in_hand)


def test_picked_cards_that_are_not_an_equation_yet() -> None:
    from sq_edu.maths import check_cards

    assert check_cards([]).key == "empty" and check_cards([]).true_equation is None
    assert check_cards([5]).key == "too_few" and check_cards([5]).true_equation is None
    v = check_cards([3, "king", 5], lang="ru")
    assert (v.key, v.true_equation) == ("numbers_only", None)
    assert v.message == t("maths.numbers_only", "ru")
