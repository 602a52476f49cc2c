"""Hand-built observations with a tiny unseen pool, and exhaustive enumeration over it."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from sq_edu.engine.cards import PLAY_DECK, Card
from sq_edu.engine.observation import Observation
from sq_edu.engine.rules import Rules


def make_obs(hand: list[Card], pool: list[Card], draw_size: int, hand_sizes: tuple[int, ...],
             known: dict[int, list[Card]] | None = None, known_bottom: tuple[Card, ...] = (),
             rules: str = "official", seat: int = 0, discard_extra: list[Card] = ()) -> Observation:
    """Seat `seat` holds `hand`; `pool` are the unseen cards (spread over the unknown part of
    the draw pile and the other hands); everything else lies in the discard pile."""
    known = known or {}
    players = len(hand_sizes)
    rest = Counter(PLAY_DECK)
    rest.subtract(hand)
    rest.subtract(pool)
    rest.subtract(known_bottom)
    for cards in known.values():
        rest.subtract(cards)
    assert min(rest.values()) >= 0, rest
    discard = tuple(rest.elements())
    hidden = sum(h - len(known.get(s, ())) for s, h in enumerate(hand_sizes) if s != seat)
    assert len(pool) == draw_size - len(known_bottom) + hidden, "pool must fill the unknown places"
    return Observation(
        seat=seat, players=players, rules=Rules.preset(rules), turn=1, current_player=seat,
        pending=None, hand=tuple(hand), hand_sizes=hand_sizes,
        awake=tuple(() for _ in range(players)), points=(0,) * players, slots=("?",) * 12,
        draw_size=draw_size, discard_pile=discard,
        known_in_hands=tuple(tuple(known.get(s, ())) for s in range(players)),
        known_bottom=known_bottom)


def deals(obs: Observation, pool: list[Card]):
    """Every equally likely placing of the unseen cards: (draw pile top first, hidden hands)."""
    unknown = obs.draw_size - len(obs.known_bottom)
    for order in permutations(pool):
        pile = list(order[:unknown]) + list(obs.known_bottom)
        hands, at = {}, unknown
        for s, size in enumerate(obs.hand_sizes):
            if s == obs.seat:
                continue
            k = size - len(obs.known_in_hands[s])
            hands[s] = list(order[at:at + k]) + list(obs.known_in_hands[s])
            at += k
        yield pile, hands
