"""The worked percent of a chance item (`practice.generators.chance_steps`), as printed in the
chances answer keys (issue 41)."""

from __future__ import annotations

from sq_edu.i18n.words import Term
from sq_edu.practice.generators.chance_steps import chance_steps


def _percent_step(good: int, total: int, lang: str) -> str:
    return chance_steps(Term("common.card_dragon"), good, total, "percent")[-1].render(lang)


def test_the_shown_percent_rounds_by_hand_to_the_answer() -> None:
    """35/62 is 56,45 %: the key once showed «56,5 %» and then the answer 56 %, which a child
    rounding 56,5 by hand would call 57."""
    assert _percent_step(35, 62, "ru") == (
        "35 : 62 \u2248 0,5645 = 56,45\u00a0%; округли до целого: 56\u00a0%.")
    assert _percent_step(35, 62, "en") == (
        "35 ÷ 62 \u2248 0.5645 = 56.45%; as a whole percent: 56%.")


def test_one_decimal_where_it_rounds_to_the_answer_and_equals_when_exact() -> None:
    assert _percent_step(8, 19, "ru") == (
        "8 : 19 \u2248 0,421 = 42,1\u00a0%; округли до целого: 42\u00a0%.")
    assert _percent_step(1, 8, "en") == "1 ÷ 8 = 0.125 = 12.5%; as a whole percent: 13%."


def test_a_whole_percent_is_not_rounded_again() -> None:
    """«16 : 25 = 0,64 = 64 %; округли до целого: 64 %» said the same thing twice."""
    assert _percent_step(16, 25, "ru") == "16 : 25 = 0,64 = 64\u00a0%."
    assert _percent_step(1, 2, "en") == "1 ÷ 2 = 0.5 = 50%."


def test_the_jester_count_lists_one_whole_round() -> None:
    """A jester turning up 1 once gave "players 2…": the round is always listed in full."""
    from sq_edu.practice import generate, get_lesson

    for seed in range(12):
        ex = generate(get_lesson("chances"), 4, seed)
        players = int(ex.extra["players"])
        order = ex.worked[0].render("en").split("players ", 1)[1].rstrip("…").split(", ")
        assert sorted(order) == [str(n) for n in range(1, players + 1)], order


def test_the_card_just_played_takes_its_article() -> None:
    from sq_edu.i18n import msg
    from sq_edu.practice.messages import Cards

    said = msg("lessons.ch_trap_last_play", cards=Cards(("king",))).render("en")
    assert said.startswith("Did you count what was just played (a king)?")


def test_where_the_cards_really_are_is_one_list_with_one_mark() -> None:
    """«в стопке добора — 2; у игрока 2 — 0 · у игрока 3 — 1» mixed two separators."""
    from sq_edu.engine import Game
    from sq_edu.practice.generators.positions import where_cards_are

    said = where_cards_are(Game.new(players=3, seed=1), "dragon").render("ru")
    assert "·" not in said and said.count(";") == 2, said
