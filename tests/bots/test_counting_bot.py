"""CountingBot: legal, deterministic, attacks only when a block is unlikely, beats RandomBot."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from sq_edu.bots import CountingBot, RandomBot
from sq_edu.engine import Bot, Game, simulate
from sq_edu.engine.cards import PLAY_DECK
from sq_edu.maths import p_holds


def _position(seat1_hand: list, draw: list) -> Game:
    """Seat 0 holds a knight; seat 1 has the heart queen awake; the rest is discarded."""
    hands = [["knight", 1, 2, 4, 9], seat1_hand]
    left = Counter(PLAY_DECK)
    for cards in (*hands, draw):
        left.subtract(cards)
    return Game.from_setup({"players": 2, "hands": hands, "awake": [[], ["heart"]],
                            "draw": draw, "discard": list(left.elements()), "current": 0})


def test_it_is_a_bot_and_plays_only_legal_moves() -> None:
    assert isinstance(CountingBot(1), Bot)
    for seed, rules in ((1, "official"), (2, "royal_court"), (3, "teams"), (4, "kids")):
        players = 4 if rules == "teams" else 3
        game = Game.new(players, seed=seed, rules=rules)
        bots = [CountingBot(random.Random(seed + s)) for s in range(players)]
        for _ in range(400):
            if game.is_over:
                break
            legal = game.legal_moves()
            move = bots[game.current_player].choose(game.observe(game.current_player), legal)
            assert move in legal
            game.play(move)
        assert game.is_over


def test_attacks_when_no_dragon_can_be_out_there() -> None:
    game = _position([5, 6, 7, 8, 10], draw=[3, 3, 3])
    obs = game.observe(0)
    assert p_holds(obs, 1, "dragon") == 0
    move = CountingBot(0).choose(obs, game.legal_moves())
    assert (move.kind, move.target, move.queen) == ("steal", 1, "heart")


def test_holds_back_when_a_dragon_is_almost_surely_there() -> None:
    game = _position(["dragon", "dragon", "dragon", 5, 6], draw=[3, 3, 3])
    obs = game.observe(0)
    assert p_holds(obs, 1, "dragon") == Fraction(55, 56)  # 1 - C(5,5)/C(8,5)
    move = CountingBot(0).choose(obs, game.legal_moves())
    assert (move.kind, move.cards) == ("discard", (9,))  # no pair or equation: the biggest


def test_discards_the_longest_equation() -> None:
    game = Game.from_setup({"players": 2, "hands": [[1, 2, 3, 6, "wand"], [5, 5, 5, 5, 7]]})
    move = CountingBot(0).choose(game.observe(0), game.legal_moves())
    assert move.cards == (1, 2, 3, 6)


def test_same_seed_same_games() -> None:
    a = simulate(6, players=3, bots=[CountingBot, "random", CountingBot], seed=9)
    b = simulate(6, players=3, bots=[CountingBot, "random", CountingBot], seed=9)
    assert a == b


def test_beats_random_bot() -> None:
    first = simulate(40, players=2, bots=[CountingBot, RandomBot], seed=11)
    second = simulate(40, players=2, bots=[RandomBot, CountingBot], seed=12)
    wins = first.wins_per_seat[0] + second.wins_per_seat[1]
    losses = first.wins_per_seat[1] + second.wins_per_seat[0]
    assert first.capped == second.capped == 0
    assert wins >= 60 and wins > 3 * losses, (wins, losses)


def _jester_shows(draw: list) -> Game:
    """Royal court, seat 0 has just played a jester that shows the top three of `draw`."""
    hands = [["jester", 1, 1, 9, 9], [5, 6, 7, 8, 10]]
    left = Counter(PLAY_DECK)
    for cards in (*hands, draw):
        left.subtract(cards)
    game = Game.from_setup({"players": 2, "hands": hands, "draw": draw,
                            "discard": list(left.elements())}, rules="royal_court")
    game.play(next(m for m in game.legal_moves() if m.kind == "jester"))
    return game


def test_royal_court_pick_prefers_a_queen_for_itself() -> None:
    game = _jester_shows(["king", 3, 2, 4, 4, 4])
    obs = game.observe(0)
    assert obs.pending == "jester_pick" and sorted(obs.revealed, key=str) == [2, 3, "king"]
    move = CountingBot(0).choose(obs, game.legal_moves())
    assert move.cards == (3,)  # 3 counts round to seat 0 itself
    game = _jester_shows(["king", 2, 4, 4, 4, 4])
    move = CountingBot(0).choose(game.observe(0), game.legal_moves())
    assert move.cards == ("king",)  # no number for itself: the king


def test_it_answers_pending_decisions_exactly_as_greedy_does() -> None:
    """CountingBot is a GreedyBot: only its turn action differs."""
    from sq_edu.engine import GreedyBot
    assert issubclass(CountingBot, GreedyBot)
    answered = 0
    for seed, rules in ((5, "official"), (6, "royal_court")):
        game = Game.new(3, seed=seed, rules=rules)
        play = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            obs, legal = game.observe(seat), game.legal_moves()
            if obs.pending is not None:
                assert CountingBot(seed).choose(obs, legal) == GreedyBot(seed).choose(obs, legal)
                answered += 1
            game.play(play.choice(legal), seat=seat)
    assert answered > 10


def test_one_discard_rule_for_the_greedy_and_the_counting_bot() -> None:
    """Both bots shed the longest discard and keep their power cards by one rule
    (`engine.bots.discard_value`): where only discards are legal they throw the same cards,
    among equally long equations (2+3=5 or 2+4=6) and among single power cards alike."""
    from sq_edu.engine import GreedyBot

    hands = ([2, 3, 4, 5, 6], ["potion", "dragon", "wand", 1, 9], ["dragon", "jester", "potion"])
    for hand in hands:
        game = Game.from_setup({"players": 2, "hands": [hand, [7, 7, 8, 8, 10]]})
        legal = game.legal_moves()
        if any(m.kind != "discard" for m in legal):
            legal = [m for m in legal if m.kind == "discard"]
        obs = game.observe(0)
        assert CountingBot(0).choose(obs, legal) == GreedyBot(0).choose(obs, legal), hand
