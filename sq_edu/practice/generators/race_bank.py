"""Race positions the dealer's contract decides, found once and shipped with the package.

Finding one takes `decided_by_contract` some 70 real Dungeon hands (0.3 s here, seconds on a
phone), too long for "next question". So the search runs at build time: recipe `n` is the
search from `random.Random(f"race-bank|{n}")`, and each recipe that finds a hand is kept in
`race_bank.json` with its number. The file is rebuilt by `python tools/race_bank.py` (the
search lives there, so this module plays no game), and tests/practice/test_race_bank.py
checks every kept hand's premise (the contract decides the winner) and that recipes still
find exactly their hands.
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources

from sq_edu.dungeon.records import HandRecord
from sq_edu.dungeon.scoring import race_winners

BANK_FILE = "race_bank.json"


@cache
def bank() -> tuple[int, tuple[HandRecord, ...]]:
    """(players, hands) of the shipped bank, read once."""
    text = (resources.files(__package__) / BANK_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    return int(data["players"]), tuple(HandRecord.from_dict(e["hand"]) for e in data["hands"])


def decided_hand(rng: random.Random, seat: int | None = None) -> tuple[int, HandRecord]:
    """A banked race position whose winner the contract decides: (players, hand), won by
    `seat` if given (drawn at random, player 3 won 30% of them: a good guess)."""
    players, hands = bank()
    won = [h for h in hands if seat is None or race_winners(h.scores_after) == (seat,)]
    return players, won[rng.randrange(len(won))]
