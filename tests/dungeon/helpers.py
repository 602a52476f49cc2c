"""Scenario building for Dungeon of Queens tests: a hand in progress from a few card codes."""

from __future__ import annotations

from sq_edu.dungeon import DungeonGame, Move, deck_for


def scenario(hands: list[list[str]], trump: str, *, dealer: int = 0, leader: int | None = None,
             scores: list[int] | None = None, tricks_taken: list[int] | None = None
             ) -> DungeonGame:
    """A 2/4-8 player hand in progress: `hands` per seat, equal sizes; earlier tricks given
    to the seat after the dealer unless `tricks_taken` says otherwise."""
    players = len(hands)
    if tricks_taken is None:
        earlier = (len(deck_for(players)) - sum(len(h) for h in hands)) // players
        tricks_taken = [0] * players
        tricks_taken[(dealer + 1) % players] = earlier
    return DungeonGame.from_setup({
        "players": players, "hands": hands, "trump": trump, "dealer": dealer,
        "leader": (dealer + 1) % players if leader is None else leader,
        "scores": scores or [0] * players, "tricks_taken": tricks_taken, "seed": 5})


def play(game: DungeonGame, *codes: str) -> list:
    """Play `codes` in turn order; returns all events."""
    events = []
    for code in codes:
        events += game.play(Move.play(code))
    return events


def codes(moves: list[Move]) -> set[str]:
    return {m.card.code for m in moves if m.card is not None}
