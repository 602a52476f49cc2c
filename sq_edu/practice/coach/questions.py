"""The game coach's questions: drill exercises built from the child's own Observation.

Each question is an ordinary `Exercise` with the skill id of the drill that practises the same
thing, so `sq_edu.practice.check` judges it and `Mastery.record` counts it exactly as a drill
answer. Answers come from `sq_edu.maths` (unseen, p_holds, p_draw, counted_seat, find_discards)
applied to the Observation only: the coach cannot know more than the child may.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from sq_edu.engine.cards import PLAY_DECK, POWER_CARDS, Card
from sq_edu.engine.observation import Observation
from sq_edu.i18n.format import Percent
from sq_edu.i18n.words import BotSeat, Term, number_word
from sq_edu.maths.likelihood import BANDS, band
from sq_edu.practice.exercise import (
    CARDS,
    CHOICE,
    FRACTION,
    NUMBER,
    PERCENT,
    SEAT,
    Exercise,
    Option,
)
from sq_edu.practice.generators.detective import tracker_line, unseen_traps
from sq_edu.practice.generators.registry import Base
from sq_edu.practice.messages import Cards, Msg, Plain, msg

FORMS: tuple[str, ...] = ("words", "out_of", "fraction", "percent")
# The drill lesson of each skill the coach practises (progress and the teacher report use it).
SKILL_LESSON: dict[str, str] = {
    "counting_unseen": "card_detective", "chance_holds": "chances", "chance_count": "chances",
    "chance_fraction": "chances", "chance_percent": "chances", "jester_count": "chances",
    "sums_within_10": "equations", "three_addends": "equations",
}
# The chance of the next card, in each form, is the skill of that level of the chances drill.
FORM_SKILL: dict[str, str] = {"words": "chance_count", "out_of": "chance_count",
                              "fraction": "chance_fraction", "percent": "chance_percent"}
ATTACK_DEFENCE: dict[str, str] = {"knight": "dragon", "potion": "wand"}
PLAY_LEVEL = 0   # an exercise of no lesson level: a game answer never moves a lesson's streak


@dataclass(frozen=True)
class Question:
    """One thing the coach asks: its type (what situation), the exercise, and what it shows
    after the answer (`after`: the maths the child was asked to do, worked out)."""

    type: str            # attack_unseen attack_holds discard jester_seat jester_power count
    exercise: Exercise
    after: tuple[Msg, ...] = ()
    chance: Fraction | None = None   # a predicted chance, for the replay after the game


def _base(skill: str) -> Base:
    return Base(lesson_id=SKILL_LESSON[skill], level=PLAY_LEVEL, seed=0, skill=skill)


def unseen_question(obs: Observation, card: Card, type_: str) -> Question:
    """How many of `card` has the child not seen yet? (the card detective's count)."""
    from sq_edu.maths import located, unseen

    answer = unseen(obs)[card]
    seen, mine, pile = located(obs)[card], obs.hand.count(card), obs.discard_pile.count(card)
    key = "play.cq_unseen_kings" if type_ == "count" else "play.cq_unseen"
    # The card detective's steps: a wrong count hears its slip named (forgot the own hand,
    # counted the seen cards...), and a second wrong one is worked out, not only answered.
    worked = (msg("lessons.det_worked_deck", card=Cards((card,)), n=PLAY_DECK[card]),
              msg("lessons.det_worked_seen", card=Cards((card,)), hand=mine, pile=pile,
                  other=seen - mine - pile),
              msg("lessons.det_worked_take", total=PLAY_DECK[card], seen=seen, answer=answer))
    ex = _base("counting_unseen").make(
        kind=NUMBER, answers=(answer,), hand=obs.hand, observation=obs,
        prompt=msg(key, card=Cards((card,)), total=PLAY_DECK[card]),
        hints=(msg("lessons.det_unseen_nudge", card=Cards((card,)), n=PLAY_DECK[card]),
               msg("lessons.det_unseen_strategy", card=Cards((card,)), total=PLAY_DECK[card],
                   n=seen)),
        traps=unseen_traps(obs, str(card), answer), worked=worked,
        reveal=tracker_line(obs), extra={"card": card, "source": "play"})
    after = (*worked, msg("play.cq_unseen_after", card=Cards((card,)), n=answer,
                          total=PLAY_DECK[card]))
    return Question(type_, ex, after)


def _tenths_options(p: Fraction, form: str, rng: random.Random) -> tuple[Option, ...]:
    """Three choices "about k out of 10" (or k/10, k0%) far enough apart to tell by counting."""
    k = int(p * 10 + Fraction(1, 2))
    near = [x for x in (k - 6, k - 3, k, k + 3, k + 6) if 0 <= x <= 10]
    at = near.index(k)
    starts = [s for s in range(len(near) - 2) if s <= at <= s + 2]
    start = rng.choice(starts) if starts else 0
    return tuple(Option(str(x), msg(f"play.cq_about_{form}", x=x,
                                    percent=Percent(Fraction(x, 10), 0)))
                 for x in near[start:start + 3])


def holds_question(obs: Observation, attack: str, target: int, form: str) -> Question:
    """Before an attack: what is the chance that `target` holds the card that blocks it?"""
    from sq_edu.maths import p_holds

    defence = ATTACK_DEFENCE[attack]
    chance = p_holds(obs, target, defence)
    rng = random.Random(f"{obs.turn}|{target}|{attack}")
    if form == "words":
        options = tuple(Option(b, msg(f"widgets.chance_{b}")) for b in BANDS)
        answer = band(chance)
    else:
        options = _tenths_options(chance, form, rng)
        answer = str(int(chance * 10 + Fraction(1, 2)))
    ex = _base("chance_holds").make(
        kind=CHOICE, answers=(answer,), options=options, hand=obs.hand, observation=obs,
        prompt=msg("play.cq_holds", player=BotSeat(target), card=Cards((defence,)),
                   attack=Cards((attack,))),
        hints=(msg("play.cq_holds_nudge", player=BotSeat(target), card=Cards((defence,))),
               msg("play.cq_holds_strategy", card=Cards((defence,)))),
        reveal=tracker_line(obs), extra={"target": target, "chance": chance, "source": "play"})
    young = form in ("words", "out_of")    # no fractions or percent before the lessons
    after = (msg("smooth.holds_after_young" if young else "play.cq_holds_after",
                 player=BotSeat(target), card=Cards((defence,)), fraction=chance,
                 percent=_percent(chance), tenths=int(chance * 10 + Fraction(1, 2)),
                 word=msg(f"widgets.chance_{band(chance)}")),)
    return Question("attack_holds", ex, after, chance)


def discard_question(obs: Observation) -> Question | None:
    """Number cards in hand: find a discard of 3 or more cards (None when there is none)."""
    from sq_edu.maths import best_discards, find_discards

    found = [d for d in find_discards(obs.hand, obs.rules) if d.size >= 3]
    if not found:
        return None
    answers = tuple(tuple(d.cards) for d in found)
    skill = "sums_within_10" if any(d.size == 3 for d in found) else "three_addends"
    best = best_discards(obs.hand, obs.rules)
    ex = _base(skill).make(
        kind=CARDS, answers=answers, hand=obs.hand, observation=obs,
        prompt=msg("play.cq_discard"),
        hints=(msg("lessons.eq_sum_nudge"), msg("lessons.eq_sum_strategy")),
        extra={"discard": "sum", "addends": [2, 9], "max_total": 10, "source": "play"})
    after = (msg("play.cq_discard_best", equation=Plain(best[0].equation), n=best[0].size),)
    return Question("discard", ex, after)


def jester_seat_question(obs: Observation) -> Question:
    """Before a jester: who wakes a queen if this number comes up? (counting round the table)"""
    from sq_edu.maths import counted_seat

    number = random.Random(f"jester|{obs.turn}").choice((7, 7, 4, 5, 6, 8, 9, 10))
    seat = counted_seat(obs.seat, number, obs.players)
    ex = _base("jester_count").make(
        kind=SEAT, answers=(seat,), seats=tuple(range(obs.players)), observation=obs,
        hand=obs.hand, prompt=msg("play.cq_jester_seat", number=number_word(number)),
        hints=(msg("play.cq_jester_nudge"),
               msg("play.cq_jester_strategy", players=obs.players)),
        extra={"number": number, "jester": obs.seat, "players": obs.players, "source": "play"})
    who = Term("common.you") if seat == obs.seat else BotSeat(seat)
    return Question("jester_seat", ex, (msg("play.cq_jester_seat_after", number=number,
                                            who=who, you=seat == obs.seat),))


def power_chance_computable(obs: Observation) -> bool:
    """Only where "unseen power cards out of unseen cards" is the whole story: one card shown,
    cards left to draw and none known at the bottom of the pile (as the chances drill asks)."""
    return int(obs.rules.jester_peek) <= 1 and obs.draw_size > 0 and not obs.known_bottom


def power_question(obs: Observation, form: str) -> Question:
    """Before a jester: the chance that the card it turns up is a power card."""
    from sq_edu.maths import p_draw, unseen

    chance = p_draw(obs, POWER_CARDS)
    left = unseen(obs)
    good, total = sum(left[c] for c in POWER_CARDS), sum(left.values())
    skill = FORM_SKILL[form]
    common = {"answers": (chance,), "hand": obs.hand, "observation": obs,
              "prompt": msg(f"play.cq_power_{form}"),
              "hints": (msg("play.cq_power_nudge"), msg("play.cq_power_strategy")),
              "reveal": tracker_line(obs),
              "extra": {"good": good, "total": total, "chance": chance, "source": "play"}}
    if form == "words":
        common["answers"] = (band(chance),)
        ex = _base(skill).make(kind=CHOICE, options=tuple(
            Option(b, msg(f"widgets.chance_{b}")) for b in BANDS), **common)
    else:
        ex = _base(skill).make(kind=PERCENT if form == "percent" else FRACTION, **common)
    young = form in ("words", "out_of")    # no fractions or percent before the lessons
    after = (msg("smooth.power_after_young" if young else "play.cq_power_after",
                 good=good, total=total, fraction=chance,
                 percent=_percent(chance), word=msg(f"widgets.chance_{band(chance)}")),)
    return Question("jester_power", ex, after, chance)


def best_target(obs: Observation, attack: str, targets: list[tuple[int, str]]) -> int:
    """The player an attack would most likely go for: the most points in one queen."""
    from sq_edu.engine.cards import QUEEN_POINTS

    return max(targets, key=lambda tq: (QUEEN_POINTS.get(tq[1], 0), -tq[0]))[0]


def _percent(p: Fraction) -> Percent:
    return Percent(p, 0)
