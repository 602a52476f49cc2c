"""What are the chances? In the order children learn it: words on a line (impossible ...
certain) for cards they can see, then "x out of y" from real positions, then fractions, and
percent last; a dragon before a knight attack; predict, simulate, compare (who a jester makes
wake a queen is in `jester_rounds`). Every answer is computed by `sq_edu.maths`; every chance
said in words uses the one scale of `sq_edu.maths.likelihood` and stays 5 points clear of its
boundaries.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise
from typing import Any

from sq_edu.engine.cards import (
    DRAGON,
    JESTER,
    KING,
    KNIGHT,
    NUMBERS,
    PLAY_DECK,
    POWER_CARDS,
    Card,
    is_number,
)
from sq_edu.engine.observation import Observation
from sq_edu.i18n.format import Count, People, Percent
from sq_edu.i18n.words import Term
from sq_edu.maths.likelihood import BANDS, band, boundary_distance

from ..exercise import CHOICE, FRACTION, PERCENT, Exercise, Option, traps
from ..messages import Cards, msg
from .chance_steps import chance_steps, chance_traps, counting_traps, holds_exact
from .detective import tracker_line
from .dragon_bank import banked_position, holds
from .positions import LEARNER, find_position, pick_position, story
from .registry import Base, Param, generator

_PLAYERS = Param(int, 3, low=2, high=5)
_FROM = Param(int, 2, low=1, high=60)
_TO = Param(int, 16, low=1, high=80)
_CARDS = Param(list, ["king"], choices=POWER_CARDS)
FORMS = ("out_of", "fraction", "percent")
SIMULATIONS = 1000
CLEAR = Fraction(1, 20)   # a chance asked in words stays 5 points from every band boundary
# Cards a percent question asks about together ("a number card"). The odds slip ("good over
# the others") moves a chance p by p*p/(1-p): under 2 points below 14%, so one rare card hides
# it inside the tolerance. Groups put the answers between about 15% and 70%, spread out (no
# single "10%" a guess can lean on), and the slip then misses by 3 to 150 points.
GROUPS: dict[str, tuple[Card, ...]] = {"wake": (KING, JESTER), "low": (1, 2, 3, 4, 5),
                                       "power": POWER_CARDS, "number": NUMBERS}
ODDS_FROM = Fraction(3, 20)   # the smallest chance a group item asks (the slip: >= 2.6 points)


def _window(p: Mapping[str, Any]) -> tuple[int, int]:
    return p["from_turn"], max(p["from_turn"], p["to_turn"])


def _apart(values: list[Fraction], points: int) -> bool:
    """No two chances within `points` percentage points (each slip keeps its own message)."""
    ordered = sorted(values)
    return all((b - a) * 100 > points for a, b in pairwise(ordered))


def _told_apart(found: tuple[Any, ...], chance: Fraction, points: int) -> tuple[Any, ...]:
    """The slips whose percent neither the tolerance hides nor another slip's takes (no slip
    then: `generate` deals again for a level that names it)."""
    values = [chance, *(Fraction(v) for v, _ in found)]
    return tuple(t for i, t in enumerate(found, 1)
                 if all(abs(values[i] - v) * 100 > points for j, v in enumerate(values) if j != i))


def _fits(obs: Observation, wanted: tuple[Card, ...], form: str, tolerance: int,
          group: bool) -> bool:
    """A position the counting strategy solves exactly; for a group asked in percent, one where
    the draw-pile and the odds slips both miss the answer and each other by 2 points or more."""
    from sq_edu.maths import unseen

    if obs.draw_size <= 0 or obs.known_bottom:
        return False
    if not group or form != "percent":
        return True
    left = unseen(obs)
    good, total = sum(left[c] for c in wanted), sum(left.values())
    if not total or not ODDS_FROM <= Fraction(good, total) < 1:
        return False
    found = chance_traps(obs, good, total, wanted)
    named = {why.key for _, why in found}
    return {"lessons.ch_trap_draw_pile", "lessons.ch_trap_odds"} <= named and _apart(
        [Fraction(good, total), *(Fraction(v) for v, _ in found)], tolerance + 1)


@generator("chances.next_card", players=_PLAYERS, from_turn=_FROM, to_turn=_TO,
           cards=Param(list, ["king"], choices=(*POWER_CARDS, *GROUPS)),
           form=Param(str, "out_of", choices=FORMS),
           tolerance=Param(int, 1, low=0, high=20), simulate=Param(bool, False))
def next_card(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """The chance that the next card drawn is a king (or another card)."""
    from sq_edu.maths import p_draw, simulate_draws, unseen

    token = rng.choice(p["cards"])
    group = token in GROUPS
    wanted: tuple[Card, ...] = GROUPS.get(token, (token,))
    form = p["form"]
    # Only positions where "unseen kings out of unseen cards" is the whole story (no known
    # cards at the bottom of the pile), so the counting strategy the hints teach is exact.
    pos = pick_position(rng.randrange(10**6), p["players"], base.rules, _window(p), rng,
                        want=True, label=lambda o: _fits(o, wanted, form, p["tolerance"], group))
    obs = pos.obs
    chance = p_draw(obs, wanted)
    left = unseen(obs)
    good, total = sum(left[c] for c in wanted), sum(left.values())
    card: Cards | Term = Term(f"lessons.ch_group_{token}") if group else Cards((token,))
    reveal = [*tracker_line(obs), msg("lessons.ch_next_exact", card=card, good=good,
                                          total=total, fraction=chance,
                                          percent=Percent(chance, 0))]
    if p["simulate"]:
        sim = simulate_draws(obs, wanted, SIMULATIONS, seed=rng.randrange(10**6))
        reveal.append(msg("lessons.ch_simulated", n=sim.n, hits=Count(sim.hits, "times"),
                          card=card, percent=Percent(sim.estimate, 0), exact=Percent(chance, 0)))
    key = "lessons.ch_predict_prompt" if p["simulate"] else f"lessons.ch_next_{form}_prompt"
    return base.make(kind=PERCENT if form == "percent" else FRACTION, answers=(chance,),
                     observation=obs, hand=obs.hand, context=story(obs),
                     prompt=msg(key, card=card),
                     hints=(msg("lessons.ch_next_nudge", card=card),
                            msg(f"lessons.ch_next_{form}_strategy", card=card)),
                     reveal=tuple(reveal), tolerance=p["tolerance"],
                     traps=counting_traps(obs, wanted, chance, _told_apart(
                         chance_traps(obs, good, total, wanted), chance,
                         p["tolerance"] + 1 if form == "percent" else -1),
                         p["tolerance"] if form == "percent" else -1),
                     worked=chance_steps(card, good, total, form),
                     extra={"card": wanted if group else token, "good": good, "total": total,
                            "form": form, "deck": True,
                            **({"what": f"lessons.ch_group_{token}_label"} if group else {})})


def band_options() -> tuple[Option, ...]:
    """The five words on the likelihood line, in order."""
    return tuple(Option(b, msg(f"lessons.ch_band_{b}")) for b in BANDS)


def clear_band(chance: Fraction) -> str | None:
    """The band of `chance` if it lies clear of every boundary (else None: do not ask it)."""
    if 0 < chance < 1 and boundary_distance(chance) < CLEAR:
        return None
    return band(chance)


def _pile_for(rng: random.Random, want: str) -> tuple[str, int, int]:
    """A card and a small face-down pile (k of n cards are that card) whose chance is `want`."""
    token = rng.choice(("king", "knight", "jester", "potion"))
    most = min(PLAY_DECK[token], 8)
    pairs = [(k, n) for n in range(3, 9) for k in range(0, min(n, most) + 1)
             if clear_band(Fraction(k, n)) == want]
    k, n = rng.choice(pairs)
    return token, k, n


@generator("chances.words")
def words(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Cards you can see are shuffled face down and you take one: how likely is a king?

    Words on a line (impossible, unlikely, even chance, likely, certain), each asked as often as
    the others; no chance sits within 5 points of a boundary.
    """
    want = BANDS[base.answer_rng().randrange(len(BANDS))]
    token, k, n = _pile_for(rng, want)
    others = [c for c in range(1, 11) for _ in range(2)]
    pile = tuple([token] * k + rng.sample(others, n - k))
    chance = Fraction(k, n)
    card = Cards((token,))
    by_count = ("impossible", "unlikely", "even", "likely", "certain")[min(k, 4)]
    return base.make(kind=CHOICE, answers=(band(chance),), options=band_options(),
                     traps=traps((band(chance),),
                                 (band(1 - chance), msg("mistakes.words_reversed", card=card,
                                                        good=k, n=n, other=n - k)),
                                 ("even" if 0 < k < n else None,
                                  msg("mistakes.words_even", good=k, n=n)),
                                 (by_count, msg("mistakes.words_count_only", card=card,
                                                good=k, n=n))),
                     hand=tuple(sorted(pile, key=lambda c: (is_number(c), str(c)))),
                     prompt=msg("lessons.ch_words_prompt", n=n, card=card),
                     hints=(msg("lessons.ch_words_nudge", card=card),
                            msg("lessons.ch_words_strategy")),
                     worked=(msg("lessons.ch_words_worked_count", card=card, good=k, n=n),
                             msg(f"lessons.ch_words_worked_{band(chance)}", card=card,
                                 good=k, n=n)),
                     reveal=(msg("lessons.ch_words_exact", good=k, n=n, card=card),),
                     extra={"card": token, "good": k, "total": n, "chance": chance,
                            "pile": True})


