"""The round's seconds left reach the child's page and the projector from the real class
game (the browser counts down from them), in the page's language."""

from __future__ import annotations

from pathlib import Path

from sq_edu.apps.classgame import ProjectorApp
from sq_edu.server.classgame.service import ClassGameService
from tests.apps.classgame.classgame_served import client, page, wait_until


def test_the_pages_count_down_the_teachers_timer(
        served: tuple[str, ClassGameService], tmp_path: Path) -> None:
    url, games = served
    games.start("5b", "kids", 2, "quiz", timer=45)
    child = page(url, games, tmp_path)
    child.learner.secret.picture.buttons.value, child.learner.secret.secret.value = "sun", "1357"
    assert child.learner.set_nickname("Anna")
    board = ProjectorApp("ru", client=client(url, games))
    wait_until(lambda: board.view.get("game") is True)
    for countdown in (child.countdown, board.countdown):
        assert 40 <= countdown.left <= 45
    assert child.countdown.label == "Time left: {s} s"
    assert board.countdown.label == "Осталось: {s} с"
    games.teacher("5b", "pause")
    wait_until(lambda: board.countdown.left == -1 and child.countdown.left == -1)
    for app in (child, board):
        app.follower.stop()   # type: ignore[union-attr]
