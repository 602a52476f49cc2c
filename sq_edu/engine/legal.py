"""Legal moves: one pure function of the game state (OpenSpiel's `legal_actions`).

The order is fixed (king moves by slot, attacks by seat and queen, the jester, then the
discards: singles, pairs, equations) so that seeded bots replay identically.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from .cards import QUEEN_POINTS, SLOTS
from .discards import HandMoves, hand_moves
from .moves import (
    CHOOSE_CARD,
    CHOOSE_SLOT,
    DRAGON_C,
    TOKEN,
    WAKE_MOVES,
    WAND_C,
    Move,
    make_move,
)

if TYPE_CHECKING:
    from .state import State


def generate(st: State) -> Sequence[Move]:
    """Every move the current seat may make now: one pure function of the state. Often the
    very tuple kept for this hand, so nobody may change what this returns."""
    if st.pending is not None or st.over:
        return generate_pending(st)
    return turn_moves(st)


def turn_moves(st: State) -> Sequence[Move]:
    """`generate` for a turn action (no decision pending, the game not over)."""
    seat = st.active
    hand = st.hands[seat]
    if not hand:
        return []
    key = tuple(sorted(hand))
    by_hand = BY_HAND[st.eqs]
    found: HandMoves | None = by_hand.get(key)  # a plain dict, not a cache keyed (key, eqs)
    if found is None:
        found = by_hand[key] = hand_moves(key, st.eqs)
    has_king, has_knight, has_potion, base = found
    if not (has_king or has_knight or has_potion):
        return base
    moves: list[Move] = []
    if has_king:
        wakes = st.wakes
        if wakes is None:
            wakes = st.wakes = list(compress(WAKE_MOVES, st.slots))  # slots holding a queen
        moves += wakes
    if has_knight or has_potion:  # each awake queen of each opponent: steal, then sleep
        attacks = ATTACKS[has_knight + 2 * has_potion]
        for target in st.opponents[seat]:
            awake = st.awake[target]
            if awake:
                for pair in map(attacks[target].__getitem__, awake):
                    moves += pair
    moves += base
    return moves


def generate_pending(st: State) -> list[Move]:
    """The answers to a pending decision (none once the game is over)."""
    pending = st.pending
    if st.over or pending is None:
        return []
    kind, slots = pending.kind, st.slots
    if kind == "block":
        card = TOKEN[DRAGON_C] if pending.attack == "steal" else TOKEN[WAND_C]
        return [make_move("block", (card,), pending.attacker, pending.queen),
                make_move("allow", (), pending.attacker, pending.queen)]
    if kind == "rose" or kind == "jester_wake":
        return list(compress(CHOOSE_SLOT, slots))  # slots holding a queen
    if kind == "jester_pick":
        return [CHOOSE_CARD[c] for c in sorted(set(st.revealed))]
    return [CHOOSE_SLOT[i] for i in range(SLOTS) if slots[i] is None]


# What each sorted hand allows (`hand_moves`), without equations and with them.
BY_HAND: tuple[dict[tuple[int, ...], HandMoves], ...] = ({}, {})
STEAL_MOVES = [{q: make_move("steal", ("knight",), t, q) for q in QUEEN_POINTS} for t in range(5)]
SLEEP_MOVES = [{q: make_move("sleep", ("potion",), t, q) for q in QUEEN_POINTS} for t in range(5)]


def _attacks(knight: bool, potion: bool) -> list[dict[str, tuple[Move, ...]]]:
    """For each target seat and each of its queens: the attacks these cards allow on her, in
    the order of the legal moves (steal, then sleep)."""
    return [{q: (STEAL_MOVES[t][q],) * knight + (SLEEP_MOVES[t][q],) * potion
             for q in QUEEN_POINTS} for t in range(5)]


ATTACKS = [_attacks(bool(k & 1), bool(k & 2)) for k in range(4)]  # by knight? + 2 * potion?
