"""The game-over panel's best moment: the richest queen, else the biggest discard."""

from __future__ import annotations

from sq_edu.apps.play.over import best_moment
from sq_edu.engine.observation import Event


def test_best_moment_is_the_richest_queen_else_the_biggest_discard() -> None:
    events = [Event("wake", seat=0, queen="rose"), Event("wake", seat=0, queen="cat"),
              Event("wake", seat=1, queen="heart")]
    assert best_moment(events, "en") == (
        "Your best moment: the Cat Queen wakes up for you (15 points).")
    assert "Королева кошек" in best_moment(events, "ru")
    discards = [Event("discard", seat=0, cards=(2, 3, 5)), Event("discard", seat=0, cards=(4,))]
    assert best_moment(discards, "ru") == "Твой лучший момент: сброс: 3 карты за один ход."
    assert "very end" in best_moment([], "en")


def test_the_chance_replay_writes_each_percent_once_in_the_readers_language() -> None:
    """"31,8 %" in Russian and "31.8%" in English, never "31.8%%" (a sign added twice)."""
    from fractions import Fraction

    from sq_edu.apps.play.chart import replay_svg

    from sq_edu.practice.coach.coach import ChancePoint

    points = [ChancePoint("power", Fraction(7, 22), False, 13)]
    ru, en = replay_svg(points, "ru"), replay_svg(points, "en")
    assert "31,8\u00a0%" in ru and "%%" not in ru and "31.8" not in ru
    assert "31.8%" in en and "%%" not in en
