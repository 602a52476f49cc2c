"""Legal moves: one pure function of the game state (OpenSpiel's `legal_actions`).

The order is fixed (king moves by slot, attacks by seat and queen, the jester, then the
discards: singles, pairs, equations) so that seeded bots replay identically.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import QUEEN_POINTS, SLOTS
from .discards import hand_moves
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
    from .game import Game


def generate(game: Game) -> list[Move]:
    """Every move `game.current_player` may make now: one pure function of the state."""
    if game._pending is not None or game._over:
        return generate_pending(game)
    seat = game._active
    hand = game._hands[seat]
    if not hand:
        return []
    has_king, has_knight, has_potion, base = hand_moves(tuple(sorted(hand)), game._eqs)
    if not (has_king or has_knight or has_potion):
        return list(base)
    moves: list[Move] = []
    if has_king:
        wakes = game._wakes
        if wakes is None:
            slots = game._slots
            wakes = game._wakes = [WAKE_MOVES[i] for i in range(SLOTS) if slots[i] is not None]
        moves += wakes
    if has_knight or has_potion:
        for target in game._opponents[seat]:
            for queen in game._awake[target]:
                if has_knight:
                    moves.append(STEAL_MOVES[target][queen])
                if has_potion:
                    moves.append(SLEEP_MOVES[target][queen])
    moves += base
    return moves

def generate_pending(game: Game) -> list[Move]:
    """The answers to a pending decision (none once the game is over)."""
    pending = game._pending
    if game._over or pending is None:
        return []
    kind, slots = pending[0], game._slots
    if kind == "block":
        _, _defender, attacker, queen, attack = pending
        card = TOKEN[DRAGON_C] if attack == "steal" else TOKEN[WAND_C]
        return [make_move("block", (card,), attacker, queen),
                make_move("allow", (), attacker, queen)]
    if kind == "rose" or kind == "jester_wake":
        return [CHOOSE_SLOT[i] for i in range(SLOTS) if slots[i] is not None]
    if kind == "jester_pick":
        return [CHOOSE_CARD[c] for c in sorted(set(game._revealed))]
    return [CHOOSE_SLOT[i] for i in range(SLOTS) if slots[i] is None]


STEAL_MOVES = [{q: make_move("steal", ("knight",), t, q) for q in QUEEN_POINTS} for t in range(5)]
SLEEP_MOVES = [{q: make_move("sleep", ("potion",), t, q) for q in QUEEN_POINTS} for t in range(5)]
