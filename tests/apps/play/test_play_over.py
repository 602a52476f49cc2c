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
