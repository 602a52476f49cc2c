"""Who wakes a queen after a jester: count round the table from the player who played it, and
say in which round of the count it stops (chances, level 4)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from sq_edu.i18n.words import number_word

from ..exercise import CHOICE, Exercise, Option, traps
from ..messages import Plain, msg
from .registry import Base, Param, generator


def seat_round(seat: int, lap: int) -> str:
    """The option id of a player (0-based seat) and the round of the count: "4-2"."""
    return f"{seat + 1}-{lap}"


def seat_round_options(players: int, laps: tuple[int, int]) -> tuple[Option, ...]:
    """Every player in each of two rounds of the count ("Player 4, round 2"), player by
    player: laid out in two columns (`extra["columns"]`), a row is a player and a column a
    round, so ten answers take five rows and stay on a phone's first screen."""
    return tuple(Option(seat_round(s, lap), msg("lessons.ch_jester_pick", player=s + 1,
                                                round=lap))
                 for s in range(players) for lap in sorted(laps))


@generator("chances.jester_count", min_players=Param(int, 3, low=3, high=5),
           max_players=Param(int, 5, low=3, high=5))
def jester_count(p: Mapping[str, Any], rng: random.Random, base: Base) -> Exercise:
    """You turn up a number with your jester: who wakes a queen, and in which round of
    counting round the table?

    Three players at least, and the round asked with the player: every player in the round
    the count stops in and in the round before or after it, so a guess is right about 1 time
    in 8 ("who" alone was stored at 0.29, and a good child needed 11 items, 28 in 1 run of
    20). The right player in the wrong round gets a message of its own.
    """
    from sq_edu.maths import counted_round, counted_seat

    players = rng.randint(p["min_players"], max(p["min_players"], p["max_players"]))
    number = rng.randint(1, 10)
    jester = rng.randrange(players)
    seat, lap = counted_seat(jester, number, players), counted_round(number, players)
    other = lap + 1 if lap == 1 or rng.random() < 0.5 else lap - 1
    order = [(jester + i) % players + 1 for i in range(players)]   # one whole round
    answer = seat_round(seat, lap)
    return base.make(kind=CHOICE, answers=(answer,),
                     options=seat_round_options(players, (lap, other)),
                     traps=traps((answer,),
                                 (seat_round(counted_seat((jester + 1) % players, number,
                                                          players), lap),
                                  msg("mistakes.jester_start_next", jester=jester + 1)),
                                 (seat_round(counted_seat(0, number, players), lap),
                                  msg("mistakes.jester_from_first", jester=jester + 1)),
                                 (seat_round(seat, other),
                                  msg("mistakes.jester_round", player=seat + 1,
                                      jester=jester + 1))),
                     prompt=msg("lessons.ch_jester_prompt", n=players, number=number_word(number),
                                jester=jester + 1),
                     hints=(msg("lessons.ch_jester_nudge", jester=jester + 1),
                            msg("lessons.ch_jester_strategy", players=players,
                                jester=jester + 1)),
                     worked=(msg("lessons.ch_jester_worked_order",
                                 order=Plain(", ".join(map(str, order)))),
                             msg("lessons.ch_jester_worked_count", number=number,
                                 player=seat + 1, round=lap)),
                     extra={"players": players, "number": number, "jester": jester,
                            "seat": seat, "round": lap, "columns": 2})
