"""A child's status line belongs to its round: "Your vote is in" does not stay under the
next round's question (nor under the first question of the teacher's next game)."""

from __future__ import annotations

from pathlib import Path

from sq_edu.server.classgame.service import ClassGameService
from tests.apps.classgame.classgame_served import named, wait_until


def test_a_new_round_clears_the_old_rounds_line(
        served: tuple[str, ClassGameService], tmp_path: Path) -> None:
    url, games = served
    games.start("5b", "kids", 2, "quiz")
    anna = named(url, games, tmp_path)
    anna.send_answer(str(games.games["5b"].question().exercise.answers[0]))
    anna.send_vote(0)
    assert "Your vote is in" in anna.feedback.text
    games.teacher("5b", "close")
    wait_until(lambda: anna.view.get("round") == 1)
    assert anna.feedback.text == ""
    anna.follower.stop()   # type: ignore[union-attr]
