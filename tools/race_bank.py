"""Rebuild the Dungeon race bank (`sq_edu/practice/generators/race_bank.json`).

    .venv/bin/python tools/race_bank.py [--recipes N]

Runs the contract-decided race search (`decided_by_contract`) once per recipe and writes what
each finds; the same command gives the same file (tests/practice/generators/test_race_bank.py
rebuilds recipes and compares). Takes a few minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from sq_edu.dungeon.records import HandRecord
from sq_edu.practice.generators import race_bank
from sq_edu.practice.generators.dungeon import PLAYERS
from sq_edu.practice.generators.dungeon_race import decided_by_contract

OUT = Path(race_bank.__file__).with_name(race_bank.BANK_FILE)
RECIPES = 300   # searches run by the build; nearly all find a hand


def search(number: int) -> HandRecord | None:
    """What recipe `number` finds: the bank's entry for it, made again."""
    found = decided_by_contract(random.Random(f"race-bank|{number}"))
    return None if found is None else found[1]


def build(recipes: int = RECIPES) -> dict[str, Any]:
    """The bank's contents: every recipe's hand (players: the Dungeon lessons' table)."""
    hands = []
    for number in range(recipes):
        hand = search(number)
        if hand is not None:
            hands.append({"recipe": number, "hand": hand.to_dict()})
    return {"players": PLAYERS, "recipes": recipes, "hands": hands}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--recipes", type=int, default=RECIPES)
    args = parser.parse_args(argv)
    data = build(args.recipes)
    OUT.write_text(json.dumps(data, separators=(",", ":")).replace('{"recipe"', '\n{"recipe"')
                   + "\n", encoding="utf-8")
    print(f"{OUT}: {len(data['hands'])} hands from {args.recipes} recipes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
