"""Scenario building and invariant checks shared by the engine tests."""

from __future__ import annotations

import random
from collections import Counter

from sq_edu.engine import Game, Move
from sq_edu.engine.cards import PLAY_DECK, QUEENS, sort_key
from sq_edu.engine.moves import CODE
from sq_edu.engine.observation import HIDDEN


def position(hands: list[list], *, awake: list[list[str]] | None = None,
             slots: list | None = None, top: list | None = None, discard: list | None = None,
             current: int = 0, rules: str = "official", seed: int = 0,
             empty_draw: bool = False) -> Game:
    """A `from_setup` game where the test names only what matters.

    Queens not awake lie in slots 0, 1, ... in table order unless `slots` is given; `top` are
    the first cards of the draw pile; every other play card goes under them (in a fixed order),
    or onto the discard pile with `empty_draw`."""
    players = len(hands)
    awake = awake or [[] for _ in range(players)]
    if slots is None:
        held = {q for a in awake for q in a}
        rest = [q for q in QUEENS if q not in held]
        slots = rest + [None] * (12 - len(rest))
    discard = list(discard or [])
    top = list(top or [])
    left = Counter(PLAY_DECK)
    left.subtract(c for h in hands for c in h)
    left.subtract(discard)
    left.subtract(top)
    assert not -left, f"test setup uses too many {dict(-left)}"
    rest_cards = sorted(left.elements(), key=sort_key)
    if empty_draw:
        draw, discard = top, discard + rest_cards
    else:
        draw = top + rest_cards
    return Game.from_setup({"players": players, "hands": hands, "awake": awake, "slots": slots,
                            "draw": draw, "discard": discard, "current": current,
                            "seed": seed}, rules=rules)


def find(game: Game, kind: str, **fields: object) -> Move:
    """The one legal move of `kind` matching `fields` (fails the test if there is none)."""
    for move in game.legal_moves():
        if move.kind == kind and all(getattr(move, k) == v for k, v in fields.items()):
            return move
    raise AssertionError(f"no legal {kind} {fields} in {game.legal_moves()}")


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def check_invariants(game: Game) -> None:
    """After every move: the 79 cards are each somewhere exactly once, hands hold at most 5,
    someone can move unless the game is over."""
    cards = Counter()
    for seat in range(game.players):
        hand = game.hand(seat)
        assert len(hand) <= 5, f"seat {seat} holds {len(hand)} cards"
        cards.update(hand)
    cards.update(game.draw_pile)
    cards.update(game.discard_pile)
    cards.update(game.observe(0).revealed if game.pending == "jester_pick" else ())
    assert cards == Counter(PLAY_DECK), cards - Counter(PLAY_DECK) or Counter(PLAY_DECK) - cards
    queens = [q for q in game.slots if q is not None]
    for seat in range(game.players):
        queens += game.awake(seat)
    if game.in_transit is not None:
        queens.append(game.in_transit)  # on her way to a slot
    assert sorted(queens) == sorted(QUEENS)
    assert bool(game.legal_moves()) != game.is_over


_DECK_CODES = sorted(CODE[c] for c, k in PLAY_DECK.items() for _ in range(k))
_QUEENS = sorted(QUEENS)


def fast_invariants(game: Game, legal: list) -> None:
    """`check_invariants` on the engine's internals, cheap enough for 10,000 games."""
    st = game.state
    cards = [c for h in st.hands for c in h]
    assert all(len(h) <= 5 for h in st.hands)
    cards += st.draw
    cards += st.discard
    cards += st.revealed
    cards.sort()
    assert cards == _DECK_CODES
    queens = [q for q in st.slots if q is not None]
    for a in st.awake:
        queens += a
    if st.pending is not None and st.pending.in_transit is not None:
        queens.append(st.pending.in_transit)
    queens.sort()
    assert queens == _QUEENS
    assert bool(legal) != game.is_over
    assert st.asleep == sum(q is not None for q in st.slots)
    assert st.pts == [game.points(s) for s in range(game.players)]


def check_observation(game: Game, seat: int) -> None:
    """The seat's observation holds its own hand and nothing of any other hand."""
    obs = game.observe(seat)
    assert obs.hand == game.hand(seat)
    assert obs.hand_sizes == tuple(len(game.hand(s)) for s in range(game.players))
    assert obs.points == tuple(game.points(s) for s in range(game.players))
    assert obs.awake == tuple(game.awake(s) for s in range(game.players))
    for e in obs.events:
        if e.kind == "draw" and e.seat != seat:
            assert e.cards == (), "another seat's draw leaked"
    for other, known in enumerate(obs.known_in_hands):
        assert not Counter(known) - Counter(game.hand(other)), "known_in_hands is wrong"
    for truth, seen in zip(game.slots, obs.slots, strict=True):
        assert seen is None if truth is None else seen in (truth, HIDDEN)
    names = {f.name for f in obs.__dataclass_fields__.values()}
    assert "hands" not in names and "draw_pile" not in names


def random_playout(game: Game, rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if game.is_over:
            return
        game.play(rng.choice(game.legal_moves()))
    raise AssertionError("game did not end")
