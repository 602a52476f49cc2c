"""Dungeon of Queens at one screen: two people and two bots, the screen handed over between
the people, each seeing only their own hand, the sheet naming the players."""

from __future__ import annotations

from sq_edu.apps.dungeon import DungeonApp
from tests.apps.dungeon.test_dungeon_app import step


def _shown(widget) -> bool:
    return widget.layout.display != "none"


def test_two_people_and_two_bots_play_a_hand_passing_the_screen() -> None:
    app = DungeonApp(seed=5)
    together = app.together
    together.open_button.click()
    rows = together.setup.rows.children
    assert len(rows) == 4 and not _shown(together.setup.add)      # four seats, always
    rows[0].name.value, rows[1].name.value = "Mum", "Masha"
    together.setup.start.click()
    assert "Mum" in app.info.value or "Mum" in together.pass_screen.text.value
    passes, seen_hands = 0, set()
    for _ in range(400):
        if app.hand_done and not app.to_check:
            break
        if _shown(together.pass_screen):
            deciding = app.game.current_player
            assert not app.hand_box.cards                # no hand behind the pass screen
            together.pass_screen.ready.click()
            assert together.viewer == deciding
            codes = {c["key"] for c in app.hand_box.cards}
            assert codes == {c.code for c in app.game.hand(deciding)}
            seen_hands.add(deciding)
            passes += 1
            continue
        step(app, answer=None)
    assert app.hand_done and passes >= 4 and seen_hands == {0, 1}
    assert "Mum" in app.sheet.value or "Masha" in app.sheet.value
    assert "You" not in app.story.value                  # names, not "You", at a shared table