@generator("chances.holds_dragon", players=_PLAYERS, from_turn=_FROM, to_turn=_TO)
def holds_dragon(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Before a knight attack: how likely is it that this opponent holds a dragon?

    The target always has an awake queen (or the attack could not be played), every band is
    asked about equally often, and no chance sits within 5 points of a band boundary.
    """
    from sq_edu.maths import p_holds, simulate_holds, unseen

    players = p["players"]
    target = rng.randrange(1, players)
    want = HOLD_BANDS[base.answer_rng().randrange(len(HOLD_BANDS))]
    pos = banked_position(rng, players, base.rules, _window(p), want, target, holds,
                          rather=RARE_BANDS) or find_position(
        rng, players, base.rules, _window(p), want,
        lambda o: clear_band(p_holds(o, target, DRAGON)) if o.awake[target] else None,
        rather=RARE_BANDS)
    obs = pos.obs
    if not obs.awake[target]:  # the fallback position: attack someone who has a queen
        target = next((s for s in obs.opponents if obs.awake[s]), target)
    chance = p_holds(obs, target, DRAGON)
    sim = simulate_holds(obs, target, DRAGON, SIMULATIONS, seed=rng.randrange(10**6))
    dragons = unseen(obs)[DRAGON]
    total = sum(unseen(obs).values())
    exact = holds_exact(chance, target, obs.hand_sizes[target], dragons, total,
                        known=DRAGON in obs.known_in_hands[target])
    return base.make(kind=CHOICE, answers=(band(chance),), options=band_options(),
                     observation=obs, hand=obs.hand, context=story(obs),
                     traps=traps((band(chance),),
                                 (band(Fraction(dragons, total)) if total else None,
                                  msg("mistakes.holds_one_card", good=dragons, total=total,
                                      player=target + 1, cards=obs.hand_sizes[target])),
                                 ("certain" if dragons else None,
                                  msg("mistakes.holds_unseen_certain")),
                                 ("even", msg("mistakes.holds_even_split",
                                              player=target + 1))),
                     prompt=msg("lessons.ch_holds_prompt" if KNIGHT in obs.hand
                                else "teaching.holds_prompt_if", player=target + 1),
                     hints=(msg("lessons.ch_holds_nudge", player=target + 1),
                            msg("lessons.ch_holds_strategy")),
                     worked=(msg("lessons.ch_holds_worked_unseen", n=dragons,
                                 total=sum(unseen(obs).values())),
                             msg("lessons.ch_holds_worked_hand", player=target + 1,
                                 n=obs.hand_sizes[target]),
                             exact),
                     reveal=(*tracker_line(obs), exact,
                             msg("lessons.ch_simulated_holds", n=sim.n,
                                 hits=Count(sim.hits, "times"), percent=Percent(sim.estimate, 0))),
                     extra={"target": target, "chance": chance, "deck": True})


HOLD_BANDS = BANDS   # "certain": a dragon known to be in that hand (shown by a jester pick)
# Failing the band asked, the rarer ones first: "unlikely" is the commonest position, and the
# one answer on which the one-card slip ("2 out of 40") does not bite.
RARE_BANDS = ("likely", "even", "certain", "impossible")


@generator("chances.jester_wake", players=_PLAYERS, from_turn=_FROM, to_turn=_TO)
def jester_wake(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """If you play a jester now, what is the chance that you wake a queen yourself?"""
    from sq_edu.maths import jester_odds, unseen

    pos = pick_position(rng.randrange(10**6), p["players"], base.rules, _window(p), rng,
                        want=True, label=lambda o: o.draw_size > 0 and not o.known_bottom)
    obs = pos.obs
    chance = jester_odds(obs)["wake"][LEARNER]
    players = obs.players
    mine = tuple(n for n in range(1, 11) if (n - 1) % players == 0)
    left = unseen(obs)
    good, total = sum(left[n] for n in mine), sum(left.values())
    numbers = Cards(mine, either=True)
    return base.make(kind=FRACTION, answers=(chance,), observation=obs, hand=obs.hand,
                     context=story(obs),
                     prompt=msg("lessons.ch_wake_prompt" if JESTER in obs.hand
                                else "teaching.wake_prompt_if", players=People(players)),
                     hints=(msg("lessons.ch_wake_nudge", players=People(players), numbers=numbers),
                            msg("lessons.ch_wake_strategy", numbers=numbers)),
                     reveal=(*tracker_line(obs),
                             msg("lessons.ch_wake_exact", good=good, total=total,
                                 fraction=chance, percent=Percent(chance, 0))),
                     traps=counting_traps(obs, mine, chance, chance_traps(
                         obs, good, total, mine)) if chance == Fraction(good, total) else (),
                     worked=(msg("lessons.ch_wake_nudge", players=People(players), numbers=numbers),
                             *chance_steps(numbers, good, total, "fraction")),
                     extra={"numbers": mine, "good": good, "total": total, "deck": True})
