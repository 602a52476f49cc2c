"""The deck, the player-count rule (docs/rules.md section 8) and seeded dealing."""

from __future__ import annotations

import pytest

from sq_edu.dungeon import (
    CONTRACTS,
    NAME_TRUMP,
    Card,
    DungeonGame,
    Move,
    PlayerCountError,
    deck_for,
    removed_cards,
)
from sq_edu.dungeon.cards import RANKS, full_deck


def test_the_deck_has_52_cards_ranked_with_the_queen_highest() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    assert RANKS[0] == "2" and RANKS[-1] == "Q" and RANKS[-2] == "A"
    assert Card.parse("QH").power > Card.parse("AH").power > Card.parse("KH").power
    assert Card.parse("KH").power > Card.parse("JH").power > Card.parse("10H").power


@pytest.mark.parametrize(("players", "removed", "each", "contract"), [
    (2, [], 26, 7),
    (4, [], 13, 5),
    (5, ["2C", "2D"], 10, 4),
    (6, ["2C", "2D", "2H", "2S"], 8, 3),
    (7, ["2C", "2D", "2H"], 7, 2),
    (8, ["2C", "2D", "2H", "2S"], 6, 2),
])
def test_low_cards_leave_until_the_deck_divides_evenly(players, removed, each, contract) -> None:
    assert [c.code for c in removed_cards(players)] == removed
    assert len(deck_for(players)) == players * each
    assert CONTRACTS[players] == contract
    game = DungeonGame.new(players, seed=3)
    game.play(Move.trump("hearts"))
    assert [len(game.hand(s)) for s in range(players)] == [each] * players
    dealt = [c for s in range(players) for c in game.hand(s)]
    assert sorted(dealt, key=str) == sorted(deck_for(players), key=str)
    assert game.contract == contract and game.tricks_per_hand == each


@pytest.mark.parametrize("players", [3, 1, 0, 9, "4", True])
def test_table_sizes_the_rules_do_not_describe_are_refused_clearly(players) -> None:
    with pytest.raises(PlayerCountError) as refused:
        DungeonGame.new(players, seed=1)
    if players == 3:
        assert "not described for 3 players" in str(refused.value)
    assert "от четырёх до восьми" in refused.value.message("ru")


def test_the_dealer_names_trump_before_holding_cards_and_the_left_player_leads() -> None:
    game = DungeonGame.new(4, seed=11, first_dealer=2)
    assert game.pending == NAME_TRUMP and game.current_player == 2
    assert all(game.hand(s) == () for s in range(4))
    assert len(game.legal_moves()) == 4
    events = game.play(Move.trump("spades"))
    assert [e.kind for e in events] == ["trump", "deal"]
    assert game.trump == "spades" and game.current_player == 3


def test_dealing_is_seeded() -> None:
    def hands(seed: int) -> list:
        game = DungeonGame.new(4, seed=seed)
        game.play(Move.trump("clubs"))
        return [game.hand(s) for s in range(4)]

    assert hands(42) == hands(42)
    assert hands(42) != hands(43)


def test_card_codes_parse_and_refuse_junk() -> None:
    assert Card.parse("10s") == Card("10", "spades") == Card.parse("10♠")
    assert Card.parse("qh").code == "QH" and str(Card.parse("QH")) == "Q♥"
    for junk in ("", "Q", "1H", "QX", "11S", 7, None):
        with pytest.raises(ValueError):
            Card.parse(junk)
