"""Where a dragon may be, at every turn of a pool of seeded games, found once and shipped.

"How likely is it that player 2 holds a dragon?" (chances 5) and "can player 2 block your
knight?" (card detective 3, 4) each want a position whose answer is the one the item asks
for; the rare answers ("surely", "no dragon can be left") take a search through up to 40
seeded games, and replaying them was most of an item's 20-50 ms (seconds on a phone). The
bank keeps, for the games of seeds 0..POOL-1 of each table the lessons deal, one letter per
opponent at each start of seat 0's turn (`positions._play`, the same bots), so the search
reads letters and replays only the game it picks. `python tools/dragon_bank.py` rebuilds it;
tests/practice/test_dragon_bank.py replays games and checks every letter.

A letter is what both questions need of `p_holds(obs, target, DRAGON)`: "." the target has no
awake queen (no attack, no question), "n" no dragon can be there, "y" one surely is, "u", "e",
"l" the clear band (unlikely, even, likely) of a chance between, "~" a chance within 5 points
of a band boundary (asked in no words). After the letters, one digit: how many dragons seat 0
has not seen yet (card detective 3-4 ask it with the verdict: "maybe, 2 not seen yet").
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import cache
from importlib import resources

from .positions import LEARNER, MAX_TURNS, Position, _play, pick_position

BANK_FILE = "dragon_bank.json"
SEARCH_STEP = 7919   # the games an item looks through: first, first + 7919, ... (mod the pool)
# How many: reading letters is cheap. In 40 games, a dragon known to be in the target's hand
# was not found for 16 of 36 "certain" items of chances 5 (asked as "likely" instead) and for
# about half the "yes" items of card detective 3-4, which pushed the guess rates to 0.31-0.53.
SEARCH_GAMES = 400
# Each letter as the chance lesson's clear band and the block question's answer.
HOLDS: dict[str, str | None] = {".": None, "n": "impossible", "y": "certain", "u": "unlikely",
                                "e": "even", "l": "likely", "~": None}
BLOCK: dict[str, str | None] = {".": None, "n": "no", "y": "yes", "u": "maybe", "e": "maybe",
                                "l": "maybe", "~": "maybe"}

# (turn, one letter per opponent, dragons not seen yet) at each start of seat 0's turn
Turns = tuple[tuple[int, str, int], ...]
Label = Callable[[str, int], object]   # (the target's letter, dragons not seen) -> the answer


def holds(letter: str, unseen: int) -> str | None:
    """The chance lesson's clear band (chances 5), or None where it asks nothing."""
    return HOLDS[letter]


def block(letter: str, unseen: int) -> tuple[str, int] | None:
    """The block question's answer with the count asked beside it (card detective 3, 4)."""
    verdict = BLOCK[letter]
    return None if verdict is None else (verdict, unseen)


@cache
def bank() -> dict[tuple[int, str], tuple[Turns, ...]]:
    """Every banked table, (players, rules) -> the games of seeds 0, 1, ... read once."""
    text = (resources.files(__package__) / BANK_FILE).read_text(encoding="utf-8")
    tables: dict[tuple[int, str], tuple[Turns, ...]] = {}
    for table in json.loads(text)["tables"]:
        tables[int(table["players"]), str(table["rules"])] = tuple(
            tuple((int(turn), rest[:-1], int(rest[-1])) for turn, _, rest in
                  (spot.partition(":") for spot in game.split()))
            for game in table["games"])
    return tables


def banked_position(rng: random.Random, players: int, rules: str, turns: tuple[int, int],
                    want: object, target: int, label: Label,
                    games: int | None = SEARCH_GAMES, rather: tuple[object, ...] = ()
                    ) -> Position | None:
    """`positions.find_position` over the bank: a position whose `label(letter, unseen)` for
    `target` is `want`, looked for in up to `games` banked games; failing that, the first
    fitting one whose label comes earliest in `rather`, then any fitting one. None (and no
    draw from `rng`) for a table the bank does not hold: the caller searches live games.
    `games=None` reads the whole pool (the rarest answers lie in a few dozen of its games).
    """
    pool = bank().get((players, rules))
    if pool is None:
        return None
    first = rng.randrange(10**6)
    spares: dict[object, tuple[int, int]] = {}
    for n in range(len(pool) if games is None else min(games, len(pool))):
        seed = (first + n * SEARCH_STEP) % len(pool)
        for number, (turn, letters, unseen) in enumerate(pool[seed]):
            if turn < turns[0]:
                continue
            found = label(letters[target - 1], unseen)
            if found == want:
                return replay(seed, number, players, rules)
            if found is not None:
                spares.setdefault(found, (seed, number))
    ranked = [spares[k] for k in rather if k in spares] + list(spares.values())
    if ranked:
        return replay(*ranked[0], players, rules)
    return pick_position(first, players, rules, turns, rng)


def replay(seed: int, number: int, players: int, rules: str) -> Position:
    """The game of `seed` at the start of seat 0's turn `number` (0-based), nothing after."""
    for count, (_, game) in enumerate(_play(seed, players, rules, MAX_TURNS)):
        if count == number:
            return Position(game, game.observe(LEARNER))
    raise LookupError(f"game {seed} has no turn {number} of seat {LEARNER}")
