"""CountingBot: plays the way the probability lessons teach - it counts cards before it acts.

It attacks only when the defender is unlikely to hold the answer (`p_holds` of a dragon or a
wand, from what its seat has seen), plays a jester when the odds of a power card or a queen
for its side are good (`jester_odds`), and otherwise sheds the longest equation it has while
keeping its power cards. It never looks at anything but its `Observation`.
"""

from __future__ import annotations

from fractions import Fraction

from sq_edu.engine.bots import FEUD, GreedyBot, discard_value
from sq_edu.engine.cards import QUEEN_POINTS
from sq_edu.engine.moves import Move
from sq_edu.engine.observation import Observation
from sq_edu.maths.probability import jester_odds, p_holds

SAFE_ATTACK = Fraction(1, 2)    # attack when the block is less likely than this
RISKY_ATTACK = Fraction(4, 5)   # ... or, with nothing better to do, less likely than this
GOOD_JESTER = Fraction(2, 5)    # play a jester when power-or-own-queen is at least this likely


class CountingBot(GreedyBot):
    """A bot (`choose(obs, legal) -> Move`) that reasons with exact probabilities. Pending
    decisions (blocks, wakes, slots, a royal jester's pick) it answers as `GreedyBot` does;
    its turn action weighs the odds."""

    name = "counting"

    def _turn_action(self, obs: Observation, legal: list[Move]) -> Move:
        wakes = [m for m in legal if m.kind == "wake"]
        if wakes:
            return self._best_wake(obs, wakes)
        attack, blocked = self._best_attack_odds(obs, legal)
        if attack is not None and blocked < SAFE_ATTACK:
            return attack
        jester = next((m for m in legal if m.kind == "jester"), None)
        if jester is not None and self._jester_chance(obs) >= GOOD_JESTER:
            return jester
        if attack is not None and blocked < RISKY_ATTACK:
            return attack
        if jester is not None:
            return jester
        return max((m for m in legal if m.kind == "discard"), key=discard_value)

    # ---- the reasoning ---------------------------------------------------------------------
    def _best_attack_odds(self, obs: Observation, legal: list[Move]
                          ) -> tuple[Move | None, Fraction]:
        """The attack with the most points expected to arrive, and its chance of a block."""
        mine = obs.awake[obs.seat]
        best, best_value, best_blocked = None, Fraction(0), Fraction(1)
        for move in legal:
            if move.kind not in ("steal", "sleep") or move.target is None:
                continue
            queen = move.queen or ""
            if move.kind == "steal" and FEUD.get(queen) in mine:
                continue  # she would go straight back to sleep
            defence = "dragon" if move.kind == "steal" else "wand"
            blocked = p_holds(obs, move.target, defence)
            gain = QUEEN_POINTS.get(queen, 0) * (2 if move.kind == "steal" else 1)
            value = gain * (1 - blocked)
            if value > best_value:
                best, best_value, best_blocked = move, value, blocked
        return best, best_blocked

    def _jester_chance(self, obs: Observation) -> Fraction:
        """Chance a jester brings a power card or a queen to this seat's side."""
        odds = jester_odds(obs)
        side = {obs.seat, obs.rules.partner(obs.seat, obs.players)}
        power: Fraction = odds["power"]
        wake: dict[int, Fraction] = odds["wake"]
        return power + sum((p for s, p in wake.items() if s in side), Fraction(0))

