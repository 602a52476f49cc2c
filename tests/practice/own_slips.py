"""Learners who make one named error on their own, from the item's premises (#38 item 4).

The carrying learner of learners.py answers the wrong value the generator dealt (a trap), so
the message it gets is named by construction. These learners work the error out from the
position itself (the cards seen, the queens, the scores) and answer it even where the
generator dropped that trap; the share of their wrong answers that gets the error's message
is what a teacher would see.

`SLIPS` maps each learner to (the generators it applies to, the message key it should get,
the answer it gives or None where the error cannot be made).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from sq_edu.engine.cards import PLAY_DECK
from sq_edu.practice import Exercise
from sq_edu.practice.exercise import FRACTION, PERCENT
from sq_edu.practice.lesson import Lesson

Slip = Callable[[Exercise], object]


def _chance_parts(ex: Exercise) -> tuple[tuple[object, ...], object] | None:
    """The cards asked about and the position of a "what is the chance" item."""
    obs = ex.observation
    if obs is None or "good" not in ex.extra:
        return None
    card = ex.extra.get("card", ex.extra.get("numbers"))
    wanted = tuple(card) if isinstance(card, (tuple, list)) else (card,)
    return wanted, obs


def _typed(ex: Exercise, value: Fraction) -> object:
    if ex.kind == PERCENT:
        return f"{round(float(value * 100))}%"
    if ex.kind == FRACTION and ex.extra.get("form") == "out_of":
        return f"{value.numerator} out of {value.denominator}"
    return f"{value.numerator}/{value.denominator}"


def _typed_counts(ex: Exercise, good: int, total: int) -> object:
    if ex.kind == FRACTION and ex.extra.get("form") == "out_of":
        return f"{good} out of {total}"
    return _typed(ex, Fraction(good, total)) if total else None


def whole_deck(ex: Exercise) -> object:
    """Counts the cards in the whole deck, not the ones not seen yet."""
    parts = _chance_parts(ex)
    if parts is None:
        return None
    wanted, _ = parts
    good = sum(PLAY_DECK[c] for c in wanted)  # type: ignore[index]
    return _typed_counts(ex, good, sum(PLAY_DECK.values()))


def seen_over_seen(ex: Exercise) -> object:
    """Puts the wanted cards already seen over all the cards seen."""
    from sq_edu.maths import located

    parts = _chance_parts(ex)
    if parts is None:
        return None
    wanted, obs = parts
    seen = located(obs)  # type: ignore[arg-type]
    total = sum(seen.values())
    return _typed_counts(ex, sum(seen[c] for c in wanted), total) if total else None  # type: ignore[index]


def draw_pile(ex: Exercise) -> object:
    """Divides by the draw pile only."""
    parts = _chance_parts(ex)
    if parts is None or not parts[1].draw_size:  # type: ignore[attr-defined]
        return None
    return _typed_counts(ex, int(ex.extra["good"]), parts[1].draw_size)  # type: ignore[attr-defined,call-overload]


def odds(ex: Exercise) -> object:
    """Puts the good cards over the other cards."""
    good, total = int(ex.extra.get("good", 0)), int(ex.extra.get("total", 0))  # type: ignore[call-overload]
    return _typed_counts(ex, good, total - good) if 0 < good < total else None


def own_hand_chance(ex: Exercise) -> object:
    """Counts the own hand among the cards not seen yet."""
    parts = _chance_parts(ex)
    if parts is None or not parts[1].hand:  # type: ignore[attr-defined]
        return None
    wanted, obs = parts
    own = sum(1 for c in obs.hand if c in wanted)  # type: ignore[attr-defined]
    return _typed_counts(ex, int(ex.extra["good"]) + own,  # type: ignore[call-overload]
                         int(ex.extra["total"]) + len(obs.hand))  # type: ignore[attr-defined,call-overload]


def even_chance(ex: Exercise) -> object:
    """Anything possible (not none, not all) is an even chance."""
    good, n = int(ex.extra["good"]), int(ex.extra["total"])  # type: ignore[call-overload]
    return "even" if 0 < good < n else None


def count_only(ex: Exercise) -> object:
    """Judges by how many there are, not out of how many: 0 impossible, 1 unlikely, 2 even..."""
    good = int(ex.extra["good"])  # type: ignore[call-overload]
    return ("impossible", "unlikely", "even", "likely", "certain")[min(good, 4)]


def last_queen(ex: Exercise) -> object:
    """Leaves out the last queen named."""
    from sq_edu.engine.cards import QUEEN_POINTS

    queens = list(ex.extra["queens"])  # type: ignore[call-overload]
    if len(queens) < 2:
        return None
    return sum(QUEEN_POINTS[q] for q in queens[:-1])


def forgets_lower(ex: Exercise) -> object:
    """Takes the score minus 100 (or 250) and forgets "the lower of"."""
    return int(ex.extra["before"]) - (100 if ex.extra["queens"] == 3 else 250)  # type: ignore[call-overload]


def own_hand_count(ex: Exercise) -> object:
    """Counts the cards not seen yet but forgets the ones in the own hand."""
    from sq_edu.maths import unseen

    obs, card = ex.observation, ex.extra.get("card")
    if obs is None or not isinstance(card, str):
        return None
    return unseen(obs)[card] + obs.hand.count(card)


def own_dragons(ex: Exercise) -> object:
    """Forgets the dragons in the own hand: a "no" (every dragon found) becomes "maybe", with
    the own dragons counted as not seen yet."""
    from sq_edu.engine.cards import DRAGON
    from sq_edu.practice.generators.detective import pair_id

    obs = ex.observation
    if obs is None or DRAGON not in obs.hand or ex.extra.get("verdict") != "no":
        return None
    return pair_id("maybe", obs.hand.count(DRAGON))


_CHANCES = ("chances.next_card", "chances.jester_wake")
SLIPS: dict[str, tuple[tuple[str, ...], str, Slip]] = {
    "whole deck": (_CHANCES, "mistakes.chance_whole_deck", whole_deck),
    "seen over seen": (_CHANCES, "mistakes.chance_seen_over_seen", seen_over_seen),
    "draw pile": (_CHANCES, "lessons.ch_trap_draw_pile", draw_pile),
    "odds": (_CHANCES, "lessons.ch_trap_odds", odds),
    "own hand (chance)": (_CHANCES, "lessons.ch_trap_own_hand", own_hand_chance),
    "even chance": (("chances.words",), "mistakes.words_even", even_chance),
    "count only": (("chances.words",), "mistakes.words_count_only", count_only),
    "last queen": (("queens.sum",), "lessons.qp_trap_left_out", last_queen),
    "forgets the lower of": (("dungeon.dungeon",), "dungeon.ex_trap_dungeon_lower",
                             forgets_lower),
    "own hand (count)": (("detective.unseen",), "lessons.det_trap_own_hand", own_hand_count),
    "own dragons": (("detective.knight_block",), "mistakes.block_forgot_seen", own_dragons),
}


def named_shares(lesson: Lesson, level: int, items: Iterable[Exercise]
                 ) -> dict[str, tuple[int, float]]:
    """For each error a child may make on this level: how many of `items` it answers wrong,
    and the share of those wrong answers whose message names it."""
    from sq_edu.practice import check

    found = {}
    generator = lesson.levels[level - 1].generator
    for name, (generators, key, slip) in SLIPS.items():
        if generator not in generators:
            continue
        said = [check(ex, answer) for ex in items if (answer := slip(ex)) is not None]
        wrong = [j for j in said if not j.correct]
        found[name] = (len(wrong), sum(j.misconception == key for j in wrong) / len(wrong)
                       if wrong else 1.0)
    return found
