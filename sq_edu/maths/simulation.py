"""Monte Carlo versions of the exact chances, for "predict, simulate, compare" lessons.

Each simulation deals the unseen cards at random exactly as the exact model in
`probability` assumes, so the estimate converges on the exact `Fraction`. With numpy (the
server, `sq_edu[server]`) the trials are vectorised with its `Generator`: a million draws take a
few tens of milliseconds. Without it (a browser running Pyodide, where numpy is not shipped) the
same trials run in pure Python with `random.Random`: slower, fine for the thousand trials a
lesson shows. numpy is imported here only, and only when a simulation runs, so no page pays for
it at import time. The two paths give different (equally valid) draws for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType

from sq_edu.engine.cards import Card
from sq_edu.engine.observation import Observation

from .probability import (
    _unknown_in_pile,
    next_card,
    p_at_least,
    p_draw,
    p_holds,
    tokens_of,
    unseen,
)


@dataclass(frozen=True)
class Simulation:
    """`hits` out of `n` simulated trials, next to the exact chance."""

    n: int
    hits: int
    exact: Fraction

    @property
    def estimate(self) -> float:
        return self.hits / self.n if self.n else 0.0

    @property
    def error(self) -> float:
        """Estimate minus exact value."""
        return self.estimate - float(self.exact)

    def __float__(self) -> float:
        return self.estimate


def numpy_or_none() -> ModuleType | None:
    """numpy if it is installed, else None (then the pure-Python path runs)."""
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def _draws_one(pool: list[bool], n: int, seed: int | None) -> int:
    """Hits among `n` cards picked at random (with replacement between trials) from `pool`."""
    np = numpy_or_none()
    if np is not None:
        flags = np.array(pool, dtype=bool)
        return int(flags[np.random.default_rng(seed).integers(0, len(flags), size=n)].sum())
    rng = random.Random(seed)
    return sum(pool[rng.randrange(len(pool))] for _ in range(n))


def _any_good(good: int, total: int, drawn: int, n: int, seed: int | None) -> int:
    """Trials (of `n`) in which `drawn` cards dealt without replacement from `total` cards, of
    which `good` are wanted, include a wanted one (the hypergeometric situation)."""
    if not n or not drawn:
        return 0
    np = numpy_or_none()
    if np is not None:
        found = np.random.default_rng(seed).hypergeometric(good, total - good, drawn, size=n)
        return int((found > 0).sum())
    rng = random.Random(seed)
    cards = range(total)   # cards 0..good-1 are the wanted ones
    return sum(min(rng.sample(cards, drawn)) < good for _ in range(n))


def simulate_draws(obs: Observation, tokens: Card | str | Iterable[Card | str], n: int,
                   seed: int | None = None, draws: int = 1) -> Simulation:
    """Deal the next card (or `draws` cards) `n` times; count the deals with one of `tokens`.

    `draws=1` picks a random card of the pool the next draw comes from; more draws sample
    without replacement from the unseen cards (a hypergeometric draw), the same situations
    `p_at_least` covers while they stay inside the unknown part of the pile.
    """
    want = tokens_of(tokens)
    n = max(int(n), 0)
    if draws <= 1:
        pool = [c in want for c in next_card(obs).elements()]
        if not pool or not n:
            return Simulation(n, 0, p_draw(obs, want))
        return Simulation(n, _draws_one(pool, n, seed), p_draw(obs, want))
    if draws > _unknown_in_pile(obs):
        raise ValueError("simulate up to the unknown part of the draw pile "
                         f"({_unknown_in_pile(obs)} cards), not {draws}")
    unseen_cards = unseen(obs)
    good = sum(unseen_cards[c] for c in want)
    total = sum(unseen_cards.values())
    return Simulation(n, _any_good(good, total, draws, n, seed), p_at_least(obs, want, draws))


def simulate_holds(obs: Observation, seat: int, tokens: Card | str | Iterable[Card | str],
                   n: int, seed: int | None = None) -> Simulation:
    """Deal `seat`'s unknown cards from the unseen ones `n` times; count hands with a token."""
    want = tokens_of(tokens)
    exact = p_holds(obs, seat, want)
    known = obs.known_in_hands[seat] if seat < len(obs.known_in_hands) else ()
    if seat == obs.seat or any(c in want for c in known):
        return Simulation(n, int(exact) * n, exact)
    pool = unseen(obs)
    good = sum(pool[c] for c in want)
    total = sum(pool.values())
    hidden = min(max(obs.hand_sizes[seat] - len(known), 0), total)
    return Simulation(n, _any_good(good, total, hidden, n, seed), exact)
