"""The coach's "not seen yet" key against the definition its question gives, over many seeded
games: not in your hand, not in the discard pile, never shown from another hand (the
glossary's "not seen yet", which the card tracker and the card detective also use)."""

from __future__ import annotations

import random

from sq_edu.bots import GreedyBot
from sq_edu.engine import Game
from sq_edu.engine.cards import PLAY_DECK, POWER_CARDS
from sq_edu.engine.observation import Observation
from sq_edu.i18n import t
from sq_edu.practice.coach.questions import unseen_question

GAMES = 60
MOVES = 400


def by_definition(obs: Observation, card: str) -> int:
    """The count the question asks for, read off the prompt's words one by one."""
    shown = sum(known.count(card) for seat, known in enumerate(obs.known_in_hands)
                if seat != obs.seat)
    shown += obs.revealed.count(card) + obs.known_bottom.count(card)
    return PLAY_DECK[card] - obs.hand.count(card) - obs.discard_pile.count(card) - shown


def test_the_prompt_names_every_place_the_key_leaves_out() -> None:
    for key in ("play.cq_unseen", "play.cq_unseen_kings"):
        assert "never shown from another hand" in t(key, "en", card="x", total=4)
        assert "ни у тебя в руке, ни в сбросе и никто их не показывал" in t(key, "ru", card="x",
                                                                         total=4)


def test_the_not_seen_key_always_equals_the_definition() -> None:
    """Every turn of seat 0 in many games, every power card, both question types: the key is
    the definition's count; positions with a card shown in another hand are among them."""
    checked, with_shown = 0, 0
    for seed in range(GAMES):
        game = Game.new(players=random.Random(seed).choice((2, 3, 4)), seed=seed)
        bot = GreedyBot(seed)
        for _ in range(MOVES):
            if game.is_over:
                break
            obs = game.observe(0)
            if obs.current_player == 0 and obs.pending is None:
                for card in POWER_CARDS:
                    for type_ in ("attack_unseen", "count"):
                        question = unseen_question(obs, card, type_)
                        assert question.exercise.answers == (by_definition(obs, card),), (
                            seed, obs.turn, card)
                        checked += 1
                if any(k for s, k in enumerate(obs.known_in_hands) if s != 0):
                    with_shown += 1
            game.play(bot.choose(game.observe(game.current_player), game.legal_moves()))
    assert checked > 2000
    assert with_shown > 5   # the positions where the old words and the key disagreed
