"""What each move does to the position (docs/rules.md section 3): the turn actions, the answers
to pending decisions, and the effects they share (waking, stealing, a jester's turn-up).

Every function changes a `State` and appends to its log; `Game.play` has already checked
that the move is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .drawing import draw_one, refill
from .ending import finish_action, points, threshold
from .moves import (
    CODE,
    DISCARD_CODES,
    DRAGON_C,
    JESTER_C,
    KING_C,
    KNIGHT_C,
    POTION_C,
    TOKEN,
    WAND_C,
    Move,
)
from .state import Pending

if TYPE_CHECKING:
    from .state import State

ROSE = "rose"
FEUD = {"cat": "dog", "dog": "cat"}


def act(st: State, move: Move) -> None:
    """The active seat's turn action."""
    seat = st.active
    hand = st.hands[seat]
    kind = move.kind
    log = st.log
    if kind == "discard":
        codes = DISCARD_CODES[id(move)]
        for c in codes:
            hand.remove(c)
        known = st.known_hands[seat]
        if known:  # cards a jester showed: one fewer such card is publicly known
            for c in codes:
                if c in known:
                    known.remove(c)
        st.discard += codes
        log.append(("discard", seat, move.cards))
        finish_action(st)
    elif kind == "wake":
        spend(st, seat, KING_C)
        log.append(("play", seat, move.cards, None, None, move.slot))
        wake(st, seat, move.slot)  # type: ignore[arg-type]  # a legal wake move always names its slot
    elif kind == "jester":
        spend(st, seat, JESTER_C)
        log.append(("play", seat, move.cards))
        jester(st, seat)
    else:  # steal / sleep
        steal = kind == "steal"
        spend(st, seat, KNIGHT_C if steal else POTION_C)
        target, queen = move.target, move.queen
        log.append(("play", seat, move.cards, target, queen))
        if (DRAGON_C if steal else WAND_C) in st.hands[target]:  # type: ignore[index]  # a legal attack always names its target
            st.pending = Pending("block", target, seat, queen, kind)  # type: ignore[arg-type]  # a legal attack always names its target and queen
        else:
            # Logged as if the target had been asked and said no: the public record must not
            # tell "had nothing to block with" from "chose not to block" (docs/rules.md 5).
            log.append(("allow", target, (), seat, queen, None, None, (), True))
            attack_succeeds(st, seat, target, queen, steal)  # type: ignore[arg-type]  # a legal attack always names its target and queen


def answer(st: State, move: Move) -> None:
    """The deciding seat's answer to the pending decision."""
    pending = st.pending
    assert pending is not None
    kind = pending.kind
    st.pending = None
    if kind == "block":
        defender, attacker, queen = pending.seat, pending.attacker, pending.queen
        steal = pending.attack == "steal"
        card = DRAGON_C if steal else WAND_C
        if move.kind == "block":
            spend(st, defender, card)
            st.log.append(("block", defender, move.cards, attacker, queen))
            refill(st, defender)
            finish_action(st)
        else:  # the card stays secret: only the defender's own view shows it
            st.log.append(("allow", defender, (TOKEN[card],), attacker, queen, None, None, (),
                           True))
            attack_succeeds(st, attacker, defender, queen, steal)  # type: ignore[arg-type]  # a pending block holds the attack's target and queen
    elif kind == "rose" or kind == "jester_wake":
        wake(st, pending.seat, move.slot)  # type: ignore[arg-type]  # a legal wake move always names its slot
    elif kind == "jester_pick":
        jester_keep(st, pending.seat, CODE[move.cards[0]])
    else:  # potion_slot / catdog_slot: a queen goes face down into an empty slot
        slot, queen = move.slot, pending.queen
        st.slots[slot] = queen  # type: ignore[index]  # a legal wake move always names its slot
        st.asleep += 1
        st.wakes = None
        st.known[slot] = True  # type: ignore[index]  # a legal wake move always names its slot
        if kind == "potion_slot":
            st.log.append(("sleep", pending.seat, (), pending.victim, queen, slot))
        else:
            st.log.append(("return", pending.seat, (), None, queen, slot))
        finish_action(st)


def attack_succeeds(st: State, attacker: int, target: int, queen: str, steal: bool) -> None:
    if steal:
        steal_queen(st, attacker, target, queen)
    else:  # a potion: the queen waits for her slot
        lose(st, target, queen)
        st.pending = Pending("potion_slot", attacker, queen=queen, victim=target)


def spend(st: State, seat: int, code: int) -> None:
    st.hands[seat].remove(code)
    known = st.known_hands[seat]  # one fewer such card is publicly known in that hand
    if known and code in known:
        known.remove(code)
    st.discard.append(code)


def wake(st: State, seat: int, slot: int) -> None:
    """`seat` wakes the queen in `slot` from the centre (king, jester count, rose bonus)."""
    queen = st.slots[slot]
    assert queen is not None
    st.slots[slot] = None
    st.known[slot] = False
    st.wakes = None
    st.log.append(("wake", seat, (), None, queen, slot))
    if st.feud and queen in FEUD and FEUD[queen] in st.awake[seat]:
        st.slots[slot] = queen
        st.known[slot] = True
        st.log.append(("return", seat, (), None, queen, slot))
        finish_action(st, None)
        return
    st.asleep -= 1
    gain(st, seat, queen)
    if queen == ROSE and st.rules.rose_bonus and st.asleep and not threshold(st, seat):
        st.pending = Pending("rose", seat)
        return
    finish_action(st, seat)


def gain(st: State, seat: int, queen: str) -> None:
    st.awake[seat].append(queen)
    st.pts[seat] = points(st, seat)


def lose(st: State, seat: int, queen: str) -> None:
    st.awake[seat].remove(queen)
    st.pts[seat] = points(st, seat)


def steal_queen(st: State, thief: int, victim: int, queen: str) -> None:
    lose(st, victim, queen)
    st.log.append(("steal", thief, (), victim, queen))
    if st.feud and queen in FEUD and FEUD[queen] in st.awake[thief]:
        st.pending = Pending("catdog_slot", thief, queen=queen)
        return
    gain(st, thief, queen)
    finish_action(st, thief)


def jester(st: State, seat: int) -> None:
    peek = st.rules.jester_peek
    shown = []
    for _ in range(peek):
        card = draw_one(st)
        if card is None:
            break
        shown.append(card)
    st.log.append(("jester_reveal", seat, tuple(TOKEN[c] for c in shown)))
    if not shown:  # no card left anywhere (only in odd scenario positions)
        finish_action(st)
        return
    if peek > 1:
        st.revealed = shown
        st.pending = Pending("jester_pick", seat)
        return
    jester_result(st, seat, shown[0])


def jester_keep(st: State, seat: int, card: int) -> None:
    others = st.revealed
    others.remove(card)
    st.revealed = []
    st.log.append(("jester_keep", seat, (TOKEN[card],)))
    if others:
        st.draw[0:0] = others[::-1]
        st.known_bottom += len(others)
        st.log.append(("to_bottom", seat, tuple(TOKEN[c] for c in others)))
    jester_result(st, seat, card)


def jester_result(st: State, seat: int, card: int) -> None:
    if card > 10:  # a power card: into the hand, and another turn
        st.hands[seat].append(card)
        st.known_hands[seat].append(card)
        st.turn += 1
        st.log.append(("turn", seat))
        return
    st.discard.append(card)
    counted = (seat + card - 1) % st.players
    st.log.append(("jester_count", seat, (card,), counted))
    st.pending = Pending("jester_wake", counted)
