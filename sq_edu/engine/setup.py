"""Building games from scenario setups, with validation that names the problem (saves: save.py).

Nothing here returns a half-built position: every check runs before the `State` that a `Game`
wraps is handed out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from .cards import PLAY_DECK, QUEEN_POINTS, QUEENS, SLOTS, parse_card
from .chance import shuffle
from .ending import start
from .moves import CODE, TOKEN
from .rules import Rules
from .state import State

FORMAT = "sq_edu.game"
VERSION = 1
SETUP_KEYS = ("players", "hands", "awake", "slots", "draw", "discard", "current", "seed")


def check_players(players: object, rules: Rules) -> int:
    if not isinstance(players, int) or isinstance(players, bool) \
            or not rules.min_players <= players <= rules.max_players:
        if rules.min_players == rules.max_players:
            raise ValueError(f"the {rules.name} rules need exactly {rules.min_players} players, "
                             f"not {players!r}")
        raise ValueError(f"Sleeping Queens needs {rules.min_players} to {rules.max_players} "
                         f"players, not {players!r}")
    return players


def _seat(value: object, players: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ValueError(f"{what} must be a seat from 0 to {players - 1}, not {value!r}")
    return value


def _cards(value: object, what: str) -> list[int]:
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{what} must be a list of cards, not {value!r}")
    out = []
    for item in value:
        try:
            out.append(CODE[parse_card(item)])
        except ValueError as err:
            raise ValueError(f"{what}: {err}") from None
    return out


def _queen(value: object, what: str) -> str:
    if not isinstance(value, str) or value.strip().lower() not in QUEEN_POINTS:
        raise ValueError(f"{what}: {value!r} is not a queen (queens: {', '.join(QUEENS)})")
    return value.strip().lower()


def _per_seat(value: object, players: int, what: str) -> list[Any]:
    if not isinstance(value, (list, tuple)) or len(value) != players:
        raise ValueError(f"{what} must list one entry per seat ({players} seats)")
    return list(value)


def _slots(value: object) -> list[str | None]:
    if not isinstance(value, (list, tuple)) or len(value) != SLOTS:
        raise ValueError(f"slots must list {SLOTS} entries (a queen or null for an empty slot)")
    return [None if q in (None, "") else _queen(q, f"slot {i}") for i, q in enumerate(value)]


def _count_name(card: int, n: int) -> str:
    return f"{TOKEN[card]} x{n}"


def check_cards(piles: list[int]) -> None:
    """The 67 play cards, each exactly as often as in the deck."""
    have = Counter(piles)
    want = Counter({CODE[t]: k for t, k in PLAY_DECK.items()})
    missing, extra = want - have, have - want
    if missing or extra:
        parts = []
        if missing:
            parts.append("missing " + ", ".join(_count_name(c, n)
                                                for c, n in sorted(missing.items())))
        if extra:
            parts.append("has too many: " + ", ".join(_count_name(c, n)
                                                      for c, n in sorted(extra.items())))
        raise ValueError("the cards do not add up to the 67-card play deck: " + "; ".join(parts))


def check_queens(queens: list[str]) -> None:
    """The 12 queens, each exactly once."""
    counts = Counter(queens)
    twice = sorted(q for q, n in counts.items() if n > 1)
    missing = [q for q in QUEENS if q not in counts]
    if twice:
        raise ValueError(f"the {', '.join(twice)} queen appears more than once")
    if missing:
        raise ValueError(f"the {', '.join(missing)} queen is missing (not in a slot or awake)")


def check_feud(awake: list[list[str]], rules: Rules) -> None:
    """Under the cat/dog rule nobody holds both."""
    if not rules.cat_dog_feud:
        return
    for seat, queens in enumerate(awake):
        if "cat" in queens and "dog" in queens:
            raise ValueError(f"seat {seat} holds both the cat and the dog queen, which the "
                             f"{rules.name} rules forbid")


def state_from_setup(setup: dict[str, Any], rules: Rules) -> State:
    """A position from `{"players", "hands", "awake", "slots", "draw", "discard", "current",
    "seed"}`. Only `players` and `hands` are required: `awake` defaults to nobody's, `discard`
    to empty, `current` to 0, `seed` to 0; a missing `slots` puts the queens not awake into
    slots 0, 1, ... in shuffled order; a missing `draw` shuffles every play card not placed
    elsewhere into the draw pile (listed top first)."""
    if not isinstance(setup, dict):
        raise ValueError("a setup must be a dict")
    unknown = sorted(set(setup) - set(SETUP_KEYS))
    if unknown:
        raise ValueError(f"unknown setup keys {unknown}; known: {', '.join(SETUP_KEYS)}")
    if "players" not in setup or "hands" not in setup:
        raise ValueError("a setup needs at least 'players' and 'hands'")
    players = check_players(setup["players"], rules)
    seed = setup.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    st = State(rules, players, random.Random(seed))
    hands = [_cards(h, f"hand of seat {i}")
             for i, h in enumerate(_per_seat(setup["hands"], players, "hands"))]
    for seat, hand in enumerate(hands):
        if not 1 <= len(hand) <= rules.hand_size:
            raise ValueError(f"the hand of seat {seat} has {len(hand)} cards: a hand holds "
                             f"1 to {rules.hand_size} cards")
    awake = [[_queen(q, f"awake queens of seat {i}") for q in a] for i, a in
             enumerate(_per_seat(setup.get("awake", [[]] * players), players, "awake"))]
    held = [q for a in awake for q in a]
    if "slots" in setup:
        slots = _slots(setup["slots"])
    else:
        rest = [q for q in QUEENS if q not in held]
        shuffle(st.rng, rest)
        slots = rest + [None] * (SLOTS - len(rest))
    check_queens(held + [q for q in slots if q is not None])
    check_feud(awake, rules)
    discard = _cards(setup.get("discard", []), "discard pile")
    if "draw" in setup:
        draw = _cards(setup["draw"], "draw pile")[::-1]
    else:
        left = Counter({CODE[t]: k for t, k in PLAY_DECK.items()})
        left.subtract(c for h in hands for c in h)
        left.subtract(discard)
        draw = [c for c, k in sorted(left.items()) for _ in range(max(k, 0))]
        shuffle(st.rng, draw)
    check_cards([c for h in hands for c in h] + draw + discard)
    current = _seat(setup.get("current", 0), players, "current")
    st.hands, st.awake, st.slots = hands, awake, slots
    st.draw, st.discard = draw, discard
    start(st, current)
    return st


# ---- saving and loading -----------------------------------------------------------------------
