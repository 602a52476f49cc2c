"""Scoring scenarios of docs/rules.md section 8: trick points, queen bonuses, both dungeons with
each side of "the lower of", the dealer's contract, and the race to 500 with its tie rule."""

from __future__ import annotations

import pytest

from sq_edu.dungeon import NAME_TRUMP, contract_points, race_winners, score_trick
from sq_edu.dungeon.scoring import RULE_DEEP_DUNGEON, RULE_DUNGEON

from .helpers import play, scenario

# Seat 0 leads the last trick of a 4-player hand; the dealer (seat 3) took no tricks earlier.
LAST = dict(dealer=3, leader=0, tricks_taken=[12, 0, 0, 0])


@pytest.mark.parametrize(("cards", "queens", "gain"), [
    (["AH", "2H", "3H", "4H"], 0, 10),
    (["AH", "QS", "3H", "4H"], 1, 35),
    (["AH", "QS", "QC", "4H"], 2, 60),
])
def test_a_taken_trick_scores_ten_plus_the_queen_bonus(cards, queens, gain) -> None:
    hands = [[c] for c in cards]
    game = scenario(hands, "diamonds", scores=[40, 0, 0, 0], **LAST)
    events = play(game, *cards)
    trick = next(e for e in events if e.kind == "trick")
    assert trick.seat == 0 and trick.trick.queens == queens
    assert trick.trick.score.before == 40 and trick.trick.score.after == 40 + gain


def test_three_queens_dungeon_takes_the_lowest_other_score_when_lower() -> None:
    # taker has 250: lower of (lowest other: 40) and (250 - 100 = 150) is 40
    game = scenario([["QH"], ["QS"], ["QC"], ["4H"]], "diamonds",
                    scores=[250, 100, 40, 300], **LAST)
    play(game, "QH", "QS", "QC", "4H")
    score = game.tricks[-1].score
    assert score.rule == RULE_DUNGEON and score.compared == (40, 150)
    assert game.tricks[-1].taker == 0 and score.after == 40
    assert game.scores == [40, 100, 40, 300 - 50]  # the dealer (seat 3) took no trick


def test_three_queens_dungeon_takes_own_score_minus_100_when_lower() -> None:
    # taker has 120: lower of (lowest other: 200) and (120 - 100 = 20) is 20
    game = scenario([["QH"], ["QS"], ["QC"], ["4H"]], "diamonds",
                    scores=[120, 200, 300, 250], **LAST)
    play(game, "QH", "QS", "QC", "4H")
    assert game.tricks[-1].score.compared == (200, 20)
    assert game.tricks[-1].score.after == 20


@pytest.mark.parametrize(("own", "after"), [(300, 0), (100, -150), (250, 0), (251, 0)])
def test_four_queens_deep_dungeon_is_the_lower_of_zero_and_own_minus_250(own, after) -> None:
    game = scenario([["QH"], ["QS"], ["QC"], ["QD"]], "hearts",
                    scores=[own, 0, 0, 0], **LAST)
    play(game, "QH", "QS", "QC", "QD")
    score = game.tricks[-1].score
    assert score.rule == RULE_DEEP_DUNGEON and score.compared == (0, own - 250)
    assert score.after == after


def test_score_trick_can_go_negative_and_compares_exactly() -> None:
    assert score_trick(50, [-20, 30, 10], 3).after == -50   # 50 - 100 is lower than -20
    assert score_trick(50, [-80, 30, 10], 3).after == -80
    assert score_trick(-10, [0, 0, 0], 0).after == 0
    with pytest.raises(ValueError):
        score_trick(0, [0], 5)


@pytest.mark.parametrize(("earlier", "last_by_dealer", "points"), [
    (4, True, 50),    # 5 tricks: contract made
    (5, False, 50),   # more than 5 also makes it
    (4, False, -50),  # 4 tricks: missed
])
def test_dealer_contract_of_five_tricks(earlier, last_by_dealer, points) -> None:
    tricks = [12 - earlier, 0, 0, earlier]  # dealer is seat 3
    hands = [["2H"], ["3H"], ["4H"], ["AH" if last_by_dealer else "5D"]]
    game = scenario(hands, "clubs", dealer=3, leader=0, scores=[0, 0, 0, 100],
                    tricks_taken=tricks)
    events = play(game, "2H", "3H", "4H", hands[3][0])
    contract = next(e for e in events if e.kind == "contract")
    assert contract.seat == 3 and contract.points == points
    trick_points = 10 if last_by_dealer else 0
    assert game.scores[3] == 100 + trick_points + points
    assert game.hand_log[-1].made is (points > 0)


def test_contract_points_by_table_size() -> None:
    assert contract_points(7, 7) == 50 and contract_points(6, 7) == -50
    assert contract_points(2, 2) == 50 and contract_points(0, 2) == -50


