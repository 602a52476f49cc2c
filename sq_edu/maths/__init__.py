"""The mathematics the lessons teach, with no widgets: equation discards, exact chances from
what one seat may know, and card counting. Everything a lesson tells a child comes from here.
"""

from __future__ import annotations

from .counter import CardCounter
from .discards import Discard, best_discards, find_discards, make_discard
from .equations import Verdict, check_cards, check_equation
from .probability import (
    chance_text,
    counted_round,
    counted_seat,
    jester_odds,
    located,
    next_card,
    p_at_least,
    p_draw,
    p_holds,
    tokens_of,
    top_cards,
    unseen,
)
from .puzzles import LegalQuestion, MissingCard, hand_with_discards, legal_question, missing_card
from .simulation import Simulation, simulate_draws, simulate_holds

__all__ = [
    "CardCounter", "Discard", "LegalQuestion", "MissingCard", "Simulation", "Verdict",
    "best_discards", "chance_text", "check_cards", "check_equation", "counted_round",
    "counted_seat",
    "find_discards", "hand_with_discards", "jester_odds", "legal_question", "located",
    "make_discard", "missing_card", "next_card", "p_at_least", "p_draw", "p_holds",
    "simulate_draws", "simulate_holds", "tokens_of", "top_cards", "unseen",
]
