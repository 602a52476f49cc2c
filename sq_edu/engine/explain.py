"""Why a move is refused, in plain words (English here, Russian in the `engine` catalogue).

Only reached when `Game.play` gets something not in `legal_moves()`, so it can afford to look
at the position carefully and name the first rule the move breaks.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Protocol

from .cards import QUEEN_POINTS, SLOTS, is_number, parse_card, sort_key
from .moves import MOVE_KINDS, IllegalMove, Move, find_move
from .observation import PendingKind
from .rules import Rules


class Position(Protocol):
    """What the reasons read of a game (a `Game` is one), so this module need not import it."""

    rules: Rules
    players: int

    @property
    def is_over(self) -> bool: ...
    @property
    def pending(self) -> PendingKind | None: ...
    @property
    def current_player(self) -> int: ...
    @property
    def slots(self) -> tuple[str | None, ...]: ...
    def hand(self, seat: int) -> tuple[Any, ...]: ...
    def awake(self, seat: int) -> tuple[str, ...]: ...
    def opponents(self, seat: int) -> tuple[int, ...]: ...
    def legal_moves(self) -> list[Move]: ...

ACTION_CARD = {"wake": "king", "steal": "knight", "sleep": "potion", "jester": "jester"}
# Fields each kind of turn action leaves empty.
UNUSED = {"wake": ("target", "queen"), "steal": ("slot",), "sleep": ("slot",),
          "jester": ("target", "queen", "slot"), "discard": ("target", "queen", "slot")}


def normalize(move: object) -> Move | None:
    """The move meaning the same as `move` (cards parsed, discards sorted; the interned one if
    the engine ever offered it), or None."""
    if not isinstance(move, Move):
        return None
    try:
        cards = tuple(parse_card(c) for c in move.cards)
    except (ValueError, TypeError):
        return None
    if move.kind == "discard":
        cards = tuple(sorted(cards, key=sort_key))
    queen = move.queen.strip().lower() if isinstance(move.queen, str) else move.queen
    try:
        return find_move(move.kind, cards, move.target, queen, move.slot)
    except (TypeError, ValueError):  # unhashable junk in a field
        return None


def why_illegal(game: Position, move: object) -> IllegalMove:
    if not isinstance(move, Move):
        return IllegalMove("not_a_move", value=repr(move)[:40])
    if game.is_over:
        return IllegalMove("game_over")
    if move.kind not in MOVE_KINDS:
        return IllegalMove("unknown_kind", kind=str(move.kind)[:20])
    found = normalize(move)
    if found is None:
        return IllegalMove("bad_cards")
    if game.pending is not None:
        return _pending_reason(game, found)
    if found.kind in ("block", "allow", "choose"):
        return IllegalMove("nothing_to_answer")
    unused = [name for name in UNUSED[found.kind] if getattr(found, name) is not None]
    if unused:
        return IllegalMove("stray_fields", kind=found.kind, fields=", ".join(unused))
    seat = game.current_player
    hand = Counter(game.hand(seat))
    if found.kind == "discard":
        return _discard_reason(game, found, hand)
    card = ACTION_CARD[found.kind]
    if found.cards != (card,):
        return IllegalMove("wrong_card", move=found.kind, card=card)
    if not hand[card]:
        return IllegalMove("no_card", card=card)
    if found.kind == "wake":
        if not isinstance(found.slot, int) or not 0 <= found.slot < SLOTS:
            return IllegalMove("no_such_slot", slot=found.slot)
        if game.slots[found.slot] is None:
            return IllegalMove("slot_empty", slot=found.slot)
    if found.kind in ("steal", "sleep"):
        return _attack_reason(game, found, seat, card)
    return IllegalMove("not_now")


def _attack_reason(game: Position, move: Move, seat: int, card: str) -> IllegalMove:
    targets = [t for t in game.opponents(seat) if game.awake(t)]
    if not targets:
        return IllegalMove("attack_needs_target", card=card)
    target = move.target
    if not isinstance(target, int) or isinstance(target, bool) \
            or not 0 <= target < game.players:
        return IllegalMove("no_such_seat", target=target)
    if target == seat:
        return IllegalMove("attack_self", card=card)
    if target not in game.opponents(seat):
        return IllegalMove("attack_partner", target=target)
    if move.queen not in QUEEN_POINTS:
        return IllegalMove("not_a_queen", queen=str(move.queen)[:20])
    if move.queen not in game.awake(target):
        return IllegalMove("no_such_queen", target=target, queen=move.queen)
    return IllegalMove("not_now")  # right card and target, but a stray field


def _discard_reason(game: Position, move: Move, hand: Counter[Any]) -> IllegalMove:
    cards = move.cards
    if not cards:
        return IllegalMove("discard_empty")
    lacking = Counter(cards) - hand
    if lacking:
        card = next(iter(lacking))
        return IllegalMove("no_card", card=card)
    if len(cards) >= 2 and not all(is_number(c) for c in cards):
        return IllegalMove("numbers_only")
    if len(cards) == 2:
        return IllegalMove("pair_unequal", a=cards[0], b=cards[1])
    if not game.rules.equations:
        return IllegalMove("no_equations", n=len(cards))
    numbers = sorted(int(c) for c in cards)
    left = " + ".join(str(n) for n in numbers[:-1])
    return IllegalMove("equation_wrong", left=left, total=sum(numbers[:-1]),
                       claimed=numbers[-1])


def _pending_reason(game: Position, move: Move) -> IllegalMove:
    kind, seat = game.pending, game.current_player
    if kind == "block":
        legal = game.legal_moves()
        card = legal[0].cards[0]
        attack = "knight" if card == "dragon" else "potion"
        return IllegalMove("pending_block", seat=seat, attack=attack, card=card)
    if kind == "jester_pick":
        if move.kind == "choose" and len(move.cards) == 1 and move.slot is None:
            return IllegalMove("pick_not_shown", card=move.cards[0])
        return IllegalMove("pending_pick", seat=seat)
    if move.kind != "choose" or not isinstance(move.slot, int) or move.cards:
        what = "pending_wake" if kind in ("rose", "jester_wake") else "pending_slot"
        return IllegalMove(what, seat=seat)
    if not 0 <= move.slot < SLOTS:
        return IllegalMove("no_such_slot", slot=move.slot)
    if kind in ("rose", "jester_wake"):
        return IllegalMove("choose_occupied", slot=move.slot)
    return IllegalMove("choose_empty", slot=move.slot)

