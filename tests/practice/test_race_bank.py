"""The shipped race bank (issue #44: a contract-decided race item in milliseconds, not in the
0.3-0.5 s its search takes): every banked hand is one the contract decides, its recipe still
finds exactly it, and the contract level deals only banked hands."""

from __future__ import annotations

import random

import pytest

from sq_edu.dungeon.scoring import race_winners
from sq_edu.practice.generators import exercise_seed, generate, race_bank
from sq_edu.practice.generators.dungeon import LESSON_ID
from sq_edu.practice.generators.dungeon_race import contract_decides
from sq_edu.practice.lesson import get_lesson
from tools.race_bank import search

PLAYERS, HANDS = race_bank.bank()


def test_every_banked_hand_is_decided_by_the_contract() -> None:
    assert PLAYERS == 4 and len(HANDS) >= 200
    for hand in HANDS:
        assert contract_decides(hand), hand
        assert len(hand.scores_after) == PLAYERS
        assert len(race_winners(hand.scores_after)) == 1
        assert abs(hand.contract_points) == 50


def _recipes(share: int) -> list[tuple[int, dict]]:
    import json
    from importlib import resources

    data = json.loads((resources.files(race_bank.__package__) / race_bank.BANK_FILE)
                      .read_text(encoding="utf-8"))
    entries = {e["recipe"]: e["hand"] for e in data["hands"]}
    numbers = range(data["recipes"])
    chosen = sorted(random.Random(44).sample(numbers, max(1, len(numbers) * share // 100)))
    return [(n, entries.get(n)) for n in chosen]


@pytest.mark.parametrize(("number", "stored"), _recipes(1))
def test_a_recipe_finds_exactly_its_banked_hand(number: int, stored: dict | None) -> None:
    found = search(number)
    assert (found.to_dict() if found else None) == stored


@pytest.mark.slow
@pytest.mark.parametrize(("number", "stored"), _recipes(10))
def test_many_recipes_find_exactly_their_banked_hands(number: int, stored: dict | None) -> None:
    found = search(number)
    assert (found.to_dict() if found else None) == stored


def test_the_contract_level_deals_banked_hands() -> None:
    lesson = get_lesson(LESSON_ID)
    level = next(lv.number for lv in lesson.levels if lv.params.get("contract"))
    banked = {(h.dealer, h.scores_after) for h in HANDS}
    won = 0
    for i in range(30):
        e = generate(lesson, level, exercise_seed(9, i)).extra
        if e["winners"]:
            won += 1
            assert (e["dealer"], tuple(e["scores"])) in banked
    assert won >= 10
