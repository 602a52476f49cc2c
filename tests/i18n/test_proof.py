"""Classes of fault in finished text, over every generator (50 seeds per level, both languages)
and the whole catalogue: no catalogue key or `{placeholder}` left in, no hyphen used as a minus
or a dash, no step that says `x = x` (sq_edu/i18n/proof.py, tools/text_audit.py). The runs
over generated text make thousands of exercises: they are `slow` (run by `make test`); the
catalogue's own checks stay quick."""

from __future__ import annotations

from functools import cache

import pytest

from sq_edu.i18n import t
from sq_edu.i18n.proof import faults, hyphen_minus, raw_keys, same_both_sides
from sq_edu.practice import load_lessons
from tools.text_audit import catalogue_lines, generated_lines

SEEDS = 50
LESSONS = sorted(load_lessons().lessons)


@pytest.mark.parametrize(("text", "kind"), [
    ("Игрок 2 атакует картой «practice.card_knight».", "raw_key"),
    ("Open the lesson {title}", "raw_key"),
    ("155 \u2212 250 = -95", "hyphen"),
    ("Something went wrong - try again.", "hyphen"),
    ("ages 11-12", "hyphen"),
    ("3 из 37 — это дробь 3/37 = 3/37.", "same"),
    ("3 — это 3. Сколько не хватает до 10?", "same"),
])
def test_the_proofreader_sees_each_class_of_fault(text: str, kind: str) -> None:
    assert faults(text)[kind], text


@pytest.mark.parametrize("text", [
    "8 \u2212 4 = 4.", "2 + 3 = 5", "\u221250", "Ролл-плей, 5b or maths-2", "1\u201310",
    "Из чисел \u221215 и 40 меньшее — \u221215.", "12,5\u00a0%", "Игрок 3: \u221250",
])
def test_the_proofreader_passes_good_text(text: str) -> None:
    assert not any(faults(text).values()), faults(text)


@cache
def _lesson_faults(lesson_id: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"raw_key": [], "hyphen": [], "same": []}
    for where, line in generated_lines(SEEDS, only=lesson_id):
        for kind, hits in faults(line).items():
            if hits:
                found[kind].append(f"{where}: {line}")
    return found


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_no_catalogue_key_or_placeholder_in_generated_text(lesson_id: str) -> None:
    assert _lesson_faults(lesson_id)["raw_key"] == []


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_no_hyphen_for_a_minus_or_a_dash_in_generated_text(lesson_id: str) -> None:
    assert _lesson_faults(lesson_id)["hyphen"] == []


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", LESSONS)
def test_no_step_that_says_x_equals_x(lesson_id: str) -> None:
    assert _lesson_faults(lesson_id)["same"] == []


def test_no_hyphen_for_a_minus_or_a_dash_in_the_catalogue() -> None:
    bad = [(where, hits) for where, text in catalogue_lines() if (hits := hyphen_minus(text))]
    assert bad == []


def test_no_step_that_says_x_equals_x_in_the_catalogue() -> None:
    bad = [(where, hits) for where, text in catalogue_lines() if (hits := same_both_sides(text))]
    assert bad == []


def test_a_negative_number_gets_the_minus_sign_in_any_message() -> None:
    text = t("dungeon.app_type_score", "ru")
    assert "\u221250" in text and not raw_keys(text)
    assert t("lessons.qp_worked_goal", "en", have=-5, goal=10, need=15) == (
        "From \u22125 up to 10: 10 \u2212 \u22125 = 15.")
