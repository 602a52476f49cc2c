"""The shipped dragon bank (issue #44: a "who may hold a dragon" item in a few milliseconds,
not the 20-50 ms of replaying up to 40 games): its letters are what the live questions read
in the replayed games, the lessons' tables are banked, and a banked search answers the
question it was asked whenever the pool holds such a position."""

from __future__ import annotations

import json
import random
from importlib import resources

import pytest

from sq_edu.engine.cards import DRAGON
from sq_edu.maths import p_holds, unseen
from sq_edu.practice.generators import dragon_bank, generate
from sq_edu.practice.generators.chances import clear_band
from sq_edu.practice.generators.detective import BLOCK_PAIRS, block_answer, pair_id
from sq_edu.practice.lesson import get_lesson
from tools.dragon_bank import TABLES, game_line

STORED = json.loads((resources.files(dragon_bank.__package__) / dragon_bank.BANK_FILE)
                    .read_text(encoding="utf-8"))
LINES = {(t["players"], t["rules"]): t["games"] for t in STORED["tables"]}
DRAGON_LEVELS = (("chances", 5), ("card_detective", 3), ("card_detective", 4))


def test_every_table_the_dragon_levels_deal_is_banked() -> None:
    tables = dragon_bank.bank()
    for lesson_id, number in DRAGON_LEVELS:
        level = get_lesson(lesson_id).levels[number - 1]
        assert (level.params["players"], "official") in tables, (lesson_id, number)
    assert set(tables) == set(TABLES) == set(LINES)
    assert all(len(games) == STORED["pool"] for games in tables.values())


def _sample(share: int) -> list[tuple[int, str, int]]:
    chosen = random.Random(44).sample(range(STORED["pool"]), STORED["pool"] * share // 100)
    return [(players, rules, seed) for players, rules in TABLES for seed in sorted(chosen)]


@pytest.mark.parametrize(("players", "rules", "seed"), _sample(2))
def test_a_replayed_game_gives_its_banked_letters(players: int, rules: str, seed: int) -> None:
    assert game_line(seed, players, rules) == LINES[players, rules][seed]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "rules", "seed"), _sample(10))
def test_many_replayed_games_give_their_banked_letters(players: int, rules: str,
                                                       seed: int) -> None:
    assert game_line(seed, players, rules) == LINES[players, rules][seed]


@pytest.mark.parametrize("want", ["impossible", "unlikely", "even", "likely", "certain"])
def test_a_banked_search_finds_the_chance_it_is_asked_for(want: str) -> None:
    """The position it replays has, live, the answer its letter promised (the live labels of
    chances 5 and card detective 3): the letters and the replay agree on the turn."""
    for n in range(15):
        rng = random.Random(f"{want}|{n}")
        target = 1 + n % 2
        pos = dragon_bank.banked_position(rng, 3, "official", (2, 30), want, target,
                                          dragon_bank.holds)
        assert pos is not None
        chance = p_holds(pos.obs, target, DRAGON)
        if pos.obs.awake[target] and clear_band(chance) == want:
            continue
        # The pool's 40 games held no such position: a fallback, never a wrong label.
        assert want in ("likely", "certain"), (want, n, chance)
        assert pos.obs.awake[target]


@pytest.mark.parametrize("want", BLOCK_PAIRS, ids=lambda pair: f"{pair[0]}-{pair[1]}")
@pytest.mark.parametrize("players", [3, 4])
def test_a_banked_search_finds_the_block_answer_and_count_it_is_asked_for(
        want: tuple[str, int], players: int) -> None:
    """Card detective 3-4: the replayed position has, live, the verdict and the count of
    dragons not seen yet that its letter and digit promised (every pair is in the pool)."""
    for n in range(6):
        rng = random.Random(f"{want}|{n}")
        target = 1 + n % (players - 1)
        pos = dragon_bank.banked_position(rng, players, "official", (8, 50), want, target,
                                          dragon_bank.block, games=None)
        assert pos is not None and pos.obs.awake[target]
        assert (block_answer(pos.obs, target), unseen(pos.obs)[DRAGON]) == want, (want, n)


def test_every_dragon_item_answers_its_position_live() -> None:
    """Each item's answer is what the live question reads of its position (the premise)."""
    for lesson_id, number in DRAGON_LEVELS:
        lesson = get_lesson(lesson_id)
        for seed in range(12):
            ex = generate(lesson, number, seed)
            obs, target = ex.observation, int(ex.extra["target"])  # type: ignore[call-overload]
            assert obs is not None and obs.awake[target]
            chance = p_holds(obs, target, DRAGON)
            answer = clear_band(chance) if lesson_id == "chances" else pair_id(
                block_answer(obs, target), unseen(obs)[DRAGON])
            assert answer == ex.answers[0], (lesson_id, number, seed)
