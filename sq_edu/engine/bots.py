"""Simple bots that play from an `Observation` (never the `Game`), with their own RNG.

`CountingBot`, which reasons with card counting and probabilities, lives above the maths layer
in `sq_edu.bots`; these two need nothing but the legal moves and what the seat can see.
"""

from __future__ import annotations

import random

from sq_edu.gamekit import Bot as Bot  # the one bot protocol: Bot[Observation, Move] here

from .cards import QUEEN_POINTS, is_number
from .moves import Move
from .observation import HIDDEN, Observation
from .random_bot import RandomBot as RandomBot  # compiled with mypyc where it can be
from .random_bot import bot_rng

FEUD = {"cat": "dog", "dog": "cat"}
# Which single card to throw away first (numbers before any power card; the king last).
KEEP_ORDER = {"wand": 1, "jester": 2, "potion": 3, "dragon": 4, "knight": 5, "king": 6}
PICK_ORDER = ("king", "knight", "jester", "potion", "dragon", "wand")


class GreedyBot:
    """Plays the obvious good move: wake the best queen it can see (or a hidden one), block
    whenever it can, attack the richest opponent's best queen, else discard as many cards as
    possible (the longest equation) while keeping its power cards."""

    name = "greedy"
    uses_observation = True

    def __init__(self, rng: random.Random | int | None = None) -> None:
        self.rng = bot_rng(rng)

    def choose(self, obs: Observation, legal: list[Move]) -> Move:
        pending = obs.pending
        if pending == "block":
            return legal[0]  # the block comes first
        if pending in ("rose", "jester_wake"):
            return self._best_wake(obs, legal)
        if pending == "jester_pick":
            return self._pick(obs, legal)
        if pending is not None:  # an empty slot for a queen: any will do
            return self.rng.choice(legal)
        return self._turn_action(obs, legal)

    def _turn_action(self, obs: Observation, legal: list[Move]) -> Move:
        """The turn's action (no decision pending): what subclasses play differently."""
        wakes = [m for m in legal if m.kind == "wake"]
        if wakes:
            return self._best_wake(obs, wakes)
        for kind in ("steal", "sleep"):
            attack = self._best_attack(obs, [m for m in legal if m.kind == kind])
            if attack is not None:
                return attack
        for move in legal:
            if move.kind == "jester":
                return move
        discards = [m for m in legal if m.kind == "discard"]
        return max(discards, key=discard_value)

    def _best_wake(self, obs: Observation, moves: list[Move]) -> Move:
        mine = obs.awake[obs.seat]
        unseen = set(QUEEN_POINTS) - {q for a in obs.awake for q in a} - set(obs.slots)
        hidden_value = (sum(QUEEN_POINTS[q] for q in unseen) / len(unseen)) if unseen else 0

        def value(move: Move) -> float:
            queen = obs.slots[move.slot]  # type: ignore[index]  # a wake move always names its slot
            if queen == HIDDEN:
                return hidden_value
            feud = FEUD.get(queen) if queen is not None else None
            if feud is not None and feud in mine:
                return -1.0
            return QUEEN_POINTS.get(queen, 0)  # type: ignore[arg-type]  # a face-up slot holds a queen's name

        best = max(value(m) for m in moves)
        return self.rng.choice([m for m in moves if value(m) == best])

    def _best_attack(self, obs: Observation, moves: list[Move]) -> Move | None:
        if not moves:
            return None
        mine = obs.awake[obs.seat]

        def value(move: Move) -> tuple[int, int]:
            queen = move.queen or ""
            if move.kind == "steal" and FEUD.get(queen) in mine:
                return (-1, 0)
            return (obs.points[move.target], QUEEN_POINTS[queen])  # type: ignore[index]  # an attack always names its target

        best = max(moves, key=value)
        return best if value(best)[0] >= 0 else None

    def _pick(self, obs: Observation, legal: list[Move]) -> Move:
        partner = obs.rules.partner(obs.seat, obs.players)
        for move in legal:  # a number that counts to this seat (or its partner) wakes a queen
            card = move.cards[0]
            if is_number(card):
                counted = (obs.seat + int(card) - 1) % obs.players
                if counted in (obs.seat, partner):
                    return move
        for word in PICK_ORDER:
            for move in legal:
                if move.cards[0] == word:
                    return move
        return legal[0]


def discard_value(move: Move) -> tuple[int, int, int]:
    """The one discard rule of every bot that keeps its power cards (`GreedyBot`, and
    `CountingBot` above the maths): more cards first (among equally long ones, the first the
    engine lists); among single cards, numbers (the biggest) before power cards, thrown in
    KEEP_ORDER."""
    card = move.cards[0]
    if len(move.cards) > 1:
        return (len(move.cards), 0, 0)
    if is_number(card):
        return (1, 1, int(card))
    return (1, 0, -KEEP_ORDER[card])  # type: ignore[index]  # a single card that is no number is a power card


BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}
