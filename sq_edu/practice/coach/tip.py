"""The coach's reward for a right answer: a tip for the child's next move, in the game's words.

The tip is the move the counting bot would make from the child's own `Observation` (it sees
nothing the child cannot), told as a suggestion ("Try stealing the Rose Queen from player 2:
a block is unlikely now"). No tip during a decision (a block, a slot to pick) or off turn.
"""

from __future__ import annotations

from dataclasses import dataclass

from sq_edu.bots import CountingBot
from sq_edu.engine.cards import is_number
from sq_edu.engine.moves import Move
from sq_edu.engine.observation import Observation
from sq_edu.i18n import render_param, t
from sq_edu.i18n.words import BotSeat, Term
from sq_edu.practice.messages import Cards, Msg, Tally, discard_words, msg


def move_tip(obs: Observation, legal: list[Move]) -> Msg | None:
    """What the coach suggests for this turn, or None when there is nothing to suggest."""
    from sq_edu.maths import make_discard

    if obs.is_over or obs.current_player != obs.seat or obs.pending is not None or not legal:
        return None
    move = CountingBot(0).choose(obs, legal)
    if move.kind == "wake":
        return msg("play.tip_wake", card=Term(f"common.card_{(move.cards or ('king',))[0]}"))
    if move.kind in ("steal", "sleep") and move.target is not None and move.queen:
        return msg(f"play.tip_{move.kind}", queen=Term(f"common.queen_{move.queen}"),
                   whom=BotSeat(move.target))
    if move.kind == "jester":
        return msg("play.tip_jester")
    if move.kind == "discard" and move.cards:
        numbers = [int(c) for c in move.cards if is_number(c)]
        made = make_discard(numbers) if len(numbers) >= 2 else None
        if made is not None and len(numbers) == len(move.cards):
            return msg("play.tip_discard_sum", equation=discard_words(made.equation),
                       n=len(numbers))
        return msg("play.tip_discard", cards=Cards(tuple(move.cards)))
    return None


def position_lines(obs: Observation) -> list[Msg]:
    """A question's position told in words, for answering it after the game: the turn and the
    hand, the discard pile by kind, cards shown from other hands, their hand sizes and awake
    queens (all a coach question can need; all from the child's own view)."""
    lines = [msg("play.coach_later_turn", turn=obs.turn, hand=Cards(tuple(obs.hand))),
             msg("play.coach_later_pile", pile=Tally(tuple(obs.discard_pile)))]
    others = [s for s in range(obs.players) if s != obs.seat]
    for seat in others:
        shown = obs.known_in_hands[seat] if seat < len(obs.known_in_hands) else ()
        if shown:
            lines.append(msg("play.coach_later_shown", whom=_player(seat), cards=Cards(shown)))
    lines.append(msg("play.coach_later_hands", sizes=Listed(tuple(
        ("play.coach_later_size", {"player": BotSeat(seat), "n": obs.hand_sizes[seat]})
        for seat in others))))
    for seat in others:
        if obs.awake[seat]:
            lines.append(msg("play.coach_later_queens", whom=_player(seat), queens=Listed(
                tuple((f"common.queen_{q}", {}) for q in obs.awake[seat]))))
    return lines


def _player(seat: int) -> BotSeat:
    return BotSeat(seat)


@dataclass(frozen=True)
class Listed:
    """Catalogue entries (key, parameters) rendered in the learner's language, comma-joined."""

    items: tuple[tuple[str, dict[str, object]], ...]

    def render(self, lang: str = "en") -> str:
        return ", ".join(t(key, lang, **{k: render_param(v, lang) for k, v in params.items()})
                         for key, params in self.items)
