"""Moves a seat can make, and the error `Game.play` raises for anything else.

Inside the engine cards are small ints ("codes") so hands sort and hash fast: number cards are
themselves (1..10) and the power cards follow in table order (king 11 ... jester 16). Moves and
events always carry the public card tokens of `cards.py`.

Moves are interned: the engine hands out the same `Move` object for the same move, so `play`
can recognise a move from `legal_moves()` by identity before falling back to equality.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, get_args

from sq_edu.gamekit.errors import IllegalMove as IllegalMove  # shared by both engines

from .cards import (
    DRAGON,
    JESTER,
    KING,
    KNIGHT,
    NUMBERS,
    POTION,
    POWER_CARDS,
    SLOTS,
    WAND,
    Card,
)

# ---- card codes (engine-internal) -------------------------------------------------------------
KING_C, KNIGHT_C, DRAGON_C, POTION_C, WAND_C, JESTER_C = range(11, 17)
CODES: tuple[int, ...] = tuple(range(1, 17))
TOKEN: tuple[Card, ...] = (None, *NUMBERS, *POWER_CARDS)  # type: ignore[arg-type]  # slot 0 unused: tokens count from 1
CODE: dict[Card, int] = {tok: code for code, tok in enumerate(TOKEN) if tok is not None}
assert TOKEN[KING_C] == KING and TOKEN[JESTER_C] == JESTER and TOKEN[WAND_C] == WAND
assert TOKEN[KNIGHT_C] == KNIGHT and TOKEN[DRAGON_C] == DRAGON and TOKEN[POTION_C] == POTION

MoveKind = Literal["wake", "steal", "sleep", "jester", "discard", "block", "allow", "choose"]
MOVE_KINDS: tuple[str, ...] = get_args(MoveKind)


@dataclass(frozen=True)
class Move:
    """One decision of the seat whose turn it is (`Game.current_player`).

    - ``wake``: a king wakes the queen in ``slot`` (cards=("king",)).
    - ``steal``: a knight takes ``queen`` from seat ``target`` (cards=("knight",)).
    - ``sleep``: a potion puts ``queen`` of seat ``target`` to sleep (cards=("potion",)); the
      potion player then picks the empty slot with a ``choose`` move.
    - ``jester``: turn up the top card (cards=("jester",)).
    - ``discard``: an exchange: one card, a pair, or an equation (``cards`` sorted).
    - ``block`` / ``allow``: the attacked seat answers the attack of seat ``target`` on its
      ``queen`` with a dragon or wand (cards=(card,)), or lets it happen.
    - ``choose``: every other pending decision. With ``slot``: the slot to wake (rose bonus, the
      seat counted by a jester) or the empty slot a queen goes into (potion, cat/dog rule).
      With ``cards=(card,)``: the card kept from the three a royal-court jester shows.
    """

    kind: MoveKind
    cards: tuple[Card, ...] = ()
    target: int | None = None
    queen: str | None = None
    slot: int | None = None

    def __post_init__(self) -> None:
        """Refuse fields of the wrong type at once (`slot=True` or `slot=1.0` is not slot 1);
        whether the move is legal is `Game.play`'s question."""
        if not isinstance(self.kind, str):
            raise IllegalMove("bad_field", field="kind", value=repr(self.kind)[:20])
        if isinstance(self.cards, list):
            object.__setattr__(self, "cards", tuple(self.cards))
        elif not isinstance(self.cards, tuple):
            raise IllegalMove("bad_field", field="cards", value=repr(self.cards)[:20])
        for name in ("target", "slot"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int):
                raise IllegalMove("bad_field", field=name, value=repr(value)[:20])
        if self.queen is not None and not isinstance(self.queen, str):
            raise IllegalMove("bad_field", field="queen", value=repr(self.queen)[:20])

    def __str__(self) -> str:
        kind, cards = self.kind, self.cards
        if kind == "wake":
            return f"king wakes slot {self.slot}"
        if kind == "steal":
            return f"knight steals the {self.queen} queen from seat {self.target}"
        if kind == "sleep":
            return f"potion puts the {self.queen} queen of seat {self.target} to sleep"
        if kind == "jester":
            return "jester turns up a card"
        if kind == "discard":
            return "discard " + describe_discard(cards)
        if kind == "block":
            return f"{cards[0]} blocks seat {self.target}"
        if kind == "allow":
            return f"allow seat {self.target}'s attack on the {self.queen} queen"
        if self.slot is not None:
            return f"choose slot {self.slot}"
        return f"keep the {cards[0]}" if cards else "choose"


def describe_discard(cards: tuple[Card, ...]) -> str:
    """'7', 'pair of 3s', '2 + 3 = 5' (the equation reads with its sum last)."""
    if len(cards) == 1:
        return str(cards[0])
    if len(cards) == 2:
        return f"pair of {cards[0]}s"
    nums = sorted(int(c) for c in cards)
    return " + ".join(str(n) for n in nums[:-1]) + f" = {nums[-1]}"






# Every move the engine has offered as legal, by its fields. Only `make_move` (called by the
# move generators, whose moves form a bounded set) adds to it; a refused move never does, so a
# server taking moves from browsers does not grow it.
_MOVES: dict[tuple[Any, ...], Move] = {}

# Card codes of every interned discard move, by the move's id (interned moves live forever).
DISCARD_CODES: dict[int, tuple[int, ...]] = {}


def make_move(kind: MoveKind, cards: tuple[Card, ...] = (), target: int | None = None,
              queen: str | None = None, slot: int | None = None) -> Move:
    """The interned Move with these fields (for the move generators only)."""
    key = (kind, cards, target, queen, slot)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(kind, cards, target, queen, slot)
        if kind == "discard":
            DISCARD_CODES[id(move)] = tuple(CODE[c] for c in cards if c in CODE)
    return move


def find_move(kind: str, cards: tuple[Card, ...], target: int | None, queen: str | None,
              slot: int | None) -> Move:
    """The interned Move with these fields if the engine ever offered it, else a fresh one
    that is not kept (so it cannot be legal now, and costs no memory afterwards)."""
    key = (kind, cards, target, queen, slot)
    move = _MOVES.get(key)
    return move if move is not None else Move(kind, cards, target, queen, slot)  # type: ignore[arg-type]  # a find_move key's fields are a Move's (kind checked by the caller)


WAKE_MOVES: tuple[Move, ...] = tuple(make_move("wake", (KING,), slot=i) for i in range(SLOTS))
CHOOSE_SLOT: tuple[Move, ...] = tuple(make_move("choose", slot=i) for i in range(SLOTS))
CHOOSE_CARD: dict[int, Move] = {c: make_move("choose", (TOKEN[c],)) for c in CODES}
JESTER_MOVE = make_move("jester", (JESTER,))
