"""The deal the phone's coached-game browser test plays still does what that test needs: the
coach checks a discard and the child wins (a change to the deals or the bots shows here, in
seconds, with the way to choose another deal: `python -m tests.support.coached_game`)."""

from __future__ import annotations

from tests.support.coached_game import GAME, play


def test_the_browser_tests_deal_has_a_checked_discard_and_a_win() -> None:
    played = play(GAME)
    assert played.checked_discards >= 1, played.actions
    assert played.won, played.actions
