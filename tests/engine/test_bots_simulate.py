"""The simple bots and the simulation summary."""

from __future__ import annotations

import random

import pytest

from sq_edu.engine import Bot, Game, GreedyBot, RandomBot, simulate

from .helpers import find, position

FIVE = [5, 6, 7, 8, 9]


def test_bots_follow_the_protocol_and_pick_legal_moves() -> None:
    for bot in (RandomBot(1), GreedyBot(random.Random(1))):
        assert isinstance(bot, Bot)
        g = Game.new(players=3, seed=5)
        while not g.is_over:
            seat = g.current_player
            legal = g.legal_moves()
            move = bot.choose(g.observe(seat), legal)
            assert move in legal
            g.play(move)


def test_greedy_blocks_when_it_can() -> None:
    g = position([["knight", 1, 2, 3, 4], ["dragon", 5, 6, 7, 8]], awake=[[], ["moon"]])
    g.play(find(g, "steal", target=1, queen="moon"))
    move = GreedyBot(0).choose(g.observe(1), g.legal_moves())
    assert move.kind == "block"


def test_greedy_wakes_the_best_queen_it_knows_of() -> None:
    g = position([["potion", "king", 1, 2, 3], ["wand", *FIVE[:4]]], awake=[[], ["heart"]],
                 top=[10, 4])
    g.play(find(g, "sleep", target=1, queen="heart"))
    g.play(find(g, "allow"))
    g.play(find(g, "choose", slot=11))
    g.play(find(g, "discard", cards=(5,)))
    move = GreedyBot(0).choose(g.observe(0), g.legal_moves())
    assert move.kind == "wake" and move.slot == 11


def test_greedy_attacks_the_richest_opponent_and_discards_the_longest_equation() -> None:
    g = position([["knight", 1, 2, 3, 4], FIVE, [5, 6, 7, 8, 10]],
                 awake=[[], ["cake"], ["moon", "heart"]])
    move = GreedyBot(0).choose(g.observe(0), g.legal_moves())
    assert (move.kind, move.target, move.queen) == ("steal", 2, "heart")
    h = position([[1, 2, 3, 4, 10], FIVE])
    move = GreedyBot(0).choose(h.observe(0), h.legal_moves())
    assert move.cards == (1, 2, 3, 4, 10)


def test_greedy_avoids_stealing_into_the_cat_dog_rule() -> None:
    g = position([["knight", 1, 2, 3, 4], FIVE], awake=[["dog"], ["cat", "cake"]])
    move = GreedyBot(0).choose(g.observe(0), g.legal_moves())
    assert move.queen == "cake"


def test_simulate_summarises_wins_lengths_and_endings() -> None:
    calls = []
    s = simulate(60, players=2, bots=["greedy", "random"], seed=3,
                 progress=lambda done, total: calls.append((done, total)))
    assert s.games == 60 and s.capped == 0 and s.bots == ("greedy", "random")
    assert sum(s.ended.values()) == 60 == len(s.lengths)
    assert sum(s.wins_per_seat) == 60 + s.shared
    assert s.wins_per_bot["greedy"] == s.wins_per_seat[0] > s.wins_per_seat[1]
    assert calls[-1] == (60, 60) and len(calls) <= 61
    assert 5 < s.mean_length < 200 and s.win_rate(0) > 0.5


def test_simulate_is_deterministic_and_reports_capped_games_apart() -> None:
    a = simulate(20, players=3, bots="random", seed=8, rules="royal_court")
    b = simulate(20, players=3, bots="random", seed=8, rules="royal_court")
    assert a == b
    capped = simulate(10, players=2, bots="random", seed=8, max_turns=5)
    assert capped.capped == 10 and sum(capped.wins_per_seat) == 0 and capped.lengths == ()


def test_simulate_takes_bot_factories() -> None:
    s = simulate(10, players=4, bots=lambda rng: GreedyBot(rng), seed=1, rules="teams")
    assert s.players == 4 and s.finished == 10 and s.rules == "teams"


def test_simulate_explains_bad_bots() -> None:
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        simulate(1, players=2, bots="clever")
    with pytest.raises(ValueError, match="one bot per seat"):
        simulate(1, players=3, bots=["random", "greedy"])
