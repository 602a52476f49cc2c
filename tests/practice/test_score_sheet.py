"""ScoreSheet without widgets: a real Dungeon hand played by bots, every row scored and closed."""

from __future__ import annotations

import random

import pytest

from sq_edu.dungeon import DungeonGame, SensibleBot
from sq_edu.dungeon.records import HandRecord
from sq_edu.i18n import msg, plural_form
from sq_edu.practice.generators.dungeon import player
from sq_edu.practice.score_sheet import (
    HUMAN,
    STORY_LINES,
    ScoreSheet,
    SheetRow,
    contract_counts,
    contract_working,
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
        assert sheet.shown_scores[row.seat] == row.before   # the scores line waits for a check
        assert sheet.check(str(row.after + 1)) is row and row.right is False
        assert sheet.shown_scores[row.seat] == row.after    # as the sheet's Score column says
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


@pytest.mark.parametrize("tricks", [1, 2, 5, 11, 21, 22, 25])
def test_the_contract_tells_tricks_and_points_with_the_right_plural(tricks: int) -> None:
    """docs/rules.md 8 (5 tricks or 50 points): every contract message gives the dealer's tricks and
    points, each noun agreeing with its number in Russian ("1 взятка", "2 взятки", "5 взяток")."""
    points = 5 * tricks + 10
    made = tricks >= 5 or points >= 50
    hand = HandRecord(1, 2, 5, tricks, 50 if made else -50, (0,) * 4, (0,) * 4, points)
    ru_trick = {"one": "взятка", "few": "взятки", "many": "взяток"}[plural_form(tricks, "ru")]
    ru_points = {"one": "очко", "few": "очка", "many": "очков"}[plural_form(points, "ru")]
    en_trick = "trick" if tricks == 1 else "tricks"
    messages = [contract_working(hand), SheetRow(2, 100, 100 + hand.contract_points,
                                                 hand=hand).question(),
                msg("dungeon.ex_race_dealer", player=player(2), **contract_counts(hand)),
                msg("dungeon.app_hand_over", hand=1, dealer=seat_name(2),
                    **contract_counts(hand))]
    for said in messages:
        assert f"{tricks} {ru_trick}, в них {points} {ru_points}" in said.render("ru"), said
        assert "5 взяток" in said.render("ru") and "50 очков" in said.render("ru")
        assert f"{tricks} {en_trick}, worth {points} points" in said.render("en"), said
        assert "5 tricks or 50 points" in said.render("en")
