"""How a chance is worked out and where it goes wrong: the worked steps, the traps of known
slips and the exact answer with its reason, shared by the chance items (chances.py)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sq_edu.engine.cards import is_number
from sq_edu.engine.observation import Observation
from sq_edu.i18n.format import Number, Percent
from sq_edu.i18n.words import Term

from ..exercise import traps
from ..messages import Cards, Msg, msg
from .detective import last_play


def chance_traps(obs: Observation, good: int, total: int,
                 wanted: tuple[Any, ...]) -> tuple[Any, ...]:
    """Wrong chances a known slip gives: the draw pile as the denominator, the own hand counted
    as unseen, the card just played forgotten, the other cards as the denominator (odds)."""
    mine = [c for c in obs.hand]
    own = sum(1 for c in mine if c in wanted)
    just = last_play(obs)
    fresh = sum(1 for c in just if c in wanted)
    return traps((Fraction(good, total),),
                 (Fraction(good, obs.draw_size) if 0 < obs.draw_size != total else None,
                  msg("lessons.ch_trap_draw_pile", draw=obs.draw_size, total=total)),
                 (Fraction(good + own, total + len(mine)) if mine else None,
                  msg("lessons.ch_trap_own_hand", n=len(mine))),
                 (Fraction(good + fresh, total + len(just)) if just else None,
                  msg("lessons.ch_trap_last_play", cards=Cards(just))),
                 (Fraction(good, total - good) if 0 < good < total else None,
                  msg("lessons.ch_trap_odds", good=good, other=total - good, total=total)))


def counting_traps(obs: Observation, wanted: tuple[Any, ...], chance: Fraction,
                   found: tuple[Any, ...], points: int = -1) -> tuple[Any, ...]:
    """`found` and the counting slips (the whole deck over the whole deck, the seen over the
    seen) where the answer is more than `points` percentage points away (a percent: where
    each slip before them, typed as a whole percent, stays the nearest to its own). The whole
    deck takes the place of a slip with its very value (at the start the own hand is all that
    is seen: "8 out of 67" is the whole deck's count)."""
    from sq_edu.engine.cards import PLAY_DECK
    from sq_edu.maths import located

    deck = sum(PLAY_DECK.values())
    seen = located(obs)
    shown = sum(seen.values())
    more = ((Fraction(sum(PLAY_DECK[c] for c in wanted), deck),
             msg("mistakes.chance_whole_deck", deck=deck)),
            (Fraction(sum(seen[c] for c in wanted), shown) if shown else None,
             msg("mistakes.chance_seen_over_seen")))
    whole = more[0][0]
    kept = [(v, more[0][1] if Fraction(v) == whole else why) for v, why in found]
    for value, why in more:
        if value is not None and abs(value - chance) * 100 > points and (
                points < 0 or all(_still_nearest(Fraction(v), value) for v, _ in kept)):
            kept.append((value, why))
    return traps((chance,), *kept)


def _still_nearest(slip: Fraction, other: Fraction) -> bool:
    """A slip's chance typed as a whole percent is still nearer to it than to `other` (the
    checker names the nearest slip, the first of two as near)."""
    typed = Fraction(round(slip * 100), 100)
    return abs(typed - other) >= abs(typed - slip)


def _half_up(value: Fraction, places: int) -> Fraction:
    scale = 10 ** places
    return Fraction(int(value * scale + Fraction(1, 2)), scale)


def _percent_places(chance: Fraction) -> int:
    """Decimals the worked percent shows: one, unless the one-decimal percent would round to
    another whole percent than the answer ("56,5 %" but the answer 56 % for 35/62 = 56,45 %):
    then two, so a child rounding the shown number by hand gets the answer."""
    percent = chance * 100
    return 1 if _half_up(_half_up(percent, 1), 0) == _half_up(percent, 0) else 2


def chance_steps(card: Msg | Cards | Term, good: int, total: int, form: str) -> tuple[Msg, ...]:
    """The worked solution of a "what is the chance" item, ending in the form asked."""
    chance = Fraction(good, total)
    steps = [msg("lessons.ch_worked_total", total=total),
             msg("lessons.ch_worked_good_numbers" if isinstance(card, Cards) and all(
                 is_number(c) for c in card.cards) else "lessons.ch_worked_good",
                 card=card, good=good)]
    if form != "out_of":
        by = total // chance.denominator if chance else 1
        steps.append(msg("teaching.worked_fraction_simplified", good=good, total=total, by=by,
                         fraction=chance) if by > 1
                     else msg("teaching.worked_fraction_plain", good=good, total=total))
    if form == "percent":
        # A division is a decimal, not a percent: "18 : 42 ≈ 0,429 = 42,9 %", "=" when exact.
        if (chance * 100).denominator == 1:
            steps.append(msg("teaching.worked_percent_whole", good=good, total=total,
                             share=Number(chance, 2), exact=Percent(chance, 0)))
            return tuple(steps)
        places = _percent_places(chance)
        eq = "=" if (chance * 10 ** (places + 2)).denominator == 1 else "\u2248"
        steps.append(msg("teaching.worked_percent_steps", good=good, total=total, eq=eq,
                         share=Number(chance, places + 2), exact=Percent(chance, places),
                         percent=Percent(chance, 0)))
    return tuple(steps)


def holds_exact(chance: Fraction, target: int, hand: int, dragons: int, total: int,
                known: bool = False) -> Msg:
    """The exact chance with its reason: a fraction like 7705/32509 comes from counting every
    way the cards not seen yet could lie; 1 and 0 say why the answer is sure (a dragon known to
    be in that hand, or more cards in it than cards that are not dragons)."""
    if known:
        return msg("lessons.ch_holds_known", player=target + 1)
    if chance == 1:
        return msg("lessons.ch_holds_certain", player=target + 1, n=hand, other=total - dragons)
    if chance == 0:
        return msg("lessons.ch_holds_none")
    return msg("lessons.ch_holds_exact", fraction=chance, percent=Percent(chance, 0))
