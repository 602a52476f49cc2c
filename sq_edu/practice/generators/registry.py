"""The generator registry: names lesson files may use, and the parameters each accepts.

A lesson level names a generator and gives it parameters; the loader checks both against this
registry so that a typo in a lesson file is reported with the file and field, not as a crash in
the middle of a lesson.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..exercise import Exercise
from ..messages import Msg, msg


@dataclass(frozen=True)
class Param:
    """One generator parameter: its type, default and allowed values."""

    kind: type | tuple[type, ...]
    default: object
    choices: tuple[object, ...] = ()
    low: int | None = None
    high: int | None = None

    def describe(self) -> Msg:
        """What a lesson file must give, for the loader's error message (en and ru)."""
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        what: Msg = msg(f"practice.expect_kind_{kinds[0].__name__}")
        if self.choices:
            what = msg("practice.expect_kind_choices", what=what,
                       choices=", ".join(repr(c) for c in self.choices))
        if self.low is not None or self.high is not None:
            what = msg("practice.expect_kind_range", what=what, low=self.low, high=self.high)
        return what

    def accepts(self, value: object) -> bool:
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        if isinstance(value, bool) and bool not in kinds:
            return False
        if not isinstance(value, kinds):
            return False
        if isinstance(value, list):
            values: list[object] = value
        else:
            values = [value]
        if self.choices and any(v not in self.choices for v in values):
            return False
        if isinstance(value, int) and not isinstance(value, bool):
            if self.low is not None and value < self.low:
                return False
            if self.high is not None and value > self.high:
                return False
        return True


@dataclass(frozen=True)
class Base:
    """Where an exercise belongs; every generator passes it on into its `Exercise`."""

    lesson_id: str
    level: int
    seed: int
    skill: str
    rules: str = "official"

    def make(self, **fields: Any) -> Exercise:
        return Exercise(lesson_id=self.lesson_id, level=self.level, seed=self.seed,
                        skill=self.skill, rules=self.rules, **fields)


GeneratorFn = Callable[[Mapping[str, Any], random.Random, Base], Exercise]


@dataclass(frozen=True)
class Generator:
    name: str
    func: GeneratorFn
    params: Mapping[str, Param] = field(default_factory=dict)

    def with_defaults(self, given: Mapping[str, object]) -> dict[str, object]:
        return {name: given.get(name, p.default) for name, p in self.params.items()}


GENERATORS: dict[str, Generator] = {}


def generator(name: str, **params: Param) -> Callable[[GeneratorFn], GeneratorFn]:
    """Register `func` under `name` with its parameter specification."""

    def register(func: GeneratorFn) -> GeneratorFn:
        GENERATORS[name] = Generator(name, func, params)
        return func

    return register


def rng_for(seed: int, *salt: object) -> random.Random:
    """A private RNG for one exercise: same seed and salt, same deal; no global randomness."""
    return random.Random(f"{seed}|" + "|".join(str(s) for s in salt))
