"""`RandomBot`, the baseline bot, in a module of its own so that mypyc can compile it.

Its `choose` runs once per decision of every random game played through the public API
(`legal_moves()` then `play()`, as a server or the bench does). `bots.py` re-exports it, and
`GreedyBot` stays plain there because `sq_edu.bots.CountingBot` subclasses it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar

from .chance import seeded
from .moves import Move
from .observation import Observation

if TYPE_CHECKING:
    from _typeshed import IdentityFunction

try:  # present wherever the engine is compiled (mypy brings it); a plain engine needs none
    from mypy_extensions import mypyc_attr
except ImportError:  # the static site, a bare `pip install`: the decorator only tells mypyc
    def mypyc_attr(*attrs: str, **kwattrs: object) -> IdentityFunction:
        return lambda cls: cls


def bot_rng(rng: random.Random | int | None) -> random.Random:
    """A bot's own RNG: the one given, or a seeded one (None: a fresh random one)."""
    return rng if isinstance(rng, random.Random) else seeded(rng)


@mypyc_attr(allow_interpreted_subclasses=True)  # a test or an app may subclass it
class RandomBot:
    """Picks uniformly among the legal moves: the baseline, and the simulation workhorse."""

    name: ClassVar[str] = "random"
    uses_observation: ClassVar[bool] = False  # simulate() may pass None, not an Observation

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = bot_rng(rng)

    def choose(self, obs: Observation | None, legal: list[Move]) -> Move:
        """`float(...)`: the same product, which mypyc then works out unboxed, in C."""
        return legal[int(self.rng.random() * float(len(legal)))]
