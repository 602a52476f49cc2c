"""Monte Carlo versions of the exact chances, for "predict, simulate, compare" lessons.

Each simulation deals the unseen cards at random exactly as the exact model in
`probability` assumes, vectorised with numpy's `Generator`, so the estimate converges on the
exact `Fraction` (a million draws take a few tens of milliseconds).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

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


def _flags(cards: Iterable[Card], want: frozenset[Card]) -> np.ndarray:
    return np.array([c in want for c in cards], dtype=bool)


def simulate_draws(obs: Observation, tokens: Card | str | Iterable[Card | str], n: int,
                   seed: int | None = None, draws: int = 1) -> Simulation:
    """Deal the next card (or `draws` cards) `n` times; count the deals with one of `tokens`.

    `draws=1` picks a random card of the pool the next draw comes from; more draws sample
    without replacement from the unseen cards (numpy's hypergeometric sampler), the same
    situations `p_at_least` covers while they stay inside the unknown part of the pile.
    """
    want = tokens_of(tokens)
    n = max(int(n), 0)
    rng = np.random.default_rng(seed)
    if draws <= 1:
        pool = _flags(next_card(obs).elements(), want)
        if not len(pool) or not n:
            return Simulation(n, 0, p_draw(obs, want))
        hits = int(pool[rng.integers(0, len(pool), size=n)].sum())
        return Simulation(n, hits, p_draw(obs, want))
    if draws > _unknown_in_pile(obs):
        raise ValueError("simulate up to the unknown part of the draw pile "
                         f"({_unknown_in_pile(obs)} cards), not {draws}")
    pool = unseen(obs)
    good = sum(pool[c] for c in want)
    total = sum(pool.values())
    found = rng.hypergeometric(good, total - good, draws, size=n) if n else np.zeros(0)
    return Simulation(n, int((found > 0).sum()), p_at_least(obs, want, draws))


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
    rng = np.random.default_rng(seed)
    found = rng.hypergeometric(good, total - good, hidden, size=n) if n and hidden else \
        np.zeros(n, dtype=int)
    return Simulation(n, int((found > 0).sum()), exact)
