"""What the coach says besides questions: the bots' reasoning and the summary after a game.

The bots' explanations use only what the child can see too (the discard pile and cards shown
in hands): a counting bot reasons the same way with its own hand added, which the child never
sees, so the coach says "at most" where the bot knew more.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq_edu.engine.cards import PLAY_DECK, is_number
from sq_edu.engine.observation import Event, Observation
from sq_edu.i18n.words import BotSeat, Term
from sq_edu.practice.coach.coach import Coach
from sq_edu.practice.messages import Msg, discard_words, msg

ATTACK_CARDS: dict[str, str] = {"knight": "dragon", "potion": "wand"}
# After a game: one thing to try next time, for the skill with the most wrong answers.
TRY_NEXT: dict[str, str] = {
    "counting_unseen": "play.coach_try_counting", "chance_holds": "play.coach_try_holds",
    "chance_count": "play.coach_try_chance", "chance_fraction": "play.coach_try_chance",
    "chance_percent": "play.coach_try_chance", "jester_count": "play.coach_try_jester",
    "sums_within_10": "play.coach_try_discard", "three_addends": "play.coach_try_discard",
}


def public_out(obs: Observation, card: str) -> int:
    """How many of `card` nobody has shown: not in the discard pile, not shown in a hand."""
    shown = sum(1 for c in obs.discard_pile if c == card)
    shown += sum(1 for known in obs.known_in_hands for c in known if c == card)
    return max(PLAY_DECK[card] - shown, 0)


def explain_bot_turn(obs: Observation, seat: int, events: list[Event]) -> Msg | None:
    """Why a counting bot at `seat` did what it did this turn, told from the child's view.

    An attack: it attacks when a block looks unlikely. A turn without an attack while some
    other player had a queen awake: if it held a knight, it had counted too many dragons
    still hidden. None for anything else (nothing worth explaining).
    """
    mine = [e for e in events if e.seat == seat]
    attack = next((e for e in mine if e.kind == "play" and e.target is not None
                   and e.cards and e.cards[0] in ATTACK_CARDS), None)
    if attack is not None:
        defence = ATTACK_CARDS[str(attack.cards[0])]
        return msg("play.coach_bot_attacked", player=BotSeat(seat), attack=_card(attack.cards[0]),
                   card=_card(defence), n=public_out(obs, defence), total=PLAY_DECK[defence])
    discarded = next((e for e in mine if e.kind == "discard"), None)
    others_awake = any(obs.awake[s] for s in range(obs.players) if s != seat)
    if discarded is None or not others_awake or not all(is_number(c) for c in discarded.cards):
        return None
    return msg("play.coach_bot_no_attack", player=BotSeat(seat), n=public_out(obs, "dragon"),
               total=PLAY_DECK["dragon"])


def _card(token: object) -> Term:
    """A card named with its case forms ("рыцарем", "драконов"), from the one card glossary."""
    return Term(f"common.card_{token}")


@dataclass(frozen=True)
class Summary:
    """After a game: what the child did with the coach, and one thing to try next time."""

    right: int
    answered: int
    best_discard: str           # "2 + 3 = 5", or "" when no discard of 2+ cards was played
    try_next: Msg
    waiting: int = 0            # questions put aside, to answer after the game

    def lines(self) -> list[Msg]:
        if self.answered:
            out = [msg("play.coach_sum_right", right=self.right, n=self.answered)]
        else:   # never "0 of 0": say what there is to do instead
            out = [msg("play.coach_sum_waiting", n=self.waiting)] if self.waiting else []
        if self.best_discard:
            out.append(msg("play.coach_sum_best", equation=discard_words(self.best_discard)))
        out.append(self.try_next)
        return out


def summary(coach: Coach) -> Summary:
    """The post-game summary of one coach's game."""
    from sq_edu.maths import make_discard

    right, answered = coach.right_wrong()
    best = ""
    numbers = [int(c) for c in coach.best_discard if is_number(c)]
    if len(numbers) >= 2 and len(numbers) == len(coach.best_discard):
        made = make_discard(numbers)
        best = made.equation if made is not None else best
    wrong: dict[str, int] = {}
    for asked in coach.history:
        if asked.correct is not True:
            wrong[asked.skill] = wrong.get(asked.skill, 0) + 1
    if wrong:
        skill = max(sorted(wrong), key=lambda s: wrong[s])
        tip = msg(TRY_NEXT.get(skill, "play.coach_try_detective"))
    elif answered:
        tip = msg("play.coach_try_detective")
    elif coach.level in ("quiz", "detective"):   # the coach asked: the child did not answer
        tip = msg("play.coach_try_answer")
    else:
        tip = msg("play.coach_try_quiz")
    return Summary(right, answered, best, tip, len(coach.skipped))
