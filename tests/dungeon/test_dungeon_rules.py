"""One scenario per play rule of docs/rules.md section 8: following suit, the queen exception and
its must-play rule, trick winners, the taker leading, and the two-queen trump change."""

from __future__ import annotations

import pytest

from sq_edu.dungeon import NEW_TRUMP, IllegalPlay, Move, legal_plays
from sq_edu.dungeon.cards import Card

from .helpers import codes, play, scenario


def cards(*text: str) -> list[Card]:
    return [Card.parse(c) for c in text]


def test_must_follow_the_led_suit_with_a_reason_in_both_languages() -> None:
    game = scenario([["2C", "3C"], ["5H", "3D"], ["9H", "3S"], ["4C", "4D"]], "spades")
    play(game, "5H")
    assert codes(game.legal_moves()) == {"9H"}
    with pytest.raises(IllegalPlay) as refused:
        game.play(Move.play("3S"))
    assert "follow hearts" in str(refused.value)
    assert "червы" in refused.value.message("ru")
    assert game.current_player == 2 and len(game.hand(2)) == 2  # nothing changed


def test_a_player_without_the_led_suit_may_play_anything() -> None:
    game = scenario([["2C", "3C"], ["5H", "3D"], ["9C", "3S"], ["4C", "4D"]], "spades")
    play(game, "5H")
    assert codes(game.legal_moves()) == {"9C", "3S"}


def test_a_queen_may_be_played_instead_of_following_suit() -> None:
    game = scenario([["2C", "3C"], ["5H", "3D"], ["9H", "QS"], ["4C", "4D"]], "clubs")
    play(game, "5H")
    assert codes(game.legal_moves()) == {"9H", "QS"}
    play(game, "QS")
    assert game.trick[-1] == (2, Card.parse("QS"))


def test_holding_the_led_queen_you_must_play_her_not_another_queen() -> None:
    game = scenario([["2C", "3C", "4S"], ["5H", "3D", "5S"], ["QH", "QS", "9H"],
                     ["4C", "4D", "6S"]], "clubs")
    play(game, "5H")
    assert codes(game.legal_moves()) == {"QH", "9H"}
    with pytest.raises(IllegalPlay) as refused:
        game.play(Move.play("QS"))
    assert refused.value.key == "must_play_led_queen"
    assert "queen of hearts" in str(refused.value)
    assert "дама червей" in refused.value.message("ru")


def test_legal_plays_follow_the_rule_text() -> None:
    hand = cards("QH", "QS", "9H", "2C")
    assert legal_plays(hand, None) == hand                      # leading: anything
    assert set(legal_plays(hand, "hearts")) == set(cards("QH", "9H"))
    assert set(legal_plays(hand, "clubs")) == set(cards("QH", "QS", "2C"))
    assert set(legal_plays(hand, "diamonds")) == set(hand)      # void: anything


def test_a_card_not_in_the_hand_is_refused() -> None:
    game = scenario([["2C"], ["5H"], ["9H"], ["4C"]], "clubs", tricks_taken=[0, 12, 0, 0])
    with pytest.raises(IllegalPlay, match="not in your hand"):
        game.play(Move.play("AH"))


def test_highest_of_the_led_suit_takes_and_off_suit_cards_do_not() -> None:
    game = scenario([["AH", "2C"], ["5H", "3C"], ["KC", "4C"], ["9H", "5C"]], "spades",
                    dealer=3, leader=0)
    events = play(game, "AH", "5H", "KC", "9H")
    assert events[-1].kind == "trick" and events[-1].seat == 0
    assert game.current_player == 0  # the taker leads next


def test_the_queen_is_the_highest_card_of_her_suit() -> None:
    game = scenario([["AH", "2C"], ["QH", "3C"], ["KH", "4C"], ["9H", "5C"]], "spades",
                    dealer=3, leader=0)
    play(game, "AH", "QH", "KH", "9H")
    assert game.tricks[-1].taker == 1 and game.current_player == 1


def test_trump_beats_the_led_suit_and_the_highest_trump_takes() -> None:
    game = scenario([["AH", "2C"], ["2S", "3C"], ["QH", "4C"], ["5S", "5C"]], "spades",
                    dealer=3, leader=0)
    play(game, "AH", "2S", "QH", "5S")
    assert game.tricks[-1].taker == 3


def test_an_off_suit_queen_that_is_not_trump_does_not_take() -> None:
    game = scenario([["3H", "2C"], ["QS", "3C"], ["4H", "4C"], ["2H", "5C"]], "clubs",
                    dealer=3, leader=0)
    play(game, "3H", "QS", "4H", "2H")
    assert game.tricks[-1].taker == 2


def test_two_queens_let_the_taker_name_a_new_trump_for_the_rest_of_the_hand() -> None:
    game = scenario([["QH", "2C", "3D"], ["QS", "3C", "4D"], ["4H", "3S", "2D"],
                     ["2H", "5C", "5D"]], "clubs", dealer=3, leader=0)
    events = play(game, "QH", "QS", "4H", "2H")
    assert events[-1].trick.score.change == 60
    assert game.pending == NEW_TRUMP and game.current_player == 0
    assert {m.suit for m in game.legal_moves()} == {"diamonds", "hearts", "spades"}
    with pytest.raises(IllegalPlay, match="trumps already"):
        game.play(Move.trump("clubs"))
    with pytest.raises(IllegalPlay, match="name the trump"):
        game.play(Move.play("2C"))
    game.play(Move.trump("diamonds"))
    assert game.trump == "diamonds" and game.current_player == 0
    play(game, "2C", "3C", "2D", "5C")  # seat 2, void in clubs, trumps with the 2
    assert game.tricks[-1].taker == 2 and game.tricks[-1].trump == "diamonds"


def test_two_queens_in_the_last_trick_need_no_new_trump() -> None:
    game = scenario([["QH"], ["QS"], ["4H"], ["2H"]], "clubs", dealer=3, leader=0)
    play(game, "QH", "QS", "4H", "2H")
    assert game.pending != NEW_TRUMP and game.hand_number == 2
