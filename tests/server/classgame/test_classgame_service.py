"""The class game in the class server's process: a restart resumes the round (answers,
votes, players), the timer closes a round on the tick, and what each page may see."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq_edu.practice.classgame.state import ClassGame, ClassGameError
from sq_edu.server.classgame.service import ROLES, SEED_ENV, ClassGameService
from sq_edu.server.tables import TableService


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def services(folder: Path, clock: Clock) -> ClassGameService:
    return ClassGameService(TableService(folder, b"k" * 32, clock=clock))


@pytest.fixture(autouse=True)
def short_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, "30")


def right(games: ClassGameService) -> str:
    return str(games.games["5b"].question().exercise.answers[0])


def test_a_restart_resumes_the_round(tmp_path: Path) -> None:
    clock = Clock()
    games = services(tmp_path, clock)
    games.start("5b", "kids", 2, "quiz")
    games.join("5b", "Anna")
    games.answer("5b", "Anna", 0, right(games))
    games.vote("5b", "Anna", 0, 0)
    games.join("5b", "Boris")
    games.close()

    again = services(tmp_path, clock)   # the server process started afresh
    view = again.view("5b", "teacher")
    assert view["players"] == 2 and view["who"]["Anna"]["correct"] is True
    assert again.view("5b", "child", "Anna")["mine"]["vote"] == 0
    said = again.answer("5b", "Anna", 0, "99")   # resent after the restart: still her first
    assert said["result"]["again"] and said["result"]["correct"] is True
    again.answer("5b", "Boris", 0, right(again))
    again.vote("5b", "Boris", 0, 0)
    again.tick()
    assert again.view("5b", "projector")["round"] == 1


def test_the_timer_closes_the_round_on_the_tick(tmp_path: Path) -> None:
    clock = Clock()
    games = services(tmp_path, clock)
    games.start("5b", "kids", 2, "quiz", timer=20)
    games.join("5b", "Anna")
    clock.now += 19
    games.tick()
    assert games.view("5b", "projector")["round"] == 0
    clock.now += 1
    games.tick()
    assert games.view("5b", "projector")["round"] == 1


def test_names_reach_only_the_teacher(tmp_path: Path) -> None:
    games = services(tmp_path, Clock())
    games.start("5b", "kids", 2, "quiz")
    games.answer("5b", "Anna", 0, "8")
    projector = games.view("5b", "projector")
    assert "spread" not in projector and "who" not in projector
    games.teacher("5b", "spread", show=True)
    shown = games.view("5b", "projector")
    assert shown["spread"] == [("8", 1)] and "Anna" not in repr(shown)
    assert games.view("5b", "teacher")["who"]["Anna"]["text"] == "8"


def test_refusals(tmp_path: Path) -> None:
    games = services(tmp_path, Clock())
    with pytest.raises(ClassGameError, match="no_game"):
        games.join("5b", "Anna")
    games.start("5b", "kids", 2, "quiz")
    with pytest.raises(ClassGameError, match="bad_name"):
        games.join("5b", "")
    with pytest.raises(ClassGameError, match="bad_request"):
        games.answer("5b", "Anna", 0, "9" * 50)


def test_a_kept_seat_sits_the_child_back_in_and_only_that_child(tmp_path: Path) -> None:
    """The seat token a joined child's browser keeps rejoins them (after a restart too);
    a wrong token, another child's token or a new game is refused."""
    clock = Clock()
    games = services(tmp_path, clock)
    games.start("5b", "kids", 2, "quiz")
    games.join("5b", "Anna")
    games.join("5b", "Boris")
    anna, boris = games.seat("5b", "Anna"), games.seat("5b", "Boris")
    assert anna != boris and games.seat("5b", "Anna") == anna   # the same seat every join
    games.answer("5b", "Anna", 0, right(games))
    assert "seats" not in games.view("5b", "teacher") and anna not in repr(
        games.view("5b", "projector"))
    games.close()

    again = services(tmp_path, clock)
    assert again.rejoin("5b", "Anna", anna)["mine"]["answer"]["correct"] is True
    for name, seat in (("Anna", boris), ("Anna", "guess"), ("Cleo", anna), ("Anna", None)):
        with pytest.raises(ClassGameError) as refused:
            again.rejoin("5b", name, seat)
        assert refused.value.key == "classgame.err_seat_gone"
    again.start("5b", "kids", 2, "quiz")   # a new game: the old seats are gone
    with pytest.raises(ClassGameError):
        again.rejoin("5b", "Anna", anna)


def tied_round(games: ClassGameService, clock: Clock) -> tuple[ClassGame, int]:
    """A round of two choices or more, Anna and Boris voting apart, past the tick."""
    game = games.games["5b"]
    while len(game.choices()) < 2:
        game.skip(clock.now)
    for name, choice in (("Anna", 0), ("Boris", 1)):
        games.join("5b", name)
        games.answer("5b", name, game.round, right(games))
        games.vote("5b", name, game.round, choice)
    games.tick()
    return game, game.round


def test_a_tie_waits_for_the_teacher_who_picks_the_move(tmp_path: Path) -> None:
    """Tied votes do not close the round: the teacher's view shows the tied moves, the
    children cannot vote on, and the teacher's pick is played (not the coach's tip)."""
    clock = Clock()
    games = services(tmp_path, clock)
    games.start("5b", "kids", 2, "quiz")
    game, round_no = tied_round(games, clock)
    view = games.view("5b", "teacher")
    assert view["round"] == round_no and view["tie"] == [0, 1] and view["tie_default"] == 0
    with pytest.raises(ClassGameError) as refused:
        games.vote("5b", "Anna", round_no, 1)
    assert refused.value.key == "classgame.err_tie"
    picked = game.choices()[1]
    games.teacher("5b", "decide", choice=1)
    kept = game.rounds[-1]
    assert kept["choice"] == 1 and kept["decided"] and kept["move"]["kind"] == picked.kind
    assert games.view("5b", "child", "Anna")["tie"] == []


def test_a_tie_the_teacher_leaves_plays_the_coachs_tip_when_the_timer_ends(
        tmp_path: Path) -> None:
    clock = Clock()
    games = services(tmp_path, clock)
    games.start("5b", "kids", 2, "quiz", timer=30)
    game, round_no = tied_round(games, clock)
    assert game.tie == [0, 1]
    clock.now += 29
    games.tick()
    assert game.round == round_no
    clock.now += 1
    games.tick()
    assert game.round > round_no
    assert game.rounds[-1]["choice"] == 0 and not game.rounds[-1]["decided"]
    with pytest.raises(ClassGameError):
        games.teacher("5b", "decide", choice=1)   # no tie now: refused


def test_every_page_gets_the_seconds_left_of_the_timer(tmp_path: Path) -> None:
    """The view carries the seconds left (the pages count down from it): the round's, then
    the tie's; none while paused or without a timer. A child's wait wakes on a tie."""
    clock = Clock()
    games = services(tmp_path, clock)
    games.start("5b", "kids", 2, "quiz", timer=30)
    clock.now += 10.5
    assert [games.view("5b", role, "Anna")["left"] for role in ROLES] == [20, 20, 20]
    tied_round(games, clock)
    assert games.stage("5b")[3] is True   # type: ignore[index]
    assert games.view("5b", "projector")["left"] == 30
    games.teacher("5b", "pause")
    assert games.view("5b", "child", "Anna")["left"] is None
    games.start("5b", "kids", 2, "quiz")
    assert games.view("5b", "projector")["left"] is None