def test_contract_made_by_tricks_or_by_50_points() -> None:
    """docs/rules.md 8: "5 tricks OR at least 50 points in the hand" (the seed text says both)."""
    assert contract_points(3, 5, 50) == 50 and contract_points(3, 5, 49) == -50
    assert contract_points(5, 5, -100) == 50  # tricks alone, even after the dungeon
    assert contract_points(0, 7, 60) == 50


@pytest.mark.parametrize(("second", "hand_points", "points"), [
    ("QS", 60, 50),   # two queens: 60 points in the hand with only 3 tricks: made
    ("3S", 35, -50),  # one queen: 35 points and 3 tricks: missed
])
def test_dealer_contract_made_by_points_with_few_tricks(second, hand_points, points) -> None:
    game = scenario([["2H"], ["QH"], [second], ["2C"]], "clubs", dealer=3, leader=0,
                    scores=[0, 0, 0, 100], tricks_taken=[10, 0, 0, 2])
    events = play(game, "2H", "QH", second, "2C")
    contract = next(e for e in events if e.kind == "contract")
    assert contract.points == points and contract.count == 3
    hand = game.hand_log[-1]
    assert hand.dealer_tricks == 3 and hand.dealer_points == hand_points
    assert game.scores[3] == 100 + hand_points + points
    again = type(game).from_dict(game.to_dict())
    assert again.hand_log == game.hand_log and again.scores == game.scores


def test_a_save_from_before_the_points_rule_still_loads() -> None:
    game = scenario([["2H"], ["3H"], ["4H"], ["AH"]], "clubs", dealer=3, leader=0,
                    scores=[0, 0, 0, 100], tricks_taken=[4, 4, 0, 4])
    play(game, "2H", "3H", "4H", "AH")
    old = game.to_dict()
    old["version"] = 1
    for hand in old["hand_log"]:
        del hand["dealer_points"]
    assert type(game).from_dict(old).hand_log == game.hand_log


def test_the_hand_passes_clockwise_when_nobody_reached_500() -> None:
    game = scenario([["2H"], ["3H"], ["4H"], ["AH"]], "clubs", dealer=3, leader=0,
                    scores=[100, 200, 300, 400], tricks_taken=[4, 4, 0, 4])
    play(game, "2H", "3H", "4H", "AH")
    assert not game.is_over and game.pending == NAME_TRUMP
    assert game.dealer == 0 and game.current_player == 0 and game.hand_number == 2
    assert game.hand(0) == ()  # trump is named before the deal


def test_reaching_500_ends_the_game_after_the_hand() -> None:
    game = scenario([["AH"], ["3H"], ["4H"], ["2H"]], "clubs", dealer=3, leader=0,
                    scores=[490, 0, 0, 0], tricks_taken=[4, 4, 0, 4])
    events = play(game, "AH", "3H", "4H", "2H")
    assert game.is_over and game.winners == (0,) and game.scores[0] == 500
    assert events[-1].kind == "game_over" and events[-1].seats == (0,)
    assert game.legal_moves() == []


def test_500_in_the_middle_of_a_hand_does_not_end_it() -> None:
    game = scenario([["AH", "2C"], ["3H", "3C"], ["4H", "4C"], ["2H", "5C"]], "spades",
                    dealer=3, leader=0, scores=[495, 0, 0, 0], tricks_taken=[11, 0, 0, 0])
    play(game, "AH", "3H", "4H", "2H")
    assert game.scores[0] == 505 and not game.is_over and game.current_player == 0


def test_two_players_over_500_the_higher_score_wins() -> None:
    # dealer seat 3 makes the contract (+50: 480 -> 530) while seat 0 takes the last trick (505)
    game = scenario([["AH"], ["3H"], ["4H"], ["2H"]], "clubs", dealer=3, leader=0,
                    scores=[495, 0, 0, 480], tricks_taken=[3, 2, 2, 5])
    play(game, "AH", "3H", "4H", "2H")
    assert game.scores == [505, 0, 0, 530] and game.winners == (3,)


def test_equal_top_scores_over_500_share_the_win() -> None:
    game = scenario([["AH"], ["3H"], ["4H"], ["2H"]], "clubs", dealer=3, leader=0,
                    scores=[490, 0, 0, 450], tricks_taken=[3, 2, 2, 5])
    play(game, "AH", "3H", "4H", "2H")
    assert game.scores == [500, 0, 0, 500] and game.winners == (0, 3)


def test_race_winners_rule() -> None:
    assert race_winners([499, 10, 0, 0]) == ()
    assert race_winners([500, 10, 0, 0]) == (0,)
    assert race_winners([520, 610, 600, 0]) == (1,)
    assert race_winners([610, 610, 600, 0]) == (0, 1)
