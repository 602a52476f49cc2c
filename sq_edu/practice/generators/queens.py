"""Queen points: adding the points of awake queens and how many more reach 40 or 50.

Every set of awake queens shown is one a player may hold (no cat with dog, not already won).

The points come from the printed cards (`QUEEN_POINTS`, docs/rules.md section 1) and the goals from
the rules presets (`Rules.win_points`), so the lesson and the game agree.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from itertools import combinations
from typing import Any

from sq_edu.engine.cards import QUEEN_POINTS, QUEENS
from sq_edu.engine.rules import Rules
from sq_edu.i18n.format import Count, People
from sq_edu.i18n.words import Term

from ..exercise import CHOICE, NUMBER, Exercise, Option, traps
from ..messages import Joined, Msg, Plain, msg
from .registry import Base, Param, generator

_COUNT = Param(int, 2, low=1, high=4)
_GOAL = Param(int, 50, choices=(40, 50))
OFFICIAL = Rules.preset("official")


def queen_word(queen: str) -> Msg:
    """"Heart queen (20)": the name from the catalogue, the points from the card."""
    return msg("lessons.queen_with_points", queen=Term(f"common.queen_{queen}"),
               points=QUEEN_POINTS[queen])


def players_for(goal: int) -> int:
    """A table size whose rules make `goal` the winning points (2-3: 50, 4-5: 40)."""
    return next(n for n in (3, 4) if Rules.preset("official").win_points(n) == goal)


def allowed(queens: tuple[str, ...] | list[str], rules: Rules) -> bool:
    """A set of awake queens one player may hold (never the cat and the dog together)."""
    return not (rules.cat_dog_feud and "cat" in queens and "dog" in queens)


@functools.cache
def _sets_by_total(count: int) -> dict[int, tuple[tuple[str, ...], ...]]:
    """Every set of `count` queens one player may hold, by its points."""
    found: dict[int, list[tuple[str, ...]]] = {}
    for chosen in combinations(QUEENS, count):
        if allowed(chosen, OFFICIAL):
            found.setdefault(sum(QUEEN_POINTS[q] for q in chosen), []).append(chosen)
    return {total: tuple(sets) for total, sets in sorted(found.items())}


def queens_of_any_total(rng: random.Random, base: Base, counts: range,
                        below: int = 10**3) -> tuple[str, ...]:
    """Queens (as many as one of `counts`) whose points, under `below`, are each possible
    total as often as the others: drawn at random, two queens make 20 on a quarter of items,
    and "20" would be a good guess. The total stays when `generate` deals again."""
    totals = sorted({t for n in counts for t in _sets_by_total(n) if t < below})
    total = base.answer_rng().choice(totals)
    chosen = list(rng.choice([s for n in counts for s in _sets_by_total(n).get(total, ())]))
    rng.shuffle(chosen)
    return tuple(chosen)


def wakeable(queens: tuple[str, ...]) -> list[str]:
    """The sleeping queens this player could wake and keep (not the dog next to the cat)."""
    return [q for q in QUEENS if q not in queens and allowed((*queens, q), OFFICIAL)]


def fewer_than_winning(goal: int, count: int) -> int:
    """At most this many queens, so one more queen does not win on the number of queens."""
    return min(count, OFFICIAL.win_queens(players_for(goal)) - 2)


def points_line(queens: tuple[str, ...]) -> Plain:
    return Plain(" + ".join(str(QUEEN_POINTS[q]) for q in sorted(
        queens, key=lambda q: -QUEEN_POINTS[q])))


def sum_step(queens: tuple[str, ...], have: int) -> tuple[Msg, ...]:
    """"Add them: 15 + 10 = 25" (nothing to add for a single queen)."""
    if len(queens) < 2:
        return ()
    return (msg("lessons.qp_worked_sum", points=points_line(queens), total=have),)


def count_on(have: int, goal: int) -> Msg:
    """"Count on in fives from 35: 40, 45, 50. That is 15 points more." (queen points are
    fives, so counting on from the points held lands on the goal)."""
    return msg("lessons.qp_worked_count_on", have=have, added=Count(goal - have, "points"),
               steps=Plain(", ".join(str(n) for n in range(have + 5, goal + 1, 5))))


@generator("queens.sum", min_queens=_COUNT, max_queens=Param(int, 3, low=1, high=5))
def queen_sum(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """How many points do these awake queens make?"""
    queens = queens_of_any_total(rng, base, range(p["min_queens"],
                                                  max(p["min_queens"], p["max_queens"]) + 1))
    count = len(queens)
    total = sum(QUEEN_POINTS[q] for q in queens)
    # A queen left out: the smallest (the planted trap) first, then any other, last named first.
    left_out = (min(queens, key=lambda q: QUEEN_POINTS[q]), *queens[::-1]) if count > 1 else ()
    return base.make(kind=NUMBER, answers=(total,),
                     prompt=msg("lessons.qp_sum_prompt",
                                queens=Joined(tuple(queen_word(q) for q in queens))),
                     hints=(msg("lessons.qp_sum_nudge"), msg("lessons.qp_sum_strategy")),
                     traps=traps((total,),
                                 (count, msg("lessons.qp_trap_count", n=count)),
                                 (total // 5, msg("lessons.qp_trap_fives", n=total // 5)),
                                 *((total - QUEEN_POINTS[q], msg("lessons.qp_trap_left_out"))
                                   for q in left_out)),
                     worked=(msg("lessons.qp_worked_points", points=points_line(queens)),
                             msg("lessons.qp_worked_sum", points=points_line(queens),
                                 total=total)),
                     guess=1 / 12,
                     extra={"queens": queens})


@generator("queens.to_goal", goal=_GOAL, min_queens=_COUNT, max_queens=Param(int, 3, low=1, high=4))
def to_goal(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """How many more points to reach the winning 40 or 50?

    The learner holds at most two queens fewer than win on their number (at a 4-player table
    a 4th queen wins whatever the points), so the points are really what is missing.
    """
    goal = p["goal"]
    high = fewer_than_winning(goal, max(p["min_queens"], p["max_queens"]))
    queens = queens_of_any_total(rng, base, range(min(p["min_queens"], high), high + 1), goal)
    have = sum(QUEEN_POINTS[q] for q in queens)
    need = goal - have
    return base.make(kind=NUMBER, answers=(need,),
                     prompt=msg("lessons.qp_goal_prompt", goal=Count(goal, "points"),
                                players=People(players_for(goal)),
                                queens=Joined(tuple(queen_word(q) for q in queens))),
                     hints=(msg("lessons.qp_goal_nudge", goal=goal),
                            msg("lessons.qp_goal_strategy", goal=goal)),
                     traps=traps((need,),
                                 (have, msg("lessons.qp_trap_have", have=have, goal=goal)),
                                 (goal + have, msg("lessons.qp_trap_added", have=have,
                                                   goal=goal)),
                                 (need // 5, msg("lessons.qp_trap_fives", n=need // 5)),
                                 (goal, msg("lessons.qp_trap_goal", goal=goal))),
                     worked=(*sum_step(queens, have), count_on(have, goal),
                             msg("lessons.qp_worked_goal", goal=goal, have=have, need=need)),
                     guess=1 / 10,
                     extra={"queens": queens, "goal": goal, "players": players_for(goal)})


# How often each queen is the one asked for (by its points). A 5 is needed only while holding
# the heart (45 of 50 in three queens), a 10 only while holding 40 (the heart or two 15s): both
# leave three options, so they come less often; the heart is the only 20. Before, dealing again
# until both errors bit kept the middle options: 10s and 15s were the answer on most items, and
# "always the peacock" was right on 42% (stored rate 0.44; now 0.37).
WINNER_WEIGHTS = {5: 1, 10: 1, 15: 2, 20: 3}


def _options_left(queens: tuple[str, ...]) -> int:
    """How many points values the sleeping queens this player could wake still have."""
    return len({QUEEN_POINTS[q] for q in wakeable(queens)})


@generator("queens.which_wins", goal=_GOAL, min_queens=_COUNT,
           max_queens=Param(int, 3, low=1, high=3), options=Param(int, 4, low=2, high=4))
def which_wins(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Which sleeping queen brings you to exactly the goal? One option is right, the options
    have different points (as many as the queens held leave), and the queen asked for is
    drawn first (`WINNER_WEIGHTS`), kept when `generate` deals again.

    Every option is a queen the learner could wake (not the dog while holding the cat).
    """
    goal = p["goal"]
    high = fewer_than_winning(goal, max(p["min_queens"], p["max_queens"]))
    values = sorted(set(QUEEN_POINTS.values()))
    low = min(p["min_queens"], high)
    winner = base.answer_rng().choices(
        QUEENS, [WINNER_WEIGHTS[QUEEN_POINTS[q]] for q in QUEENS])[0]
    need = QUEEN_POINTS[winner]
    held = [c for n in range(low, high + 1) for c in combinations(QUEENS, n)
            if sum(QUEEN_POINTS[q] for q in c) == goal - need and allowed(c, OFFICIAL)
            and winner in wakeable(c)]
    most = max(map(_options_left, held))
    queens = rng.choice([c for c in held if _options_left(c) == most])
    have = goal - need
    by_value = {v: [q for q in wakeable(queens) if QUEEN_POINTS[q] == v] for v in values}
    others = [rng.choice(by_value[v]) for v in values if v != need and by_value[v]]
    choices = [winner, *rng.sample(others, min(len(others), p["options"] - 1))]
    rng.shuffle(choices)
    options = tuple(Option(q, queen_word(q)) for q in choices)
    biggest = max(choices, key=lambda q: QUEEN_POINTS[q])
    smallest = min(choices, key=lambda q: QUEEN_POINTS[q])
    return base.make(kind=CHOICE, answers=(winner,), options=options,
                     traps=traps((winner,),
                                 (biggest, msg("mistakes.wins_biggest", need=need, goal=goal,
                                               have=have,
                                               queen=queen_word(biggest),
                                               points=QUEEN_POINTS[biggest])),
                                 (smallest, msg("mistakes.wins_smallest", need=need, goal=goal,
                                                have=have, queen=queen_word(smallest),
                                                points=QUEEN_POINTS[smallest]))),
                     prompt=msg("lessons.qp_wins_prompt", goal=Count(goal, "points"),
                                queens=Joined(tuple(queen_word(q) for q in queens))),
                     hints=(msg("lessons.qp_wins_nudge", goal=goal, have=have),
                            msg("lessons.qp_wins_strategy", goal=goal, have=have,
                                need=need)),
                     worked=(*sum_step(queens, have),
                             msg("lessons.qp_worked_goal", goal=goal, have=have, need=need),
                             msg("lessons.qp_worked_pick", need=need,
                                 queen=queen_word(winner))),
                     extra={"queens": queens, "goal": goal, "have": have,
                            "players": players_for(goal)})
