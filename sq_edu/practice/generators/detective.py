"""Card detective: keep count while bots play a seeded game.

The learner sees only what seat 0 may know (the events so far and the table); the question is
answered from `sq_edu.maths.unseen` / `p_holds`, and the tracker plus the hidden truth are
revealed afterwards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from sq_edu.engine.cards import DRAGON, PLAY_DECK, POWER_CARDS
from sq_edu.engine.observation import Observation

from ..exercise import CHOICE, NUMBER, Exercise, Option
from ..messages import Cards, msg
from .positions import LEARNER, follow_position, pick_position, story, where_cards_are
from .registry import Base, Param, generator

_PLAYERS = Param(int, 3, low=2, high=5)
_FROM = Param(int, 4, low=1, high=60)
_TO = Param(int, 20, low=1, high=80)
_CARDS = Param(list, ["dragon"], choices=POWER_CARDS)


def tracker_line(obs: Observation) -> tuple:
    """The reveal every detective answer gets: the unseen count of every power card."""
    from sq_edu.maths import unseen

    left = unseen(obs)
    return tuple(msg("practice.tracker_line", card=Cards((c,)), unseen=left[c], total=PLAY_DECK[c])
                 for c in POWER_CARDS)


@generator("detective.unseen", players=_PLAYERS, from_turn=_FROM, to_turn=_TO, cards=_CARDS,
           follow_game=Param(bool, True))
def count_unseen(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """How many of this card are still unseen (not in your hand, not in the discard pile)?

    With `follow_game` the exercises of one deal walk through the same bot game turn by turn,
    so the learner keeps count as it is played; otherwise each exercise is a fresh position.
    """
    from sq_edu.maths import located, unseen

    token = rng.choice(p["cards"])
    window = (p["from_turn"], max(p["from_turn"], p["to_turn"]))
    heading: tuple = ()
    if p["follow_game"]:
        pos, game_number = follow_position(base.seed, p["players"], base.rules, window)
        heading = (msg("practice.table_turn", game=game_number, turn=pos.obs.turn),)
    else:
        pos = pick_position(rng.randrange(10**6), p["players"], base.rules, window, rng)
    obs = pos.obs
    answer = unseen(obs)[token]
    seen = located(obs)[token]
    return base.make(kind=NUMBER, answers=(answer,), observation=obs, hand=obs.hand,
                     prompt=msg("lessons.det_unseen_prompt", card=Cards((token,))),
                     context=(*heading, *story(obs)),
                     hints=(msg("lessons.det_unseen_nudge", card=Cards((token,)),
                                n=PLAY_DECK[token]),
                            msg("lessons.det_unseen_strategy", card=Cards((token,)),
                                total=PLAY_DECK[token], n=seen)),
                     reveal=(*tracker_line(obs), where_cards_are(pos.game, token)),
                     extra={"card": token})


def block_answer(obs: Observation, target: int) -> str:
    """"no" (every dragon is accounted for), "yes" (they surely hold one) or "maybe"."""
    from sq_edu.maths import p_holds

    chance = p_holds(obs, target, DRAGON)
    return "no" if chance == 0 else "yes" if chance == 1 else "maybe"


@generator("detective.knight_block", players=_PLAYERS, from_turn=_FROM, to_turn=_TO)
def knight_block(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """You want to steal with a knight: can this player block it with a dragon now?"""
    players = p["players"]
    target = rng.randrange(1, players)
    want = rng.choice(("no", "maybe", "maybe"))
    pos = pick_position(rng.randrange(10**6), players, base.rules,
                        (p["from_turn"], max(p["from_turn"], p["to_turn"])), rng, want=want,
                        label=lambda o: block_answer(o, target))
    obs = pos.obs
    options = tuple(Option(k, msg(f"lessons.det_block_{k}")) for k in ("no", "maybe", "yes"))
    return base.make(kind=CHOICE, answers=(block_answer(obs, target),), observation=obs,
                     hand=obs.hand, options=options, context=story(obs),
                     prompt=msg("lessons.det_block_prompt", player=target + 1),
                     hints=(msg("lessons.det_block_nudge"), msg("lessons.det_block_strategy")),
                     reveal=(*tracker_line(obs), where_cards_are(pos.game, DRAGON)),
                     extra={"target": target, "learner": LEARNER})
