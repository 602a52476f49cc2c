"""`maths.find_discards` (what the lessons teach) and the engine's legal discards (what the
game allows) are two separate finders: they must agree on every hand."""

from __future__ import annotations

import random

import pytest

from sq_edu.engine import Game
from sq_edu.engine.cards import PLAY_DECK, sort_key
from sq_edu.maths import find_discards

DECK = [card for card, n in PLAY_DECK.items() for _ in range(n)]


@pytest.mark.parametrize("rules", ["official", "kids"])
def test_find_discards_agrees_with_the_engine_on_random_hands(rules: str) -> None:
    rng = random.Random(17)
    checked_equations = 0
    for _ in range(250):
        cards = rng.sample(DECK, 10)
        hand, other = cards[:5], cards[5:]
        if rng.random() < 0.5:  # number-rich hands, where the long equations are
            hand = [rng.randint(1, 10) for _ in range(5)]
            other = [c for c in other if c not in hand][:5] or ["king"]
        game = Game.from_setup({"players": 2, "hands": [hand, other], "seed": 1}, rules=rules)
        engine = {m.cards for m in game.legal_moves() if m.kind == "discard" and len(m.cards) > 1}
        maths = {tuple(sorted(d.cards, key=sort_key)) for d in find_discards(hand, rules=rules)}
        assert maths == engine, (hand, rules)
        checked_equations += sum(len(c) > 2 for c in engine)
    if rules == "official":
        assert checked_equations > 40  # the interesting case was really tested
    else:
        assert checked_equations == 0  # kids: pairs only, in both finders
