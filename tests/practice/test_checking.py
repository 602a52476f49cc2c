"""Answers are read kindly, judged by the maths layer, and interpreted in words."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sq_edu.practice.checking import check, explain_cards, read_fraction, read_percent, read_whole
from sq_edu.practice.exercise import (
    CARDS,
    CHOICE,
    EQUATION,
    FRACTION,
    NUMBER,
    PERCENT,
    SEAT,
    Exercise,
    Option,
)
from sq_edu.practice.messages import msg


def make(kind: str, answers: tuple, **fields: object) -> Exercise:
    return Exercise(lesson_id="t", level=1, seed=0, skill="s", kind=kind,
                    prompt=msg("practice.correct"), answers=answers, **fields)


def test_selected_cards_are_interpreted() -> None:
    ex = make(CARDS, ((3, 5, 8),), hand=(3, 5, 8, 9, "king"))
    right = check(ex, ["8", 3, 5])
    assert right.correct and right.answer == (3, 5, 8)
    assert right.interpretation.render("en") == "3 + 5 makes 8: a true equation."
    wrong = check(ex, [3, 5, 9])
    assert not wrong.correct and wrong.understood
    assert wrong.interpretation.render("en") == "3 + 5 makes 8, not 9."
    assert wrong.interpretation.render("ru") == "3 + 5 — это 8, а не 9."
    assert explain_cards((4, 4)).render("en") == "4 and 4 are a pair."
    assert "Power cards" in explain_cards((3, "king")).render("en")


def test_cards_not_in_hand_or_not_cards_are_not_mistakes() -> None:
    ex = make(CARDS, ((3, 5, 8),), hand=(3, 5, 8, 9, "king"))
    for answer in ([5, 5], ["queen"], [], None, 7):
        result = check(ex, answer)
        assert not result.understood and not result.correct, answer


def test_typed_equations_go_through_check_equation() -> None:
    ex = make(EQUATION, ((2, 3, 5),), hand=(2, 3, 5, 1, 9))
    assert check(ex, "2 + 3 = 5").correct
    assert check(ex, "5 - 3 = 2").correct          # the same discard as subtraction
    wrong = check(ex, "2 + 3 = 6")
    assert not wrong.correct and wrong.understood
    assert wrong.interpretation.render("en") == "2 + 3 makes 5, not 6."
    assert not check(ex, "__import__('os')").understood
    assert not check(ex, "2 + 3 = 5" * 20).understood
    other = make(EQUATION, ((2, 3, 5),), hand=(1, 2, 3, 5, 9))
    assert check(other, "1 + 2 = 3").message.key == "practice.true_but_not_asked"


def test_numbers_fractions_percents() -> None:
    assert check(make(NUMBER, (7,)), " 7 ").correct
    assert check(make(NUMBER, (7,)), "9").interpretation.render("en") == "Your answer is too big."
    assert check(make(NUMBER, (7,)), "2").interpretation.key == "practice.too_small"
    assert not check(make(NUMBER, (7,)), "seven").understood
    assert not check(make(NUMBER, (7,)), True).understood
    frac = make(FRACTION, (Fraction(3, 20),))
    for text in ("3/20", "3 out of 20", "3 из 20", "6/40"):
        assert check(frac, text).correct, text
    assert check(frac, "6/40").interpretation.render("en") == "That is the same as 3/20."
    assert not check(frac, "3/0").understood and not check(frac, "3/21").correct
    pct = make(PERCENT, (Fraction(3, 20),))
    assert check(pct, "15%").correct and check(pct, "14").correct and check(pct, "15,5").correct
    assert not check(pct, "17").correct and not check(pct, "150").understood
    assert read_fraction("1") == 1 and read_percent("12.5 %") == 12.5


def test_a_percent_over_100_is_read_as_the_slip_that_gives_it() -> None:
    """4 kings unseen, a draw pile of 2: dividing by the pile gives "200", which is no chance
    but is what the child worked out; it gets the slip's message, not "type 0 to 100"."""
    why = msg("lessons.ch_trap_draw_pile", draw=2, total=40)
    pct = make(PERCENT, (Fraction(4, 40),), tolerance=1, traps=((Fraction(4, 2), why),))
    for typed in ("200", "200%", "4/2", "4 out of 2"):
        said = check(pct, typed)
        assert said.understood and not said.correct, typed
        assert said.misconception == "lessons.ch_trap_draw_pile", typed
    other = check(pct, "150")
    assert not other.understood and other.message.key == "practice.percent_over_100"
    for lang in ("en", "ru"):
        assert "100" in other.message.render(lang)


