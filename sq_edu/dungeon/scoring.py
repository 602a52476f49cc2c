"""Dungeon of Queens scoring as small pure functions (docs/rules.md section 8).

These are the sums a child does in the scoring lesson, so each returns not only the new score
but which rule applied and the numbers compared, and the game, the lesson checker and the
score-sheet widget all call the same code.

Reading of the rule text used throughout (the text lists the trick's effects in one breath):
- every trick is worth +10; one queen in it adds +25 (35 in all); two queens add +50 (60 in
  all) and the taker names a new trump;
- three or four queens send the taker to the dungeon *instead*: with three, the score becomes
  the lower of (the lowest score of the other players) and (own score - 100); with four, the
  lower of 0 and (own score - 250). "Own score" is the score before the trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import TARGET

TRICK_POINTS = 10
ONE_QUEEN_BONUS = 25
TWO_QUEEN_BONUS = 50
DUNGEON_DROP = 100       # three queens
DEEP_DUNGEON_DROP = 250  # four queens
CONTRACT_POINTS = 50     # made: +50, missed: -50
CONTRACT_HAND_POINTS = 50  # ... made also by scoring this many points in the hand

# Rule names, also message keys in the dungeon catalogue.
RULE_TRICK, RULE_ONE_QUEEN, RULE_TWO_QUEENS = "rule_trick", "rule_one_queen", "rule_two_queens"
RULE_DUNGEON, RULE_DEEP_DUNGEON = "rule_dungeon", "rule_deep_dungeon"


@dataclass(frozen=True)
class TrickScore:
    """How one taken trick changed the taker's score, with the numbers a child compares."""

    queens: int
    before: int
    after: int
    rule: str
    compared: tuple[int, int] | None = None  # the two numbers of "the lower of", if any

    @property
    def change(self) -> int:
        return self.after - self.before

    @property
    def new_trump(self) -> bool:
        return self.queens == 2


def score_trick(own: int, others: Sequence[int], queens: int) -> TrickScore:
    """The taker's score after taking a trick holding `queens` queens.

    `others` are the other players' scores at that moment (the three-queen rule needs the
    lowest of them).
    """
    if not 0 <= queens <= 4:
        raise ValueError(f"a trick holds 0 to 4 queens, not {queens}")
    if queens == 0:
        return TrickScore(0, own, own + TRICK_POINTS, RULE_TRICK)
    if queens == 1:
        return TrickScore(1, own, own + TRICK_POINTS + ONE_QUEEN_BONUS, RULE_ONE_QUEEN)
    if queens == 2:
        return TrickScore(2, own, own + TRICK_POINTS + TWO_QUEEN_BONUS, RULE_TWO_QUEENS)
    if queens == 3:
        if not others:
            raise ValueError("the dungeon rule needs the other players' scores")
        pair = (min(others), own - DUNGEON_DROP)
        return TrickScore(3, own, min(pair), RULE_DUNGEON, pair)
    pair = (0, own - DEEP_DUNGEON_DROP)
    return TrickScore(4, own, min(pair), RULE_DEEP_DUNGEON, pair)


def contract_made(dealer_tricks: int, contract: int, dealer_points: int = 0) -> bool:
    """The dealer's contract (docs/rules.md 8): at least `contract` tricks this hand, or at least
    50 points scored this hand from tricks and queen bonuses (`dealer_points`)."""
    return dealer_tricks >= contract or dealer_points >= CONTRACT_HAND_POINTS


def contract_points(dealer_tricks: int, contract: int, dealer_points: int = 0) -> int:
    """+50 if the contract is made (`contract_made`), else -50."""
    made = contract_made(dealer_tricks, contract, dealer_points)
    return CONTRACT_POINTS if made else -CONTRACT_POINTS


def race_winners(scores: Sequence[int], target: int = TARGET) -> tuple[int, ...]:
    """Seats that win once a hand is over: nobody until someone has `target` or more; then
    the highest score among them, shared if equal."""
    reached = [s for s in scores if s >= target]
    if not reached:
        return ()
    best = max(reached)
    return tuple(seat for seat, s in enumerate(scores) if s == best)
