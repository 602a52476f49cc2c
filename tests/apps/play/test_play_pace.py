"""Bots play by themselves, one move per pause, on the kernel's event loop; "Next move" only
when the child asks for it (pace "step")."""

from __future__ import annotations

import asyncio

from sq_edu.apps.play.app import PlayApp
from sq_edu.apps.play.pace import PAUSES


def _shown(widget) -> bool:
    return widget.layout.display != "none"


def _discard_something(app: PlayApp) -> None:
    app.play(next(m for m in app.legal() if m.kind == "discard"))


def test_bots_move_by_themselves_after_a_pause_with_no_next_move() -> None:
    async def game() -> tuple[int, bool]:
        app = PlayApp(seed=9, opponents=2, pace="fast", coach="off")
        _discard_something(app)
        assert app.table.bots_turn and app.pace.waiting
        assert _shown(app.bot_bar) and not _shown(app.next_button)   # nothing to tap
        turns = 0
        for _ in range(200):                    # the bots' moves come by themselves
            await asyncio.sleep(PAUSES["fast"] / 2)
            if not app.table.bots_turn:
                break
        turns = app.game.turn
        return turns, app.table.bots_turn

    turns, still_bots = asyncio.run(game())
    assert turns >= 3 and not still_bots        # both bots played; the child's turn again


def test_a_new_game_cancels_the_pending_bot_move() -> None:
    async def game() -> bool:
        app = PlayApp(seed=9, opponents=2, pace="slow", coach="off")
        _discard_something(app)
        assert app.pace.waiting
        app.new_game()
        return app.pace.waiting

    assert asyncio.run(game()) is False


def test_step_pace_waits_for_next_move() -> None:
    async def game() -> tuple[bool, int, int]:
        app = PlayApp(seed=9, opponents=2, pace="step", coach="off")
        _discard_something(app)
        before = len(app.table.events)
        await asyncio.sleep(PAUSES["slow"] + 0.2)
        waited = len(app.table.events)
        app.next_button.click()
        return _shown(app.next_button), before - waited, len(app.table.events) - waited

    shown, moved_alone, moved_on_tap = asyncio.run(game())
    assert shown and moved_alone == 0 and moved_on_tap > 0


def test_a_discard_the_coach_confirmed_takes_one_tap() -> None:
    from tests.apps.play.test_play_coach import answer_right

    app = PlayApp(seed=5, coach="detective", pace="step")
    for _ in range(3000):
        question = app.coach.coach.current
        if question is not None and question.type == "discard":
            break
        legal = app.legal()
        if app.game.is_over:
            app.new_game()
        elif question is not None:
            app.coach.show_me.click()
        elif not legal:
            app.run_bots()
        else:
            move = next((m for m in legal if m.kind in ("wake", "choose", "allow")), None)
            app.play(move or next(m for m in legal if m.kind == "discard"))
    else:
        raise AssertionError("no discard question in 3000 steps")
    answer_right(app)                                   # the cards picked, "Check my cards"
    assert "sq-status-good" in app.coach.result.value
    picked = app.board.hand.selected_cards
    assert len(picked) >= 3                             # the pick stays picked
    assert app.coach.tracker is not None and app.coach.tracker.hidden   # counter stays shut
    turn = app.game.turn
    app.board.act["discard"].click()                    # one tap
    assert app.game.turn > turn and app.feedback.tone != "bad"
    assert any("discard" in line for line in app.story_lines()[-4:])