def test_choices_and_seats() -> None:
    ex = make(CHOICE, ("yes",), options=(Option("yes", msg("practice.correct")),
                                         Option("no", msg("practice.not_quite"))))
    assert check(ex, "yes").correct and not check(ex, "no").correct
    assert not check(ex, "perhaps").understood
    seat = make(SEAT, (2,), seats=(0, 1, 2))
    assert check(seat, 2).correct and not check(seat, 1).correct
    assert not check(seat, 5).understood


ANY_INPUT = st.one_of(st.text(max_size=80), st.integers(), st.none(), st.booleans(),
                      st.lists(st.one_of(st.integers(-3, 12), st.text(max_size=6)), max_size=6),
                      st.fractions())


@settings(max_examples=150, deadline=None)
@given(answer=ANY_INPUT)
def test_any_input_gets_a_verdict_never_an_exception(answer: object) -> None:
    exercises = [
        make(CARDS, ((3, 5, 8),), hand=(3, 5, 8, 9, "king")),
        make(EQUATION, ((2, 3, 5),), hand=(2, 3, 5, 1, 9)),
        make(NUMBER, (7,)), make(FRACTION, (Fraction(3, 20),)), make(PERCENT, (Fraction(1, 4),)),
        make(CHOICE, ("yes",), options=(Option("yes", msg("practice.correct")),)),
        make(SEAT, (1,), seats=(0, 1, 2)),
    ]
    for ex in exercises:
        result = check(ex, answer)
        assert result.message.render("ru") and result.message.render("en")
        assert not (result.correct and not result.understood)


@pytest.mark.parametrize(("text", "value"), [("-50", -50), ("−50", -50), ("– 50", -50),
                                             (" 40 ", 40), ("7", 7)])
def test_whole_numbers_may_be_negative(text: str, value: int) -> None:
    assert read_whole(text) == value


@pytest.mark.parametrize("text", ["", "--5", "5-", "12345", "five", "-"])
def test_unreadable_whole_numbers(text: str) -> None:
    assert read_whole(text) is None


def _equations_exercise(name: str, **params: object) -> Exercise:
    from sq_edu.practice.generators import GENERATORS, Base, rng_for

    gen = GENERATORS[name]
    return gen.func(gen.with_defaults(params), rng_for(3, name), Base("equations", 2, 3, "sum"))


def test_sum_question_explains_a_wrong_pair_as_a_sum() -> None:
    """5 + 6 in a two-addend sum question is a missing 11, not "5 and 6 are not equal"."""
    goal = {"discard": "sum", "addends": [2, 2], "max_total": 10}
    said = explain_cards((5, 6), goal)
    assert said is not None
    assert said.render("en") == ("5 + 6 makes 11, and there is no 11 card in your selection. "
                                 "Pick 3 cards: 2 of them add up to the other one.")
    assert said.render("ru").startswith("5 + 6 — это 11, а карты 11 среди выбранных нет. "
                                        "Выбери 3 карты")
    assert "equal" not in said.render("en")
    wrong = explain_cards((2, 3, 6), goal)
    assert wrong is not None and wrong.render("en") == "2 + 3 makes 5, not 6."
    three = explain_cards((1, 2, 3, 6), goal)
    assert three is not None and "wants 2 numbers added up" in three.render("en")
    big = explain_cards((1, 2, 3), {**goal, "max_total": 2})
    assert big is not None and "at most 2" in big.render("en")


