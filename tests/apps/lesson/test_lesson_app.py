"""LessonApp for every lesson: answer right, answer wrong, ask for hints, switch language,
change level and deal, carry progress out and back in. No browser: widgets are driven through
their traits and `Button.click()`; the widgets conftest fails any swallowed callback error."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from fractions import Fraction
from pathlib import Path

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.practice import Exercise, typed_form
from sq_edu.practice.exercise import CARDS, CHOICE, EQUATION, FRACTION, NUMBER, PERCENT, SEAT
from sq_edu.practice.mastery import RETURN_AFTER, STUCK_AFTER, items_to_master

LESSONS = ["equations", "card_detective", "chances", "queen_points"]


def wrong_answer(ex: Exercise) -> object:
    """A readable answer that is surely wrong for `ex`."""
    if ex.kind == CARDS:
        return [next(c for c in ex.hand if (c,) not in ex.answers)]
    if ex.kind == EQUATION:
        return "1 + 1 = 3"
    if ex.kind == NUMBER:
        return str(max(ex.answers) + 1)
    if ex.kind == FRACTION:
        value = Fraction(ex.answers[0]) + Fraction(1, 3)
        return f"{value.numerator}/{value.denominator}"
    if ex.kind == PERCENT:
        return "99" if Fraction(ex.answers[0]) < Fraction(1, 2) else "1"
    if ex.kind == CHOICE:
        return next(o.id for o in ex.options if o.id not in ex.answers)
    if ex.kind == SEAT:
        return next(s for s in ex.seats if s not in ex.answers)
    raise AssertionError(ex.kind)


def answer_right(app: LessonApp) -> None:
    app.answer.set(typed_form(app.exercise, app.exercise.answers[0]))
    app.submit_button.click()


def upload(app: LessonApp, data: bytes) -> None:
    """What the browser does when a file is picked in the FileUpload control."""
    app.upload.value = ({"name": "p.json", "type": "application/json", "size": len(data),
                         "content": memoryview(data),
                         "last_modified": datetime.now(timezone.utc)},)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "progress.json"


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_right_answer(lesson_id: str, path: Path) -> None:
    app = LessonApp(lesson_id, seed=5, progress_path=path)
    skill = app.exercise.skill
    assert app.reveal.children == () and not path.exists()   # nothing revealed before
    answer_right(app)
    assert app.solved and app.feedback.tone == "good"
    assert app.submit_button.disabled and "Yes" in app.feedback.text
    saved = json.loads(path.read_text())["mastery"]["skills"][skill]
    assert (saved["attempts"], saved["correct"], saved["hints"]) == (1, 1, 0)
    if app.exercise.observation is not None:  # the tracker is revealed only now
        assert app.reveal.children and app.reveal_lines.value
    app.next_button.click()
    assert app.index == 1 and not app.solved and not app.recorded
    assert not app.submit_button.disabled and app.feedback.text == ""


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_wrong_answer_then_right(lesson_id: str, path: Path) -> None:
    app = LessonApp(lesson_id, seed=8, level=len(LessonApp(lesson_id).lesson.levels),
                    progress_path=path)
    app.answer.set(wrong_answer(app.exercise))
    app.submit_button.click()
    assert not app.solved and app.feedback.tone == "bad", app.feedback.text
    assert app.result.understood and not app.submit_button.disabled
    answer_right(app)
    assert app.solved
    record = app.progress.mastery.skills[app.exercise.skill]
    assert (record.attempts, record.correct) == (1, 0)   # only the first answer counts


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_hints_escalate_to_the_worked_answer(lesson_id: str) -> None:
    app = LessonApp(lesson_id, seed=2, level=2)
    total = app.exercise.hint_count
    assert total >= 3 and f"1 of {total}" in app.hint_button.description
    for n in range(total):
        assert not app.hint_button.disabled
        app.hint_button.click()
        assert app.hints.value.count("<li>") == n + 1
    assert app.hint_button.disabled
    assert "answer" in app.hints.value.lower()
    answer_right(app)
    record = app.progress.mastery.skills[app.exercise.skill]
    assert record.hints == total and record.correct == 1
    assert app.progress.mastery.lesson(lesson_id).streak == 0   # hinted: not towards a level


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_switch_language(lesson_id: str) -> None:
    app = LessonApp(lesson_id, seed=4)
    english = app.prompt.value
    app.hint_button.click()
    app.answer.set(wrong_answer(app.exercise))
    app.submit_button.click()
    app.language.value = "ru"
    assert app.lang == "ru" and app.prompt.value != english
    assert any("а" <= ch <= "я" for ch in app.prompt.value)
    assert app.submit_button.description == "Проверить ответ"
    assert "Не совсем" in app.feedback.text
    assert any("а" <= ch <= "я" for ch in app.hints.value)
    assert "Мои навыки" in app.mastery.value and "Скачать" in app.export.value
    app.language.value = "en"
    assert app.prompt.value == english


def test_same_deal_for_the_whole_class() -> None:
    a, b = LessonApp("equations", seed=12, level=2), LessonApp("equations", seed=12, level=2)
    assert a.prompt.value == b.prompt.value and a.exercise.hand == b.exercise.hand
    a.seed_box.value = 13
    assert a.exercise.seed != b.exercise.seed and a.index == 0
    a.level_select.value = 5
    assert a.exercise.level == 5 and a.exercise.kind == NUMBER


def test_mastering_a_level_opens_the_next_level(path: Path) -> None:
    app = LessonApp("queen_points", seed=1, progress_path=path)
    for n in range(items_to_master(app.exercise.guess_chance)):
        assert app.level == 1 and app.exercise.level == 1
        answer_right(app)
        if n < items_to_master(app.exercise.guess_chance) - 1:
            app.next_button.click()
    assert app.level == 2 and app.level_select.value == 2
    assert app.level_select.index == 1     # what the browser shows follows too
    assert "Level 2 is open" in app.interpretation.value
    app.next_button.click()
    assert app.exercise.level == 2
    assert LessonApp("queen_points", progress_path=path).level == 2   # remembered


def test_three_misses_warm_up_at_the_level_below_and_come_back(path: Path) -> None:
    """What the child sees: three misses at level 3 step back to a warm-up at level 2 (its
    worked example open, the panel counting the way back), two right answers there bring them
    back to level 3 with its example, and the file remembers where they are."""
    app = LessonApp("queen_points", level=3, seed=8, progress_path=path)
    for _ in range(STUCK_AFTER):
        app.next_button.click()
        app.answer.set(typed_form(app.exercise, wrong_answer(app.exercise)))
        app.submit_button.click()
    assert app.level == 2 and app.level_select.value == 2 and app.intro_toggle.expanded
    assert "warm up with an easier one: level 2" in app.interpretation.value
    assert "back to level 3" in app.interpretation.value
    assert "Warm-up at level 2" in app.mastery.value
    app.intro_toggle.expanded = False
    for _ in range(RETURN_AFTER):
        app.next_button.click()
        assert app.exercise.level == 2
        answer_right(app)
    assert app.level == 3 and app.level_select.value == 3 and app.intro_toggle.expanded
    assert "Back to level 3" in app.interpretation.value
    assert "Warm-up" not in app.mastery.value and "Level 3 of 5" in app.mastery.value
    app.next_button.click()
    assert app.exercise.level == 3
    assert LessonApp("queen_points", progress_path=path).level == 3   # remembered


def test_export_and_import(tmp_path: Path) -> None:
    first = LessonApp("equations", seed=3, progress_path=tmp_path / "a.json")
    first.nickname.value = "Fox"
    first.save_nickname.click()
    answer_right(first)
    assert 'download="sq-progress-Fox.json"' in first.export.value
    data = first.export_bytes()
    second = LessonApp("equations", seed=3, progress_path=tmp_path / "b.json")
    upload(second, data)
    assert second.progress.nickname == "Fox" and second.nickname.value == "Fox"
    assert second.progress.mastery == first.progress.mastery
    assert json.loads((tmp_path / "b.json").read_text())["nickname"] == "Fox"
    assert second.upload.value == ()


def test_bad_upload_and_nickname_get_friendly_messages(tmp_path: Path) -> None:
    app = LessonApp("chances", progress_path=tmp_path / "p.json", lang="ru")
    upload(app, b"junk")
    assert app.feedback.tone == "bad" and "прогресса" in app.feedback.text
    app.nickname.value = "<b>"
    app.save_nickname.click()
    assert app.feedback.tone == "bad" and "Ник" in app.feedback.text


def test_unreadable_progress_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text("{ broken")
    app = LessonApp("queen_points", progress_path=path)
    assert app.feedback.tone == "bad" and "kept aside" in app.feedback.text


def test_unreadable_answers_are_not_mistakes() -> None:
    app = LessonApp("queen_points", seed=2)
    app.answer.set("lots")
    app.submit_button.click()
    assert app.feedback.tone == "info" and not app.recorded
    assert "whole number" in app.feedback.text


def test_controls_carry_stable_css_classes() -> None:
    app = LessonApp("equations", seed=1)
    classes = {c for w in (app.level_select, app.seed_box, app.submit_button, app.hint_button,
                           app.next_button, app.upload, app.nickname, app.answer)
               for c in w._dom_classes}
    assert {"sq-level", "sq-seed", "sq-submit", "sq-hint", "sq-next-exercise", "sq-import",
            "sq-nickname", "sq-answer-cards"} <= classes
    assert "sq-lesson-app" in app._dom_classes


def test_who_wakes_a_queen_answers_sit_in_two_columns() -> None:
    """Chances 4's ten answers (a player and a round) in two columns, a player a row: in one
    column they ran past a phone's first screen. Chances 1's five words stay one a row."""
    app = LessonApp("chances", seed=13, level=4)
    assert app.answer.choice is not None and len(app.exercise.options) == 10
    assert "sq-answer-columns-2" in app.answer.choice._dom_classes
    assert [o.id for o in app.exercise.options][:2] == ["1-1", "1-2"]
    app = LessonApp("chances", seed=13, level=1)
    assert app.answer.choice is not None
    assert "sq-answer-columns-2" not in app.answer.choice._dom_classes


def test_printable_worksheet_for_the_deal() -> None:
    app = LessonApp("queen_points", seed=21, level=3, lang="ru")
    app.worksheet_button.click()
    assert 'download="worksheet-queen_points-3-21-ru.html"' in app.worksheet_link.value
    page = app.make_worksheet(count=2)
    assert "Ответы" in page and page.count('class="exercise"') == 2
    app.language.value = "en"
    assert app.worksheet_link.value == ""   # a new sheet is made in the new language


def test_a_due_review_comes_back_between_exercises() -> None:
    app = LessonApp("queen_points", seed=3, level=3)
    mastery = app.progress.mastery
    old = mastery.skill("queen_sum")
    old.score, old.review_step, old.due = 90, 0, mastery.clock
    app.next_button.click()
    assert app.exercise.skill == "queen_sum" and app.exercise.level == 1
    assert "review of an older skill: Adding queen points" in app.interpretation.value
    answer_right(app)
    assert mastery.skill("queen_sum").due > mastery.clock      # checked again later
    assert app.level == 3                                       # the chosen level stays
    app.next_button.click()
    assert app.exercise.level == 3


def test_equation_answered_by_picking_cards_in_the_builder() -> None:
    """The picked cards themselves are the answer (no equation text built and parsed again);
    a typed equation still wins when there is one."""
    lesson = LessonApp("equations", seed=4).lesson
    level = next(lv.number for lv in lesson.levels
                 if LessonApp("equations", seed=4, level=lv.number).exercise.kind == EQUATION)
    app = LessonApp("equations", seed=4, level=level)
    builder = app.answer.builder
    assert builder is not None
    wanted = list(app.exercise.answers[0])
    picked: list[int] = []
    for card in wanted:
        picked.append(next(i for i, c in enumerate(builder.hand.hand)
                           if c == card and i not in picked))
    builder.hand.selected = picked
    given = app.answer.value()
    assert isinstance(given, list) and sorted(given) == sorted(wanted)   # cards, not text
    app.submit_button.click()
    assert app.solved and app.feedback.tone == "good"


def test_a_group_of_cards_is_revealed_under_its_own_name() -> None:
    """Chances 7 asks about "a power card": the revealed simulator counts the whole group and
    names it ("Power cards: 8 out of 18"), not as a list of ten card names."""
    from sq_edu.apps.lesson.views import reveal_view
    from sq_edu.practice import generate, get_lesson
    from sq_edu.widgets.chance import ChanceView
    from sq_edu.widgets.feedback import Feedback

    ex = next(ex for seed in range(40) if (ex := generate(get_lesson("chances"), 7, seed))
              .extra.get("what") == "lessons.ch_group_power_label")
    good, total = ex.extra["good"], ex.extra["total"]
    for lang, name in (("en", "Power cards"), ("ru", "Карты действий")):
        view = reveal_view(ex, lang, Feedback())
        assert isinstance(view, ChanceView)
        assert view.counts() == (good, total)
        assert view.text().startswith(f"{name}: {good} ")
