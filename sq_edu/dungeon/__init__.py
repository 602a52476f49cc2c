"""Dungeon of Queens (docs/rules.md section 8): a trick-taking game where queens rank highest and
three of them in one trick send the taker to the dungeon. No widgets here (layers rule)."""

from __future__ import annotations

from .bots import RandomBot, SensibleBot
from .cards import PLAYER_COUNTS, RANKS, SUITS, Card, PlayerCountError, deck_for, removed_cards
from .game import NAME_TRUMP, NEW_TRUMP, DungeonGame, play_out
from .observation import DungeonObservation
from .records import Event, HandRecord, Move, TrickRecord
from .rules import CONTRACTS, TARGET, IllegalPlay, legal_plays, trick_taker
from .save import CorruptSave
from .scoring import TrickScore, contract_points, race_winners, score_trick

__all__ = [
    "CONTRACTS", "NAME_TRUMP", "NEW_TRUMP", "PLAYER_COUNTS", "RANKS", "SUITS", "TARGET", "Card",
    "CorruptSave", "DungeonGame", "DungeonObservation", "Event", "HandRecord", "IllegalPlay",
    "Move", "PlayerCountError", "RandomBot", "SensibleBot", "TrickRecord", "TrickScore",
    "contract_points", "deck_for", "legal_plays", "play_out", "race_winners", "removed_cards",
    "score_trick", "trick_taker",
]
