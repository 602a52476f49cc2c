"""Observations hide other hands; bots are legal, seeded, and the sensible one plays better."""

from __future__ import annotations

import random
from dataclasses import fields

from sq_edu.dungeon import DungeonGame, Move, RandomBot, SensibleBot
from sq_edu.dungeon.game import play_out

from .helpers import play, scenario


def test_an_observation_holds_only_its_own_hand_and_open_cards() -> None:
    game = DungeonGame.new(4, seed=5)
    game.play(Move.trump("hearts"))
    first = game.current_player
    card = game.legal_moves()[0].card
    game.play(Move.play(card))
    obs = game.observe(2)
    assert obs.hand == game.hand(2) and obs.trick == ((first, card),)
    assert obs.played == (card,) and obs.hand_sizes == (13, 12, 13, 13)
    others = {c for s in (0, 1, 3) for c in game.hand(s)}
    values = [getattr(obs, f.name) for f in fields(obs)]
    flat = {x for v in values if isinstance(v, tuple) for x in v}
    assert not flat & others


def test_random_bot_and_sensible_bot_only_make_legal_moves_and_replay_by_seed() -> None:
    def run(seed: int) -> list[int]:
        bots = [SensibleBot(random.Random(seed)), RandomBot(random.Random(seed + 1)),
                SensibleBot(random.Random(seed + 2)), RandomBot(random.Random(seed + 3))]
        return play_out(DungeonGame.new(4, seed=seed), bots).scores

    random.seed(1)
    first = run(21)
    random.seed(2)  # disturbing the global RNG changes nothing
    assert run(21) == first


def test_sensible_bot_wins_a_trick_it_can_win_cheaply() -> None:
    game = scenario([["9H", "2C"], ["10H", "KH"], ["4H", "4C"], ["2H", "5C"]],
                    "spades", dealer=3, leader=0)
    play(game, "9H")
    move = SensibleBot().choose(game.observe(1), game.legal_moves())
    assert move.card.code == "10H"  # the cheapest card that wins


def test_sensible_bot_stays_out_of_the_dungeon_and_dumps_a_queen_on_the_leader() -> None:
    # seat 0 (the score leader) leads the queen of hearts, seat 1 adds a queen; seat 2 holds
    # the queen of clubs and a low heart: it must not take, so it sends the leader down.
    game = scenario([["QH", "2C"], ["QS", "3C"], ["QC", "4C"], ["2H", "5C"]], "diamonds",
                    dealer=3, leader=0, scores=[400, 100, 100, 100])
    play(game, "QH", "QS")
    move = SensibleBot().choose(game.observe(2), game.legal_moves())
    assert move.card.code == "QC"
    play(game, "QC", "2H")
    assert game.tricks[-1].taker == 0 and game.scores[0] == 100  # lower of 100 and 300


def test_sensible_bot_avoids_taking_three_queens_itself() -> None:
    game = scenario([["5H", "2C"], ["QS", "3C"], ["QC", "4C"], ["QH", "2H"]], "diamonds",
                    dealer=3, leader=0)
    play(game, "5H", "QS", "QC")  # the queen of hearts would take three queens
    move = SensibleBot().choose(game.observe(3), game.legal_moves())
    assert move.card.code == "2H"


def test_sensible_bots_outscore_random_bots() -> None:
    sensible, rand = 0, 0
    for seed in range(40):
        bots = [SensibleBot(random.Random(seed)), RandomBot(random.Random(seed + 1)),
                SensibleBot(random.Random(seed + 2)), RandomBot(random.Random(seed + 3))]
        game = DungeonGame.new(4, seed=seed)
        play_out(game, bots, until_hand_end=True)
        sensible += game.scores[0] + game.scores[2]
        rand += game.scores[1] + game.scores[3]
    assert sensible > rand * 1.2, (sensible, rand)
