"""Queen points: adding the points of awake queens and how many more reach 40 or 50.

The points come from the printed cards (`QUEEN_POINTS`, RULES.md section 1) and the goals from
the rules presets (`Rules.win_points`), so the lesson and the game agree.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from sq_edu.engine.cards import QUEEN_POINTS, QUEENS
from sq_edu.engine.rules import Rules
from sq_edu.i18n.format import Count, People
from sq_edu.i18n.words import Term

from ..exercise import CHOICE, NUMBER, Exercise, Option
from ..messages import Joined, Msg, msg
from .registry import Base, Param, generator

_COUNT = Param(int, 2, low=1, high=4)
_GOAL = Param(int, 50, choices=(40, 50))


def queen_word(queen: str) -> Msg:
    """"Heart queen (20)": the name from the catalogue, the points from the card."""
    return msg("lessons.queen_with_points", queen=Term(f"common.queen_{queen}"),
               points=QUEEN_POINTS[queen])


def players_for(goal: int) -> int:
    """A table size whose rules make `goal` the winning points (2-3: 50, 4-5: 40)."""
    return next(n for n in (3, 4) if Rules.preset("official").win_points(n) == goal)


def _queens(rng: random.Random, count: int, below: int | None = None) -> tuple[str, ...]:
    """`count` different queens, their points under `below` when given (not yet won)."""
    for _ in range(200):
        chosen = tuple(rng.sample(QUEENS, count))
        if below is None or sum(QUEEN_POINTS[q] for q in chosen) < below:
            return chosen
    return tuple(sorted(QUEENS, key=QUEEN_POINTS.get)[:count])


@generator("queens.sum", min_queens=_COUNT, max_queens=Param(int, 3, low=1, high=5))
def queen_sum(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """How many points do these awake queens make?"""
    count = rng.randint(p["min_queens"], max(p["min_queens"], p["max_queens"]))
    queens = _queens(rng, count)
    total = sum(QUEEN_POINTS[q] for q in queens)
    return base.make(kind=NUMBER, answers=(total,),
                     prompt=msg("lessons.qp_sum_prompt",
                                queens=Joined(tuple(queen_word(q) for q in queens))),
                     hints=(msg("lessons.qp_sum_nudge"), msg("lessons.qp_sum_strategy")),
                     extra={"queens": queens})


@generator("queens.to_goal", goal=_GOAL, min_queens=_COUNT, max_queens=Param(int, 3, low=1, high=4))
def to_goal(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """How many more points to reach the winning 40 or 50?"""
    goal = p["goal"]
    count = rng.randint(p["min_queens"], max(p["min_queens"], p["max_queens"]))
    queens = _queens(rng, count, below=goal)
    have = sum(QUEEN_POINTS[q] for q in queens)
    return base.make(kind=NUMBER, answers=(goal - have,),
                     prompt=msg("lessons.qp_goal_prompt", goal=Count(goal, "points"),
                                players=People(players_for(goal)),
                                queens=Joined(tuple(queen_word(q) for q in queens))),
                     hints=(msg("lessons.qp_goal_nudge", goal=goal),
                            msg("lessons.qp_goal_strategy", goal=goal)),
                     extra={"queens": queens, "goal": goal})


@generator("queens.which_wins", goal=_GOAL, min_queens=_COUNT,
           max_queens=Param(int, 3, low=1, high=3), options=Param(int, 4, low=2, high=6))
def which_wins(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Which sleeping queen would bring you to the goal? (every one that does is right)"""
    goal = p["goal"]
    for _ in range(200):
        count = rng.randint(p["min_queens"], max(p["min_queens"], p["max_queens"]))
        queens = _queens(rng, count, below=goal)
        have = sum(QUEEN_POINTS[q] for q in queens)
        rest = [q for q in QUEENS if q not in queens]
        choices = rng.sample(rest, min(p["options"], len(rest)))
        winners = tuple(q for q in choices if have + QUEEN_POINTS[q] >= goal)
        if 0 < len(winners) < len(choices):
            break
    options = tuple(Option(q, queen_word(q)) for q in choices)
    return base.make(kind=CHOICE, answers=winners, options=options,
                     prompt=msg("lessons.qp_wins_prompt", goal=Count(goal, "points"),
                                queens=Joined(tuple(queen_word(q) for q in queens))),
                     hints=(msg("lessons.qp_wins_nudge", goal=goal, have=have),
                            msg("lessons.qp_wins_strategy", goal=goal, have=have,
                                need=goal - have)),
                     extra={"queens": queens, "goal": goal, "have": have})
