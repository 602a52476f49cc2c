"""The engine's randomness: seeded generators and the shuffle, both on the hot path of every
simulated game (a new game seeds one generator and each simulated bot another)."""

from __future__ import annotations

import random
from typing import Any

_SEED = random.Random.__base__.seed  # type: ignore[union-attr]  # the C generator's own seeding (`_random.Random.seed`)


def seeded(seed: int | None) -> random.Random:
    """`random.Random(seed)`, the very same generator, made in about half the time: the
    constructor runs two layers of Python (`__init__`, then `seed`) before the C seeding, and
    for a whole-number seed those only check its type. Anything else takes the usual road."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = random.Random.__new__(random.Random)
    _SEED(rng, seed)
    rng.gauss_next = None  # type: ignore[attr-defined]  # what `random.Random.seed` sets besides
    return rng


def shuffle(rng: random.Random, cards: list[Any]) -> None:
    """Shuffle in place, uniformly (sorting by independent random keys), several times faster
    than `random.shuffle`, which matters when a lesson simulates thousands of games."""
    rand = rng.random
    cards.sort(key=lambda _card: rand())  # keys are drawn in list order: deterministic
