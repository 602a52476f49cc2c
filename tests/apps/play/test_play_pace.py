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
