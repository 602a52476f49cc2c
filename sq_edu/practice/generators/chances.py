"""What are the chances? Exact chances from real positions, said as "x out of y", a fraction
or a percent; a dragon before a knight attack; who a jester makes wake a queen; predict,
simulate, compare. Every answer is computed by `sq_edu.maths`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from sq_edu.engine.cards import DRAGON, POWER_CARDS
from sq_edu.i18n.format import Count, People, Percent
from sq_edu.i18n.words import number_word

from ..exercise import CHOICE, FRACTION, PERCENT, SEAT, Exercise, Option
from ..messages import Cards, msg
from .detective import tracker_line
from .positions import LEARNER, pick_position, story
from .registry import Base, Param, generator

_PLAYERS = Param(int, 3, low=2, high=5)
_FROM = Param(int, 2, low=1, high=60)
_TO = Param(int, 16, low=1, high=80)
_CARDS = Param(list, ["king"], choices=POWER_CARDS)
FORMS = ("out_of", "fraction", "percent")
SIMULATIONS = 1000


def _window(p: Mapping[str, Any]) -> tuple[int, int]:
    return p["from_turn"], max(p["from_turn"], p["to_turn"])


@generator("chances.next_card", players=_PLAYERS, from_turn=_FROM, to_turn=_TO, cards=_CARDS,
           form=Param(str, "out_of", choices=FORMS),
           tolerance=Param(int, 1, low=0, high=20), simulate=Param(bool, False))
def next_card(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """The chance that the next card drawn is a king (or another card)."""
    from sq_edu.maths import p_draw, simulate_draws, unseen

    token = rng.choice(p["cards"])
    # Only positions where "unseen kings out of unseen cards" is the whole story (no known
    # cards at the bottom of the pile), so the counting strategy the hints teach is exact.
    pos = pick_position(rng.randrange(10**6), p["players"], base.rules, _window(p), rng,
                        want=True, label=lambda o: o.draw_size > 0 and not o.known_bottom)
    obs = pos.obs
    chance = p_draw(obs, token)
    left = unseen(obs)
    good, total = left[token], sum(left.values())
    card = Cards((token,))
    form = p["form"]
    reveal = [*tracker_line(obs), msg("lessons.ch_next_exact", card=card, good=good,
                                          total=total, fraction=chance,
                                          percent=Percent(chance, 0))]
    if p["simulate"]:
        sim = simulate_draws(obs, token, SIMULATIONS, seed=rng.randrange(10**6))
        reveal.append(msg("lessons.ch_simulated", n=sim.n, hits=Count(sim.hits, "times"),
                          card=card, percent=Percent(sim.estimate, 0), exact=Percent(chance, 0)))
    key = "lessons.ch_predict_prompt" if p["simulate"] else f"lessons.ch_next_{form}_prompt"
    return base.make(kind=PERCENT if form == "percent" else FRACTION, answers=(chance,),
                     observation=obs, hand=obs.hand, context=story(obs),
                     prompt=msg(key, card=card),
                     hints=(msg("lessons.ch_next_nudge", card=card),
                            msg(f"lessons.ch_next_{form}_strategy", card=card)),
                     reveal=tuple(reveal), tolerance=p["tolerance"],
                     extra={"card": token, "good": good, "total": total})


BUCKETS = ("unlikely", "even", "likely")


def bucket(chance: Fraction) -> str:
    """Words a child can judge: under 1 in 5, over 1 in 2, or in between."""
    if chance < Fraction(1, 5):
        return "unlikely"
    if chance > Fraction(1, 2):
        return "likely"
    return "even"


@generator("chances.holds_dragon", players=_PLAYERS, from_turn=_FROM, to_turn=_TO)
def holds_dragon(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Before a knight attack: how likely is it that this opponent holds a dragon?"""
    from sq_edu.maths import p_holds, simulate_holds

    players = p["players"]
    target = rng.randrange(1, players)
    want = rng.choice(BUCKETS)
    pos = pick_position(rng.randrange(10**6), players, base.rules, _window(p), rng, want=want,
                        label=lambda o: bucket(p_holds(o, target, DRAGON)))
    obs = pos.obs
    chance = p_holds(obs, target, DRAGON)
    sim = simulate_holds(obs, target, DRAGON, SIMULATIONS, seed=rng.randrange(10**6))
    options = tuple(Option(b, msg(f"lessons.ch_bucket_{b}")) for b in BUCKETS)
    return base.make(kind=CHOICE, answers=(bucket(chance),), options=options, observation=obs,
                     hand=obs.hand, context=story(obs),
                     prompt=msg("lessons.ch_holds_prompt", player=target + 1),
                     hints=(msg("lessons.ch_holds_nudge", player=target + 1),
                            msg("lessons.ch_holds_strategy")),
                     reveal=(*tracker_line(obs),
                             msg("lessons.ch_holds_exact", fraction=chance,
                                 percent=Percent(chance, 0)),
                             msg("lessons.ch_simulated_holds", n=sim.n,
                                 hits=Count(sim.hits, "times"), percent=Percent(sim.estimate, 0))),
                     extra={"target": target, "chance": chance})


@generator("chances.jester_count", min_players=Param(int, 2, low=2, high=5),
           max_players=Param(int, 5, low=2, high=5))
def jester_count(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """You turn up a number with your jester: who wakes a queen? (count around the table)"""
    from sq_edu.maths import counted_seat

    players = rng.randint(p["min_players"], max(p["min_players"], p["max_players"]))
    number = rng.randint(1, 10)
    jester = rng.randrange(players)
    seat = counted_seat(jester, number, players)
    return base.make(kind=SEAT, answers=(seat,), seats=tuple(range(players)),
                     prompt=msg("lessons.ch_jester_prompt", n=players, number=number_word(number),
                                jester=jester + 1),
                     hints=(msg("lessons.ch_jester_nudge", jester=jester + 1),
                            msg("lessons.ch_jester_strategy", players=players)),
                     extra={"players": players, "number": number, "jester": jester})


@generator("chances.jester_wake", players=_PLAYERS, from_turn=_FROM, to_turn=_TO)
def jester_wake(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """If you play a jester now, what is the chance that you wake a queen yourself?"""
    from sq_edu.maths import jester_odds, unseen

    pos = pick_position(rng.randrange(10**6), p["players"], base.rules, _window(p), rng,
                        want=True, label=lambda o: o.draw_size > 0 and not o.known_bottom)
    obs = pos.obs
    chance = jester_odds(obs)["wake"][LEARNER]
    players = obs.players
    mine = [n for n in range(1, 11) if (n - 1) % players == 0]
    left = unseen(obs)
    return base.make(kind=FRACTION, answers=(chance,), observation=obs, hand=obs.hand,
                     context=story(obs),
                     prompt=msg("lessons.ch_wake_prompt", players=People(players)),
                     hints=(msg("lessons.ch_wake_nudge", players=People(players),
                                numbers=Cards(tuple(mine))),
                            msg("lessons.ch_wake_strategy", numbers=Cards(tuple(mine)))),
                     reveal=(*tracker_line(obs),
                             msg("lessons.ch_wake_exact", good=sum(left[n] for n in mine),
                                 total=sum(left.values()), fraction=chance,
                                 percent=Percent(chance, 0))),
                     extra={"numbers": tuple(mine)})
