"""A child's page against the real class game over HTTP (a tornado server in a thread of
this process): named with the secret it joins and the browser keeps the seat; a reloaded
page (a new app, the browser's kept seat) sits back in without nickname and secret, its
answers reaching the child's record; a kept seat of an ended game is forgotten."""

from __future__ import annotations

import json
from pathlib import Path

from sq_edu.server.classgame.service import ClassGameService
from tests.apps.classgame.classgame_served import page, wait_until


def test_a_reloaded_page_sits_back_in_without_the_secret(
        served: tuple[str, ClassGameService], tmp_path: Path) -> None:
    url, games = served
    games.start("5b", "kids", 2, "quiz")
    first = page(url, games, tmp_path)
    first.learner.secret.picture.buttons.value, first.learner.secret.secret.value = "sun", "1357"
    assert first.learner.set_nickname("Anna")
    kept = json.loads(first.memory.keep)
    assert kept["name"] == "Anna" and kept["seat"] == games.games["5b"].seats["Anna"]
    first.follower.stop()   # type: ignore[union-attr]

    again = page(url, games, tmp_path)   # the reload: a new kernel, the browser's kept seat
    again.memory.kept = first.memory.keep
    assert again.nickname == "Anna" and again.learner.learner.named
    assert again.game_box.layout.display == "flex" and again.learner.layout.display == "none"
    assert "Welcome back, Anna" in again.feedback.text
    wait_until(lambda: again.view.get("round") == 0)
    again.number.value = str(games.games["5b"].question().exercise.answers[0])
    again.send_answer()
    assert games.games["5b"].answers["Anna"]["correct"] is True
    assert (tmp_path / "anna.json").read_text().count("counting_unseen") >= 1
    again.follower.stop()   # type: ignore[union-attr]

    games.start("5b", "kids", 2, "quiz")   # a new game: the kept seat is forgotten
    late = page(url, games, tmp_path)
    late.memory.kept = first.memory.keep
    assert not late.nickname and late.memory.keep == ""
    assert late.game_box.layout.display == "none"
