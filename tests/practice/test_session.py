"""LessonSession without widgets: deal and level, hints, answering, counting, reviews, level-up."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from sq_edu.links import MAX_SEED, wrap_seed
from sq_edu.practice import Exercise, typed_form
from sq_edu.practice.exercise import CARDS, EQUATION
from sq_edu.practice.lesson import Lesson
from sq_edu.practice.mastery import RETURN_AFTER, Outcome, items_to_master, misconception_bits
from sq_edu.practice.messages import Msg, msg
from sq_edu.practice.session import Attempt, LessonSession, MemoryRecorder, lesson_level

LESSONS = ["equations", "card_detective", "chances", "queen_points", "dungeon_scoring"]


def right(ex: Exercise) -> object:
    return typed_form(ex, ex.answers[0])


@dataclass
class SpyRecorder(MemoryRecorder):
    """Counts in memory and remembers every attempt and save; can be told that saving fails."""

    attempts: list[Attempt] = field(default_factory=list)
    saves: list[int] = field(default_factory=list)
    failure: Msg | None = None

    def record(self, attempt: Attempt) -> Outcome:
        self.attempts.append(attempt)
        return super().record(attempt)

    def save(self, level: int) -> Msg | None:
        self.saves.append(level)
        return self.failure


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_same_deal_same_exercises(lessons: dict[str, Lesson], lesson_id: str) -> None:
    a = LessonSession(lessons[lesson_id], level=2, seed=12)
    b = LessonSession(lessons[lesson_id], level=2, seed=12)
    for _ in range(3):
        assert a.exercise == b.exercise
        a.next_exercise()
        b.next_exercise()
    assert a.index == 3 and a.exercise.seed == 12 * 1000 + 3


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_right_answer_is_counted_once_and_saved(lessons: dict[str, Lesson],
                                                lesson_id: str) -> None:
    spy = SpyRecorder()
    session = LessonSession(lessons[lesson_id], spy, level=1, seed=5)
    result = session.submit(right(session.exercise))
    assert result.correct and session.solved and session.recorded
    ex = session.exercise
    tells, named = misconception_bits(ex.misconceptions, {why.key for _, why in ex.traps})
    assert named == (1 << len(lessons[lesson_id].levels[0].misconceptions)) - 1
    assert spy.attempts == [Attempt(lesson_id, 1, ex.skill, True, 0,
                                    len(lessons[lesson_id].levels), ex.guess_chance,
                                    tells=tells, named=named)]
    assert spy.saves == [1]
    assert session.submit("anything at all") is result        # solved: the answer stands
    assert len(spy.attempts) == 1
    session.next_exercise()
    assert not session.solved and not session.recorded and session.result is None


def test_wrong_then_right_counts_only_the_first_answer(lessons: dict[str, Lesson]) -> None:
    spy = SpyRecorder()
    session = LessonSession(lessons["queen_points"], spy, level=1, seed=3)
    wrong = session.submit(-1)
    assert wrong.understood and not wrong.correct and not session.solved
    assert session.submit(right(session.exercise)).correct and session.solved
    assert [a.correct for a in spy.attempts] == [False]


def test_unreadable_answer_is_not_counted(lessons: dict[str, Lesson]) -> None:
    spy = SpyRecorder()
    session = LessonSession(lessons["queen_points"], spy, level=1, seed=3)
    result = session.submit("twelve-ish")
    assert not result.understood and not session.recorded and spy.attempts == []


def test_hints_then_worked_answer_and_they_are_counted(lessons: dict[str, Lesson]) -> None:
    spy = SpyRecorder()
    session = LessonSession(lessons["equations"], spy, level=1, seed=1)
    total = session.exercise.hint_count
    for shown in range(1, total + 1):
        assert session.show_hint() and session.hints_shown == shown
    assert not session.show_hint() and not session.hints_left
    assert session.hints == [session.exercise.hint(i) for i in range(total)]
    session.submit(right(session.exercise))
    assert spy.attempts[0].hints == total


def test_equation_answer_from_picked_cards(lessons: dict[str, Lesson]) -> None:
    """Picked cards are judged as cards: no text is built and parsed again."""
    lesson = lessons["equations"]
    level = next(lv.number for lv in lesson.levels
                 if LessonSession(lesson, level=lv.number, seed=4).exercise.kind == EQUATION)
    session = LessonSession(lesson, level=level, seed=4)
    cards = list(session.exercise.answers[0])
    result = session.submit(cards)
    assert result.correct and tuple(result.answer) == tuple(cards)
    other = LessonSession(lesson, level=level, seed=4)
    assert not other.submit(["king"]).understood         # a power card is not an equation
    assert not other.recorded


def test_level_and_seed_policy(lessons: dict[str, Lesson]) -> None:
    lesson = lessons["equations"]
    top = len(lesson.levels)
    assert [lesson_level(lesson, v) for v in (0, -3, 1, top, top + 5, "2", "x", None)] == [
        1, 1, 1, top, top, 2, 1, 1]
    assert wrap_seed(MAX_SEED + 3) == 2 and wrap_seed(-1) == MAX_SEED
    session = LessonSession(lesson, level=99, seed=MAX_SEED + 1)
    assert session.level == top and session.seed == 0
    session.next_exercise()
    assert not session.set_seed(0) and session.index == 1     # the same deal goes on
    assert session.set_seed(0, force=True) and session.index == 0
    session.next_exercise()
    session.set_level(1)
    assert session.index == 0 and session.exercise.level == 1
    assert session.mastery.lesson(lesson.id).level == 1


def test_random_deal_is_easy_to_type(lessons: dict[str, Lesson]) -> None:
    seeds = {LessonSession(lessons["equations"]).seed for _ in range(20)}
    assert all(1 <= s <= 999 for s in seeds) and len(seeds) > 1


def test_level_up_once_the_level_is_mastered(lessons: dict[str, Lesson]) -> None:
    spy = SpyRecorder()
    session = LessonSession(lessons["equations"], spy, level=1, seed=2)
    for _ in range(items_to_master(session.exercise.guess_chance)):
        assert session.level == 1
        session.submit(right(session.exercise))
        if session.outcome is not None and session.outcome.level_up:
            break
        session.next_exercise()
    assert session.level == 2 and msg("practice.level_up", level=2) in session.notes
    assert spy.saves[-1] == 2                      # saved with the new level
    session.next_exercise()
    assert session.exercise.level == 2 and session.notes == []
    assert session.show_example and session.example.level == 2    # teach, then practise


def test_replaying_the_deal_never_counts_towards_the_next_level(
        lessons: dict[str, Lesson]) -> None:
    session = LessonSession(lessons["equations"], level=1, seed=4)
    for _ in range(20):                     # "Start this deal" again and again
        session.set_seed(4, force=True)
        session.submit(right(session.exercise))
    assert session.level == 1 and session.mastery.lesson("equations").score < 80
    assert session.outcome is not None and session.outcome.replay
    assert msg("practice.replay_not_counted") in session.notes


def test_three_misses_step_back_and_show_the_example_again(lessons: dict[str, Lesson]) -> None:
    session = LessonSession(lessons["queen_points"], level=3, seed=8)
    assert session.show_example and session.example_lines()[0] == session.example.prompt
    for _ in range(3):
        session.next_exercise()
        assert not session.show_example
        session.submit(-1)
    assert session.level == 2
    assert msg("practice.step_back", level=2, back=3, n=RETURN_AFTER) in session.notes
    session.next_exercise()
    assert session.exercise.level == 2 and session.show_example
    worked = session.example_lines()[1].render("en")
    assert worked.startswith("Step by step")


def test_the_warm_up_after_a_step_back_comes_back_with_the_example(
        lessons: dict[str, Lesson]) -> None:
    session = LessonSession(lessons["queen_points"], level=3, seed=8)
    for _ in range(3):
        session.next_exercise()
        session.submit(-1)
    for _ in range(RETURN_AFTER):
        session.next_exercise()
        assert session.exercise.level == 2
        session.submit(right(session.exercise))
    back = msg("practice.back_to_level", level=3)
    assert session.level == 3 and back in session.notes
    assert session.outcome is not None and session.outcome.back_to == 3
    session.next_exercise()
    assert session.exercise.level == 3 and session.show_example


def test_failed_save_is_a_note(lessons: dict[str, Lesson]) -> None:
    failure = msg("lesson_app.progress_not_saved")
    session = LessonSession(lessons["queen_points"], SpyRecorder(failure=failure), seed=1)
    session.submit(right(session.exercise))
    assert failure in session.notes and failure in session.result_lines()


def test_due_review_comes_in_between(lessons: dict[str, Lesson]) -> None:
    lesson = lessons["equations"]
    first, second = lesson.levels[0], next(lv for lv in lesson.levels
                                            if lv.skill != lesson.levels[0].skill)
    recorder = MemoryRecorder()
    mastery = recorder.mastery
    old = mastery.skill(first.skill)
    old.attempts, old.score, old.review_step, old.due = 5, 100, 0, mastery.clock
    session = LessonSession(lesson, recorder, level=second.number, seed=7)
    assert session.exercise.level == second.number and session.review_skill is None
    session.next_exercise()
    assert session.review_skill == first.skill and session.exercise.level == first.number
    assert [note.key for note in session.notes] == ["lesson_app.review_now"]
    assert session.notes[0].render("ru").endswith(": Пары.")   # the skill's name, not an id
    assert session.level == second.number                    # the chosen level stays


def test_returning_learner_carries_on_at_their_level(lessons: dict[str, Lesson]) -> None:
    recorder = MemoryRecorder()
    session = LessonSession(lessons["equations"], recorder, seed=3)
    assert session.level == 1
    recorder.mastery.lesson("equations").level = 3
    assert session.learner_changed() and session.level == 3 and session.index == 0
    assert not session.learner_changed()


def test_cards_exercise_context_says_who_you_are(lessons: dict[str, Lesson]) -> None:
    session = LessonSession(lessons["card_detective"], seed=1)
    assert session.exercise.observation is not None
    assert session.context_lines()[0] == msg("lesson_app.you_are_player_1")
    plain = LessonSession(lessons["equations"], level=1, seed=1)
    assert plain.exercise.kind in (CARDS, EQUATION)
    assert plain.context_lines() == list(plain.exercise.context)
