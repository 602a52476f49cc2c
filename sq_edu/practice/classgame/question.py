"""What the class is asked at its turn, and the moves it may vote for, in the game's words.

The question is the in-game coach's own (`practice.coach.questions`), built from the class
seat's `Observation` and the round number only, so the server, every child's page and the
teacher's page build the very same question for the same position: nothing but the position
has to travel. Even rounds ask a count ("How many kings have you not seen yet?"), odd rounds
the chance that the next card is a power card (where that chance is the whole story).

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
    Question,
    power_chance_computable,
    power_question,
    unseen_question,
)
from sq_edu.practice.generators.detective import unseen_traps
from sq_edu.practice.messages import Cards

COUNTED: tuple[str, ...] = ("king", "knight", "dragon", "jester", "potion", "wand")
MAX_CHOICES = 5


def class_question(obs: Observation, round_no: int) -> Question:
    """The question of round `round_no` for the class seat's position."""
    if round_no % 2 == 1 and power_chance_computable(obs):
        return power_question(obs, "words")
    card = COUNTED[(round_no // 2) % len(COUNTED)]
    asked = unseen_question(obs, card, "attack_unseen")
    ex = asked.exercise   # with the card detective's named slips, as the lesson judges them
    return replace(asked, exercise=replace(
        ex, prompt=msg("classgame.q_unseen", card=Cards((card,)), total=PLAY_DECK[card]),
        traps=unseen_traps(obs, card, int(ex.answers[0]))))  # type: ignore[call-overload]


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
