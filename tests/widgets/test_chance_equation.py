"""ChanceView and EquationBuilder driven through their own controls."""

from __future__ import annotations

import re
from fractions import Fraction

from sq_edu.engine import Observation
from sq_edu.maths import p_draw
from sq_edu.widgets import ChanceView, EquationBuilder
from sq_edu.widgets.chance import chance_word, convergence_chart, fraction_text, percent
from sq_edu.widgets.equation import equation_from_cards


def test_chance_of_a_king_in_every_form(obs: Observation) -> None:
    view = ChanceView(obs, "king", seed=1)
    kings_in_hand = obs.hand.count("king")
    x, y = view.counts()
    assert (x, y) == (8 - kings_in_hand, 67 - 5)
    assert view.exact == p_draw(obs, "king") == Fraction(x, y)
    assert view.text() == (f"King: {x} out of {y} = {fraction_text(x, y)} ≈ "
                           f"{percent(Fraction(x, y))} (unlikely)")
    assert view.icons.value.count("<polygon") == x  # wanted cards are stars
    assert view.icons.value.count("<circle") == y - x
    view.set_lang("ru")
    assert f"{x} из {y}" in view.summary.value and "маловероятно" in view.summary.value


def test_simulation_button_fills_progress_and_chart(obs: Observation) -> None:
    view = ChanceView(obs, ["king", "knight"], runs=400, seed=5)
    view.simulate_button.click()
    assert view.progress.bar.value == 400 and view.progress.label.value == "400 of 400"
    assert "<polyline" in view.chart.value and "stroke-dasharray" in view.chart.value
    assert "exact:" in view.result.value
    last = view._sim_points[-1]
    assert last[0] == 400 and abs(last[1] - float(view.exact)) < 0.1


def test_hidden_answer_until_revealed(obs: Observation) -> None:
    view = ChanceView(obs, "dragon")
    view.show_exact = False
    view.show_icons = False
    assert "out of" not in view.summary.value and view.icons.value == ""
    view.show_exact = True
    assert "out of" in view.summary.value and view.icons.value == ""
    view.show_icons = True
    assert "<svg" in view.icons.value


def test_words_and_fractions() -> None:
    assert chance_word(Fraction(0)) == "widgets.chance_impossible"
    assert chance_word(Fraction(1, 5)) == "widgets.chance_unlikely"
    assert chance_word(Fraction(1, 2)) == "widgets.chance_even"
    assert chance_word(Fraction(4, 5)) == "widgets.chance_likely"
    assert chance_word(Fraction(1)) == "widgets.chance_certain"
    assert fraction_text(8, 40) == "8/40 = 1/5" and fraction_text(3, 7) == "3/7"
    assert percent(Fraction(1, 8)) == "12.5%" and percent(Fraction(1, 5)) == "20%"
    assert percent(Fraction(1, 8), "ru") == "12,5\u00a0%"  # Russian: decimal comma, space


def test_picking_cards_builds_a_true_equation() -> None:
    eb = EquationBuilder([3, 7, 10, "king", 4])
    eb.hand.toggle(0)
    assert eb.status.text == "Pick at least two number cards."
    eb.hand.toggle(1)
    eb.hand.toggle(2)
    assert eb.equation_text == "3 + 7 = 10"
    assert eb.verdict is not None and eb.verdict.ok
    assert "3 + 7 = 10" in eb.equation.value and "✔" in eb.equation.value
    assert eb.status.tone == "good" and "3 + 7 = 10" in eb.status.text
    eb.set_lang("ru")
    assert eb.status.text != "" and eb.status.text == eb.verdict.render("ru")
    assert eb.check_button.description == "Проверить"


def test_wrong_pick_shows_the_maths_message() -> None:
    eb = EquationBuilder([3, 4, 10, 2, 9])
    got = []
    eb.on_verdict(got.append)
    eb.hand.selected = [0, 1, 2]  # as the browser sends it
    assert eb.equation_text == "3 + 4 = 10"
    assert not eb.verdict.ok and "✘" in eb.equation.value
    assert eb.status.text == "3 + 4 makes 7, not 10."
    assert len(got) == 1


def test_power_card_is_refused_kindly() -> None:
    eb = EquationBuilder([3, "dragon"])
    eb.hand.selected = [0, 1]
    assert eb.status.text == "Only number cards can make an equation."


def test_typing_an_equation_and_clearing() -> None:
    eb = EquationBuilder([2, 3, 5, 6, 6])
    eb.typed.value = "2 + 3 = 5"
    assert eb.verdict.ok
    eb.typed.value = "2 * 3 = 6"
    assert not eb.verdict.ok and eb.status.tone == "bad" and eb.status.text
    eb.check_button.click()
    assert not eb.verdict.ok
    eb.clear_button.click()
    assert eb.verdict is None and eb.typed.value == "" and eb.status.text == ""


def test_pair_and_equation_text() -> None:
    assert equation_from_cards([6, 6]) == "6 = 6"
    assert equation_from_cards([10, 1, 2, 3, 4]) == "1 + 2 + 3 + 4 = 10"
    eb = EquationBuilder([6, 6])
    eb.hand.selected = [0, 1]
    assert eb.verdict.ok and eb.verdict.kind == "pair"


def test_exact_label_sits_right_of_the_plot_so_the_line_never_crosses_it() -> None:
    points = [(n, 0.095 + (0.02 if n % 2 else -0.01)) for n in range(1, 501)]
    for lang in ("en", "ru"):
        svg = convergence_chart(points, 0.095, lang)
        xs = [float(p.split(",")[0]) for p in
              re.search(r'polyline points="([^"]+)"', svg).group(1).split()]
        label_x = float(re.search(r'<text x="([\d.]+)"[^>]*fill="#C62828"', svg).group(1))
        assert max(xs) < label_x
        assert ("exact 9.5%" if lang == "en" else "точно 9,5\u00a0%") in svg
        ticks = re.findall(r'text-anchor="end">([\d.,]+)(?:%|\u00a0%)<', svg)
        assert ticks == ["0", "5", "10", "15", "20", "25"]  # readable steps, no "6.2%"
