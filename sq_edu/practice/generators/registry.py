"""The generator registry: names lesson files may use, and the parameters each accepts.

A lesson level names a generator and gives it parameters; the loader checks both against this
registry so that a typo in a lesson file is reported with the file and field, not as a crash in
the middle of a lesson.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from importlib import import_module
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

    def answer_rng(self) -> random.Random:
        """The same for every deal of one item: the answer drawn stays the one asked when
        `generate` deals again for its misconceptions (each answer as often as the others,
        where redealing kept the answers on which every error bites: "likely" on 46%)."""
        return random.Random(f"answer|{self.lesson_id}|{self.level}|{self.seed}")

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


# Generator families: a generator "equations.pair" lives in module `generators/equations.py`.
FAMILIES: tuple[str, ...] = ("chances", "detective", "dungeon", "equations", "queens")
PARTS: dict[str, tuple[str, ...]] = {"dungeon": ("dungeon", "dungeon_race"),   # split families
                                     "chances": ("chances", "jester_rounds")}


class Registry(Mapping[str, Generator]):
    """Every generator by name, its family's module imported on first use: a lesson page loads
    only the generators of its own lesson (the Dungeon ones would load the Dungeon engine)."""

    def __init__(self) -> None:
        self._known: dict[str, Generator] = {}
        self._loaded: set[str] = set()

    def add(self, gen: Generator) -> None:
        self._known[gen.name] = gen

    def _load(self, family: str) -> None:
        if family in FAMILIES and family not in self._loaded:
            self._loaded.add(family)
            for module in PARTS.get(family, (family,)):
                import_module(f"{__package__}.{module}")

    def __getitem__(self, name: str) -> Generator:
        if name not in self._known:
            self._load(name.partition(".")[0])
        return self._known[name]

    def __iter__(self) -> Iterator[str]:
        for family in FAMILIES:
            self._load(family)
        return iter(sorted(self._known))

    def __len__(self) -> int:
        return sum(1 for _ in self)


GENERATORS = Registry()


def generator(name: str, **params: Param) -> Callable[[GeneratorFn], GeneratorFn]:
    """Register `func` under `name` with its parameter specification."""

    def register(func: GeneratorFn) -> GeneratorFn:
        GENERATORS.add(Generator(name, func, params))
        return func

    return register


def rng_for(seed: int, *salt: object) -> random.Random:
    """A private RNG for one exercise: same seed and salt, same deal; no global randomness."""
    return random.Random(f"{seed}|" + "|".join(str(s) for s in salt))
