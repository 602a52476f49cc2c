"""What a child's browser kept (the Outbox) reaches the real class game once: an answer
handed in twice is counted once, a kept vote is the child's vote, an answer kept past its
round is not given to the next question, a page not yet seated keeps the item for the next
try, and an unreachable class game leaves it in the browser. (The browser's part, the
phone going offline and coming back, is tests/browser/test_classgame.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sq_edu.apps.classgame.outbox import Outbox, sent_items
from sq_edu.pages.tables.client import TableClient
from sq_edu.server.classgame.service import ClassGameService
from sq_edu.server.server import free_port
from tests.apps.classgame.classgame_served import named, page, wait_until


def hand_in(outbox: Outbox, *items: dict[str, Any]) -> list[str]:
    """The browser's message with `items`; the ids the kernel says are done."""
    said: list[str] = []
    outbox.send = lambda content, buffers=None: said.extend(content["done"])  # type: ignore[method-assign]
    outbox._got(outbox, {"items": list(items)}, [])
    return said


def test_kept_answers_and_votes_reach_the_class_game_once(
        served: tuple[str, ClassGameService], tmp_path: Path) -> None:
    url, games = served
    games.start("5b", "kids", 2, "quiz")
    game = games.games["5b"]
    anna = named(url, games, tmp_path)
    wait_until(lambda: anna.outbox.at.startswith("Anna|0|"))
    at = anna.outbox.at
    right = str(game.question().exercise.answers[0])
    answer = {"id": "1-a", "at": at, "kind": "answer", "text": right}
    assert hand_in(anna.outbox, answer) == ["1-a"]
    assert game.answers["Anna"]["correct"] is True
    assert hand_in(anna.outbox, answer, dict(answer, id="1-b")) == ["1-a", "1-b"]
    assert game.rounds == [] and len(game.answers) == 1
    assert (tmp_path / "anna.json").read_text().count('"play_attempts": 1') == 1
    assert hand_in(anna.outbox, {"id": "2", "at": at, "kind": "vote", "choice": 0}) == ["2"]
    assert game.votes["Anna"] == 0

    games.teacher("5b", "close")   # round 1: what was kept for round 0 is too late
    wait_until(lambda: anna.view.get("round") == 1)
    assert hand_in(anna.outbox, dict(answer, id="3")) == ["3"]
    assert "Anna" not in game.answers and "This round is closed" in anna.feedback.text

    reloaded = page(url, games, tmp_path)   # not seated yet: kept for the next try
    assert hand_in(reloaded.outbox, {"id": "4", "at": anna.outbox.at, "kind": "vote",
                                     "choice": 0}) == []
    anna.client = TableClient(f"http://127.0.0.1:{free_port()}/sq-edu/classgame/api/", "5b",
                              games.tables.class_key("5b"), "test")   # the server is gone
    item = {"id": "5", "at": anna.outbox.at, "kind": "answer", "choice": 0}   # a choice now
    assert hand_in(anna.outbox, item) == [] and "Anna" not in game.answers
    for app in (anna, reloaded):
        app.follower.stop() if app.follower else None


def test_the_browsers_items_are_checked() -> None:
    assert sent_items({"items": [{"id": "x", "at": "a", "kind": "answer", "text": "7"},
                                 {"id": 5, "at": "a", "kind": "answer"},
                                 {"id": "y", "at": "a", "kind": "shout"},
                                 {"id": "z", "at": "a", "kind": "vote", "choice": True},
                                 "junk"] + [{"id": "w", "at": "a", "kind": "vote"}] * 20})[
        0].text == "7"
    assert len(sent_items({"items": [{"id": "w", "at": "a", "kind": "vote"}] * 20})) == 8
    assert sent_items({"items": "no"}) == [] and sent_items(None) == []
