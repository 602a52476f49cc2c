"""Property runs over thousands of seeded hands: cards are conserved, every hand has its full
number of tricks, every play was legal, and the scores follow from the trick log as worked out
here independently of the engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sq_edu.dungeon import (
    CONTRACTS,
    Card,
    DungeonGame,
    RandomBot,
    SensibleBot,
    deck_for,
    legal_plays,
)
from sq_edu.dungeon.cards import SUITS, full_deck

ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "K", "A", "Q"]


def expected_taker(plays, trump: str) -> int:
    """Who takes a trick, straight from the rule text."""
    trumps = [(ORDER.index(c.rank), s) for s, c in plays if c.suit == trump]
    if trumps:
        return max(trumps)[1]
    led = plays[0][1].suit
    return max((ORDER.index(c.rank), s) for s, c in plays if c.suit == led)[1]


def expected_score(own: int, others: list[int], queens: int) -> int:
    return [own + 10, own + 35, own + 60, min(min(others), own - 100), min(0, own - 250)][queens]


def play_hand_and_check(game: DungeonGame, bots) -> None:
    """Play one hand, checking conservation at every step and the scores at the end."""
    n, number = game.players, game.hand_number
    deck = Counter(deck_for(n))
    start = list(game.scores)
    while not game.is_over and game.hand_number == number:
        seat = game.current_player
        legal = game.legal_moves()
        move = bots[seat].choose(game.observe(seat), legal)
        assert move in legal
        game.play(move)
        if game.hand_number == number and not game.trick:  # after the deal and each trick
            out = [c for h in game.hands for c in h] + [c for _, c in game.trick]
            out += [c for r in game.hand_tricks for c in r.cards]
            assert Counter(out) == deck
    tricks = [r for r in game.tricks if r.hand == number]
    assert len(tricks) == len(deck) // n                 # 13 for four players
    assert Counter(c for r in tricks for c in r.cards) == deck   # each card played once
    scores = start
    start_of_hand = list(start)
    trump = tricks[0].trump
    for r in tricks:
        assert r.trump == trump                          # changes only after two queens
        assert r.taker == expected_taker(r.plays, trump)
        queens = sum(c.is_queen for c in r.cards)
        others = [s for i, s in enumerate(scores) if i != r.taker]
        scores[r.taker] = expected_score(scores[r.taker], others, queens)
        assert r.score.after == scores[r.taker]
        if queens == 2 and r.number < len(tricks):
            nxt = next(x for x in tricks if x.number == r.number + 1)
            assert nxt.trump != trump
            trump = nxt.trump
    hand = game.hand_log[number - 1]
    dealer_tricks = sum(1 for r in tricks if r.taker == hand.dealer)
    dealer_points = scores[hand.dealer] - start_of_hand[hand.dealer]
    made = dealer_tricks >= CONTRACTS[n] or dealer_points >= 50  # docs/rules.md 8
    scores[hand.dealer] += 50 if made else -50
    assert list(hand.scores_after) == scores
    assert game.scores == scores


@pytest.mark.slow
def test_two_thousand_four_player_hands() -> None:
    hands, seed = 0, 0
    while hands < 2000:
        rng = random.Random(seed)
        bots = [(SensibleBot if rng.random() < 0.5 else RandomBot)(random.Random(seed * 4 + s))
                for s in range(4)]
        game = DungeonGame.new(4, seed=seed, first_dealer=seed % 4)
        while not game.is_over and hands < 2000:
            play_hand_and_check(game, bots)
            hands += 1
        assert not game.is_over or game.winners
        seed += 1
    assert seed > 100  # many different games, not one long one


@pytest.mark.parametrize("players", [2, 5, 6, 7, 8])
def test_other_table_sizes_play_whole_games(players: int) -> None:
    for seed in range(12):
        bots = [SensibleBot(random.Random(seed + s)) if s % 2 else RandomBot(random.Random(s))
                for s in range(players)]
        game = DungeonGame.new(players, seed=seed)
        while not game.is_over:
            play_hand_and_check(game, bots)
        top = max(game.scores)
        assert top >= 500 and game.winners == tuple(
            s for s in range(players) if game.scores[s] == top)
        assert [h.dealer for h in game.hand_log] == [i % players
                                                     for i in range(len(game.hand_log))]


cards = st.lists(st.sampled_from(full_deck()), min_size=1, max_size=13, unique=True)


@given(hand=cards, led=st.sampled_from((None, *SUITS)))
def test_legal_plays_match_the_rule_text(hand: list[Card], led: str | None) -> None:
    legal = set(legal_plays(hand, led))
    has_led = led is not None and any(c.suit == led for c in hand)
    holds_led_queen = led is not None and Card("Q", led) in hand
    for card in hand:
        allowed = not has_led or card.suit == led or (card.is_queen and not holds_led_queen)
        assert (card in legal) == allowed
    assert legal  # there is always something to play