def test_pair_question_keeps_the_pair_explanation() -> None:
    goal = {"discard": "pair"}
    said = explain_cards((5, 6), goal)
    assert said is not None
    assert said.render("en") == "5 and 6 are not equal, so they are not a pair."
    many = explain_cards((2, 3, 5), goal)
    assert many is not None and many.render("en") == (
        "A pair is exactly two equal cards, and you picked 3.")
    assert many.render("ru").endswith("а выбрано 3 карты.")


@pytest.mark.parametrize(("name", "params", "words"), [
    ("equations.sum", {"min_addends": 2, "max_addends": 2}, "no 12 card"),
    ("equations.pair", {}, "not equal"),
])
def test_wrong_selection_feedback_fits_the_exercise(name: str, params: dict, words: str) -> None:
    """Through `check`: the generator tells the checker which kind of discard it asks for."""
    ex = _equations_exercise(name, **params)
    ex = replace(ex, hand=(5, 7, *ex.hand))
    said = check(ex, ["5", "7"])
    assert not said.correct and said.interpretation is not None
    assert words in said.interpretation.render("en")


def test_a_named_card_slip_gets_its_own_message() -> None:
    """Neighbours taken for a pair, equal power cards taken for one: the error is named."""
    ex = _equations_exercise("equations.pair")
    ex = replace(ex, hand=(5, 6, "king", "king", *ex.hand), misconceptions=(
        "mistakes.pair_near", "mistakes.pair_power"))
    near, power = check(ex, ["5", "6"]), check(ex, ["king", "king"])
    assert near.misconception == "mistakes.pair_near" and not near.correct
    assert power.misconception == "mistakes.pair_power" and not power.correct
    assert "next to each other" in near.interpretation.render("en")
    assert "Карты действий пару не составляют" in power.interpretation.render("ru")


def _chances(level: int, want: Callable[[Exercise], bool]) -> Exercise:
    """The first item of a chances level (seeded) that `want` accepts."""
    from sq_edu.practice import generate, get_lesson
    from sq_edu.practice.generators import exercise_seed

    for index in range(200):
        ex = generate(get_lesson("chances"), level, exercise_seed(11, index))
        if want(ex):
            return ex
    raise AssertionError("no such item")


def test_x_out_of_y_asks_for_the_counts_themselves() -> None:
    """Issue 38: "16 out of 124" and "4 out of 31" for 8 out of 62 are not the counts."""
    ex = _chances(2, lambda e: Fraction(int(e.extra["good"]), int(e.extra["total"]))
                  .denominator < int(e.extra["total"]))
    good, total = int(ex.extra["good"]), int(ex.extra["total"])
    simple = Fraction(good, total)
    assert check(ex, f"{good} out of {total}").correct
    for scaled in (f"{2 * good} out of {2 * total}",
                   f"{simple.numerator} out of {simple.denominator}"):
        said = check(ex, scaled)
        assert not said.correct and not said.understood      # asked again, not a mistake
        assert "counts themselves" in said.message.render("en")
        assert "сами числа" in said.message.render("ru")


def _over(value: object) -> bool:
    chance = read_fraction(value)
    return chance is not None and chance > 1


def test_a_chance_over_100_percent_is_called_impossible_first() -> None:
    """Issue 38: on chances 7-8 a named slip that gives over 100% still hears "a chance is
    never more than 100%", and the teacher still sees the slip's name."""
    for level in (7, 8):
        ex = _chances(level, lambda e: any(_over(v) for v, _why in e.traps))
        value, why = next((v, w) for v, w in ex.traps if _over(v))
        chance = read_fraction(value)
        assert chance is not None
        said = check(ex, str(round(chance * 100)))
        assert said.understood and not said.correct and said.misconception == why.key
        assert said.interpretation is not None
        assert "never more than 100%" in said.interpretation.render("en")
        assert "не бывает больше 100" in said.interpretation.render("ru")
