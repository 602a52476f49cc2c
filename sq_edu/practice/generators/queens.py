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


# Which two sleeping queens make exactly the goal: the points missing (15 to 35) or none (more
# than 35: no two queens make that many), drawn first and kept when `generate` deals again.
# Only the heart with a 15 makes 35, and "none" is on every item, so those two come a little
# less often: no answer is then a better guess than about one time in six. Before, the question
# was which one queen, and the options one queen of each of the four values: "always the
# peacock" was right on 42%, then 30% (stored 0.37, nine clean answers in a row to open).
NONE = "none"
SHORT: dict[int | None, int] = {None: 14, 15: 18, 20: 19, 25: 19, 30: 18, 35: 12}
PAIR_SUMS = range(10, 40, 5)   # what two queens can make: 5 + 5 up to 20 + 15


def pair_id(pair: tuple[str, str]) -> str:
    """The option id of two queens, the bigger first: "heart+rose"."""
    return "+".join(sorted(pair, key=lambda q: (-QUEEN_POINTS[q], q)))


def _pairs(queens: tuple[str, ...]) -> dict[int, list[tuple[str, str]]]:
    """Two sleeping queens this player could wake and keep, by their points together."""
    found: dict[int, list[tuple[str, str]]] = {}
    for pair in combinations([q for q in QUEENS if q not in queens], 2):
        if allowed((*queens, *pair), OFFICIAL):
            found.setdefault(sum(QUEEN_POINTS[q] for q in pair), []).append(pair)
    return found


def _held(goal: int, short: int | None, counts: range, rng: random.Random) -> tuple[str, ...]:
    """Queens the player holds, `short` points from the goal (more than 35 for None), with
    two sleeping queens for as many of the totals as such a hand can have."""
    shorts = [short] if short is not None else list(range(max(PAIR_SUMS) + 5, goal, 5))
    found = [c for n in counts for c in combinations(QUEENS, n) if allowed(c, OFFICIAL)
             and goal - sum(QUEEN_POINTS[q] for q in c) in shorts]
    if short is None:   # each total that no two queens make as often as the others
        have = rng.choice(sorted({sum(QUEEN_POINTS[q] for q in c) for c in found}))
        found = [c for c in found if sum(QUEEN_POINTS[q] for q in c) == have]
    most = max(len(_pairs(c)) for c in found)
    return rng.choice([c for c in found if len(_pairs(c)) == most])


def pair_word(pair: tuple[str, str]) -> Msg:
    """"Heart Queen (20) and Rose Queen (5)"."""
    first, second = pair_id(pair).split("+")
    return msg("lessons.qp_two_queens", first=queen_word(first), second=queen_word(second))


@generator("queens.which_wins", goal=Param(int, 50, choices=(50,)), min_queens=_COUNT,
           max_queens=Param(int, 2, low=1, high=2))
def which_wins(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """Which two sleeping queens bring you to exactly the goal, if any? One option for each
    total two queens can make (`PAIR_SUMS`) and "no two queens", the last: one is right, and
    a guess is right about one time in seven.

    The goal is 50 (a table of 2 or 3): at 40, no hand of one queen or more is more than 35
    short. The player holds at most two queens, so two more never win on their number; no
    option pairs the cat with the dog, here or with the queens held.
    """
    goal = p["goal"]
    high = min(max(p["min_queens"], p["max_queens"]),
               OFFICIAL.win_queens(players_for(goal)) - 3)
    short = base.answer_rng().choices(tuple(SHORT), tuple(SHORT.values()))[0]
    queens = _held(goal, short, range(min(p["min_queens"], high), high + 1), rng)
    have = sum(QUEEN_POINTS[q] for q in queens)
    missing = goal - have
    offered = {total: rng.choice(pairs) for total, pairs in sorted(_pairs(queens).items())}
    answer = pair_id(offered[short]) if short is not None else NONE
    order = list(offered.values())
    rng.shuffle(order)
    options = (*(Option(pair_id(pair), pair_word(pair)) for pair in order),
               Option(NONE, msg("lessons.qp_wins_none", goal=Count(goal, "points"))))
    top, bottom = max(offered), min(offered)
    step = (msg("lessons.qp_worked_pair", pair=pair_word(offered[short]),
                points=points_line(offered[short]), total=short) if short is not None
            else msg("lessons.qp_worked_none", need=missing, points=points_line(offered[top]),
                     total=top))
    return base.make(kind=CHOICE, answers=(answer,), options=options,
                     traps=traps((answer,),
                                 (pair_id(offered[top]),
                                  msg("mistakes.wins_biggest", need=missing, goal=goal,
                                      have=have, points=top)),
                                 (pair_id(offered[bottom]),
                                  msg("mistakes.wins_smallest", need=missing, goal=goal,
                                      have=have, points=bottom))),
                     prompt=msg("lessons.qp_wins_prompt", goal=Count(goal, "points"),
                                queens=Joined(tuple(queen_word(q) for q in queens))),
                     hints=(msg("lessons.qp_wins_nudge", goal=goal, have=have),
                            msg("lessons.qp_wins_strategy", goal=goal, have=have,
                                need=missing)),
                     worked=(*sum_step(queens, have),
                             msg("lessons.qp_worked_goal", goal=goal, have=have, need=missing),
                             step),
                     extra={"queens": queens, "goal": goal, "have": have,
                            "players": players_for(goal)})
