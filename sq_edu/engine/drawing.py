"""Drawing cards: refilling a hand to five, a jester's turn-up, and reshuffling the discard
pile into a new draw pile whenever a draw finds the pile empty (docs/rules.md section 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chance import shuffle
from .moves import TOKEN

if TYPE_CHECKING:
    from .state import State


def draw_one(st: State) -> int | None:
    """The top card of the draw pile (reshuffling first if it is empty); None if no card is
    left anywhere."""
    draw = st.draw
    if not draw:
        if not st.discard:
            return None
        reshuffle(st)
        draw = st.draw
    card = draw.pop()
    if st.known_bottom > len(draw):
        st.known_bottom = len(draw)
    return card


def reshuffle(st: State) -> None:
    draw = st.discard
    st.discard = []
    shuffle(st.rng, draw)
    st.draw = draw
    st.known_bottom = 0
    st.log.append(("reshuffle", None, (), None, None, None, len(draw)))


def refill(st: State, seat: int) -> None:
    """`seat` draws up to the hand size, reshuffling as often as needed."""
    hand = st.hands[seat]
    need = st.hand_size - len(hand)
    draw = st.draw
    if 0 < need <= len(draw):  # the common case: no reshuffle
        got = draw[-need:]
        del draw[-need:]
        got.reverse()
        if st.known_bottom > len(draw):
            st.known_bottom = len(draw)
        hand += got
        st.log.append(("draw", seat, tuple([TOKEN[c] for c in got]), None, None, None,
                       need, (), True))
        return
    got = []
    while need > 0:
        draw = st.draw
        if not draw:
            if not st.discard:
                break
            if got:
                _log_draw(st, seat, got)
                got = []
            reshuffle(st)
            draw = st.draw
        take = min(need, len(draw))
        cards = draw[-take:]
        del draw[-take:]
        cards.reverse()
        got += cards
        need -= take
    if st.known_bottom > len(st.draw):
        st.known_bottom = len(st.draw)
    if got:
        _log_draw(st, seat, got)


def _log_draw(st: State, seat: int, cards: list[int]) -> None:
    st.hands[seat] += cards
    st.log.append(("draw", seat, tuple([TOKEN[c] for c in cards]), None, None, None,
                   len(cards), (), True))
