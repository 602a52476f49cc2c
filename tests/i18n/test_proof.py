"""Classes of fault in finished text, over every generator (50 seeds per level, both languages)
and the whole catalogue: no catalogue key or `{placeholder}` left in, no hyphen used as a minus
or a dash, no step that says `x = x`, no typography a script can see («...», "::", «0.25»,
«12 %»), no "You takes", no glossary term replaced, ты to a child and вы to a grown-up
(sq_edu/i18n/proof.py, sq_edu/i18n/audience.py, tools/text_audit.py). The runs
over generated text make thousands of exercises: they are `slow` (run by `make test`); the
catalogue's own checks stay quick."""

from __future__ import annotations

from functools import cache

import pytest

from sq_edu.i18n import t
from sq_edu.i18n.audience import grown_up, register_faults
from sq_edu.i18n.proof import faults, hyphen_minus, raw_keys, same_both_sides
from sq_edu.practice import load_lessons
from tools.text_audit import catalogue_lines, dungeon_lines, generated_lines, register_lines
from tools.text_sample import game_lines

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
    ("Считай так: 5, 10, 15...", "typography"),
    ("Шанс — 12,5 %.", "typography"),            # a plain space before the percent sign
    ("например 0.25 или 1/4", "typography"),
    ("Player 2: awake queens:: rose", "typography"),
    ("Turn 4: chance of a block: 23.7%%", "typography"),
    ("The picture «star» is yours.", "typography"),
    ("You takes the trick", "grammar"),
    ("Ты берёт взятку", "grammar"),
    ("Ты пока берёт", "grammar"),
    ("Кто выйдет: Ты", "grammar"),
    ("1 of the 8 cards are kings", "grammar"),
    ("The question asks about the 1 knights.", "grammar"),
    ("You have only 3 card.", "grammar"),
    ("the dealer's score is 535 + \u221250 = 485", "typography"),
    ("Я : покажи мои карты", "typography"),
    ("Компьютер 2 атакует", "terms"),
    ("Игрок напротив — твой напарник.", "terms"),
    ("Action cards not seen yet: 3", "terms"),
    ("Здесь ты делишь на стопку добора (53).", "terms"),
    ("побеждает самый большой из этих счётов", "terms"),
])
def test_the_proofreader_sees_each_class_of_fault(text: str, kind: str) -> None:
    assert faults(text)[kind], text


@pytest.mark.parametrize("text", [
    "8 \u2212 4 = 4.", "2 + 3 = 5", "\u221250", "Ролл-плей, 5b or maths-2", "1\u201310",
    "Из чисел \u221215 и 40 меньшее — \u221215.", "12,5\u00a0%", "Игрок 3: \u221250",
    "You take the trick", "Ты берёшь взятку", "Маша берёт взятку", "12.5%", "5, 10, 15…",
    "the player opposite you is your partner", "Бот 2: ты — 1", "version 1.2.3",
    "1 of the 3 dragons is not seen yet.", "Player 2: 0 cards", "18 : 42 \u2248 0,429",
    "155 \u2212 250 = \u221295", "You draw a king and a 3.",
])
def test_the_proofreader_passes_good_text(text: str) -> None:
    assert not any(faults(text).values()), faults(text)


@pytest.mark.parametrize(("key", "text"), [
    ("exit_ticket.teacher_help", "Отсканируй QR-код камерой."),   # ты to the teacher
    ("classroom.live_help", "Нажми на имя ученика."),
    ("apps.bad_class", "Учитель не увидит ваши ответы."),        # вы to a child
    ("lessons.ch_hint", "Нажмите «Проверить»."),
])
def test_the_register_check_sees_the_wrong_person(key: str, text: str) -> None:
    assert register_faults(key, text), (key, text)


def test_the_register_follows_the_reader() -> None:
    assert grown_up("classroom.live_help") and grown_up("exit_ticket.teacher_help")
    assert grown_up("apps.teacher_copy") and not grown_up("exit_ticket.needs_nickname")
    assert not register_faults("exit_ticket.no_key", "Обновите страницу учителя.")
    assert not register_faults("lessons.ch_hint", "Нажми «Проверить», когда будешь готов.")


def test_ty_to_a_child_and_vy_to_a_grown_up_in_the_whole_catalogue() -> None:
    assert list(register_lines()) == []


@pytest.mark.parametrize("kind", ["typography", "grammar", "terms"])
def test_no_typography_grammar_or_term_fault_in_the_catalogue(kind: str) -> None:
    bad = [(where, text) for where, text in catalogue_lines() if faults(text)[kind]]
    assert bad == []


@pytest.mark.slow
def test_the_dungeon_table_sheet_and_story_through_whole_hands() -> None:
    """Hands played through the app's controls (scores typed wrong, then right): the table,
    the sheet, the header and the story, with every check (minus signs on the sheet too)."""
    bad = [f"{where}: {line}" for where, line in dungeon_lines(seeds=1)
           if any(faults(line).values())]
    assert bad == []


@pytest.mark.slow
def test_the_coach_in_every_mode_the_story_and_the_game_over_panel() -> None:
    """Whole games with the coach as helper, quiz and detective (answers right and wrong):
    the coach panel, the bots' story, the game-over panel and the grown-ups' settings. The
    helper's list of discards once said "9 = 9" for a pair, which no lesson shows."""
    bad = [f"{category}/{lang}: {line}" for category, lang, line in game_lines(1, games=1)
           if any(faults(line).values())]
    assert bad == []


@cache
def _lesson_faults(lesson_id: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"raw_key": [], "hyphen": [], "same": [], "typography": [],
                                   "grammar": [], "terms": []}
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


@pytest.mark.slow
@pytest.mark.parametrize("lesson_id", LESSONS)
@pytest.mark.parametrize("kind", ["typography", "grammar", "terms"])
def test_no_typography_grammar_or_term_fault_in_generated_text(lesson_id: str,
                                                               kind: str) -> None:
    assert _lesson_faults(lesson_id)[kind] == []


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
