"""ScoreSheet without widgets: a real Dungeon hand played by bots, every row scored and closed."""

from __future__ import annotations

import random

from sq_edu.dungeon import DungeonGame, SensibleBot
from sq_edu.practice.score_sheet import (
    HUMAN,
    STORY_LINES,
    ScoreSheet,
    read_score,
    seat_name,
)

PLAYERS = 4


def play_until_row(game: DungeonGame, bots: list[SensibleBot], sheet: ScoreSheet) -> None:
    while not (sheet.waiting or game.is_over):
        seat = game.current_player
        sheet.absorb(game.play(bots[seat].choose(game.observe(seat), game.legal_moves())),
                     game.hand_log)


def test_a_whole_hand_on_the_sheet() -> None:
    game = DungeonGame.new(PLAYERS, seed=9, first_dealer=3)
    bots = [SensibleBot(random.Random(s)) for s in range(PLAYERS)]
    sheet = ScoreSheet(PLAYERS)
    assert sheet.open_row is None and sheet.check("10") is None and not sheet.start_hand()
    while not sheet.hand_done or sheet.to_check:
        play_until_row(game, bots, sheet)
        row = sheet.open_row
        assert row is not None and row.right is None
        assert sheet.check("forty") is None and row.answer is None   # not a score: not written
        assert sheet.check(str(row.after + 1)) is row and row.right is False
        assert sheet.check(str(row.after)) is row and row.right is True
        for lang in ("en", "ru"):
            shown = row.after if row.hand is None else row.hand.contract   # the working
            assert str(shown) in row.working().render(lang)
            assert str(row.before) in row.question().render(lang)
        sheet.close_row()
        assert sheet.shown_scores[row.seat] == row.after
    tricks = [r for r in sheet.rows if r.trick is not None]
    assert len(tricks) == 13 and sheet.rows[-1].hand is not None
    assert sheet.shown_scores == list(game.scores) and not sheet.to_check
    assert 0 < len(sheet.story) <= STORY_LINES
    assert sheet.start_hand() and not sheet.hand_done and not sheet.waiting


def test_scores_read_any_minus_sign() -> None:
    assert [read_score(x) for x in ("45", " -50", "−150", "– 5", "4 5", "", "1e3", 7, True,
                                    None)] == [45, -50, -150, -5, None, None, None, 7, None, None]


def test_seats_by_name() -> None:
    assert seat_name(HUMAN).render("en") == "You"
    assert seat_name(2).render("en") != seat_name(2).render("ru")
