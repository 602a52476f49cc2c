"""The teacher's controls against the real class game: tied votes show the tied moves as
buttons (the one played if the teacher does not pick marked), and a press plays that move."""

from __future__ import annotations

from sq_edu.server.classgame.service import ClassGameService
from tests.apps.classgame.classgame_served import controls, wait_until


def test_the_teacher_picks_the_move_of_a_tie(served: tuple[str, ClassGameService]) -> None:
    url, games = served
    games.start("5b", "kids", 2, "quiz")
    game = games.games["5b"]
    while len(game.choices()) < 2:
        game.skip(0.0)
    teacher = controls(url, games)
    round_no = game.round
    right = str(game.question().exercise.answers[0])
    for name, choice in (("Anna", 0), ("Boris", 1)):
        games.join("5b", name)
        games.answer("5b", name, round_no, right)
        games.vote("5b", name, round_no, choice)
    games.tick()
    games._saved(game)   # the tick in the server wakes the pages the same way
    wait_until(lambda: teacher.view.get("tie") == [0, 1])
    wait_until(lambda: len(teacher.tie_buttons.children) == 2)   # drawn after the view is set
    assert teacher.tie_row.layout.display == "flex"
    labels = [b.description for b in teacher.tie_buttons.children]
    assert len(labels) == 2 and "(played if you do not pick)" in labels[0]
    assert "(played" not in labels[1]
    teacher.tie_buttons.children[1].click()
    assert game.rounds[-1]["round"] == round_no and game.rounds[-1]["choice"] == 1
    assert game.rounds[-1]["decided"] and teacher.tie_row.layout.display == "none"
    teacher.follower.stop()   # type: ignore[union-attr]
