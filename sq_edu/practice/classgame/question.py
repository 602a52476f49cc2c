"""What the class is asked at its turn, and the moves it may vote for, in the game's words.

The question is the in-game coach's own (`practice.coach.questions`), built from the class
seat's `Observation` and the round number only, so the server, every child's page and the
teacher's page build the very same question for the same position: nothing but the position
has to travel. The coach mode decides what is asked. The detective asks counts ("How many
kings have we not seen yet?", a card kind after another). The quiz asks the maths of the
class's move: when the hand holds an equation discard, which cards make it ("Which of our
cards make 3 + 7 = 10?", its wrong choices the equations lesson's named mistakes: the total
card left out, a total that is not the sum); else on odd rounds the chance that the next card
is a power card (where that chance is the whole story); else a count.

The vote offers a few moves, not every legal one (a king may wake any of 8 face-down slots:
for the class these are one choice): the coach's tip first, then one move of each kind.
"""

from __future__ import annotations

from dataclasses import replace

from sq_edu.bots import CountingBot
from sq_edu.engine.cards import PLAY_DECK, is_number
from sq_edu.engine.moves import Move
from sq_edu.engine.observation import Observation
from sq_edu.i18n import Msg, msg
from sq_edu.i18n.words import Term
from sq_edu.practice.checking import Judgement, check
from sq_edu.practice.coach.questions import (
    PLAY_LEVEL,
    SKILL_LESSON,
    Question,
    power_chance_computable,
    power_question,
    unseen_question,
)
from sq_edu.practice.exercise import CHOICE, Option
from sq_edu.practice.generators.detective import unseen_traps
from sq_edu.practice.generators.registry import Base
from sq_edu.practice.messages import Cards, Plain

COUNTED: tuple[str, ...] = ("king", "knight", "dragon", "jester", "potion", "wand")
MAX_CHOICES = 5


def class_question(obs: Observation, round_no: int, coach: str = "quiz") -> Question:
    """The question of round `round_no` for the class seat's position in this coach mode."""
    if coach == "quiz":
        equation = equation_question(obs)
        if equation is not None:
            return equation
        if round_no % 2 == 1 and power_chance_computable(obs):
            return power_question(obs, "words")
    card = COUNTED[(round_no // 2) % len(COUNTED)]
    asked = unseen_question(obs, card, "attack_unseen")
    ex = asked.exercise   # with the card detective's named slips, as the lesson judges them
    return replace(asked, exercise=replace(
        ex, prompt=msg("classgame.q_unseen", card=Cards((card,)), total=PLAY_DECK[card]),
        traps=unseen_traps(obs, card, int(ex.answers[0]))))  # type: ignore[call-overload]


def equation_question(obs: Observation) -> Question | None:
    """Which cards make the hand's first equation discard (None: the hand holds none). The
    choices: its cards, its addends alone, its addends with another total."""
    from sq_edu.maths import find_discards

    found = [d for d in find_discards(obs.hand, obs.rules) if d.kind == "equation"]
    if not found:
        return None
    *parts, total = sorted(int(c) for c in found[0].cards)
    numbers = sorted({int(c) for c in obs.hand if is_number(c)} - {total, *parts},
                     key=lambda n: (abs(n - total), n))
    wrong = numbers[0] if numbers else (total - 1 if total == 10 else total + 1)
    left = Plain(" + ".join(map(str, parts)))
    picks = {"right": (*parts, total), "no_total": tuple(parts),
             "wrong_total": tuple(sorted((*parts, wrong)))}
    order = sorted(picks, key=lambda k: _rank(k, total))
    skill = "sums_within_10" if len(parts) == 2 else "three_addends"
    base = Base(lesson_id=SKILL_LESSON[skill], level=PLAY_LEVEL, seed=0, skill=skill)
    ex = base.make(
        kind=CHOICE, answers=("right",), hand=obs.hand, observation=obs,
        prompt=msg("classgame.q_equation", equation=Plain(f"{left.text} = {total}")),
        options=tuple(Option(k, msg("classgame.cards_option",
                                    cards=Cards(picks[k]))) for k in order),
        traps=(("no_total", msg("mistakes.sum_no_total", left=left, total=total)),
               ("wrong_total", msg("mistakes.sum_wrong_total", left=left, total=total,
                                   biggest=wrong))),
        hints=(msg("lessons.eq_sum_nudge"), msg("lessons.eq_sum_strategy")),
        worked=(msg("lessons.eq_sum_worked_total", total=total),
                msg("lessons.eq_sum_worked_parts", total=total, parts=left)),
        extra={"discard": "sum", "source": "play"})
    return Question("discard", ex)


def _rank(key: str, total: int) -> int:
    """Where a choice stands: turned by the total, so the right one is not always first."""
    return (("right", "no_total", "wrong_total").index(key) + total) % 3


def judge(question: Question, text: object) -> Judgement:
    """A child's answer judged exactly as a lesson judges it."""
    return check(question.exercise, text)


def tip_move(obs: Observation, legal: list[Move]) -> Move | None:
    """The coach's tip: the move the counting bot makes from the class's own view."""
    if obs.is_over or not legal:
        return None
    return CountingBot(0).choose(obs, legal)


def _same_choice(move: Move) -> tuple[object, ...]:
    """Moves the class cannot tell apart: the same cards at the same player, any slot."""
    return (move.kind, tuple(sorted(move.cards)), move.target, move.queen)


def vote_choices(obs: Observation, legal: list[Move]) -> list[Move]:
    """At most `MAX_CHOICES` moves to vote for: the tip first, then the rest in legal order,
    one of each choice the class can tell apart."""
    tip = tip_move(obs, legal)
    ordered = ([tip] if tip is not None else []) + [m for m in legal if m != tip]
    seen: set[tuple[object, ...]] = set()
    out: list[Move] = []
    for move in ordered:
        key = _same_choice(move)
        if key not in seen:
            seen.add(key)
            out.append(move)
    return out[:MAX_CHOICES]


def move_words(move: Move) -> Msg:
    """A vote's label: "Wake a queen with the king", "Discard 3 + 5 = 8"."""
    cards = Cards(tuple(move.cards))
    if move.kind == "wake":
        return msg("classgame.move_wake")
    if move.kind in ("steal", "sleep") and move.queen:
        return msg(f"classgame.move_{move.kind}", queen=Term(f"common.queen_{move.queen}"),
                   player=(move.target or 0) + 1)
    if move.kind == "discard" and len(move.cards) >= 3 and all(map(is_number, move.cards)):
        numbers = sorted(int(c) for c in move.cards)
        return msg("classgame.move_equation",
                   equation=" + ".join(map(str, numbers[:-1])) + f" = {numbers[-1]}")
    if move.kind in ("discard", "jester", "block", "allow"):
        return msg(f"classgame.move_{move.kind}", cards=cards)
    if move.kind == "choose" and move.slot is not None:
        return msg("classgame.move_choose_slot", slot=move.slot + 1)
    if move.kind == "choose" and move.target is not None:
        return msg("classgame.move_choose_player", player=move.target + 1)
    return msg("classgame.move_other", move=str(move))
