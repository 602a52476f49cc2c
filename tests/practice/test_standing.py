"""The one rule for a learner's standing (issue 38): the hint copier, the second-try corrector,
the one-mistake learner and the child who only played, judged the same from the learner's
progress (the lesson page, the report) and from the class's answers (the teacher's grid)."""

from __future__ import annotations

import pytest

from sq_edu.practice.classroom.standing import Try, learner_cells
from sq_edu.practice.mastery import Mastery
from sq_edu.practice.progress import Progress
from sq_edu.practice.standing import Evidence, Standing, standing_of
from sq_edu.practice.verdict import skill_standing

SLIP = "lessons.det_trap_own_hand"     # "forgets the cards in their own hand"
LESSON, SKILL = "card_detective", "counting_unseen"


def _both(answers: list[tuple[bool, int, str, bool]], play: bool = False
          ) -> tuple[Standing, Standing]:
    """Each item as (right at the first try, hints before it, its named mistake, right at the
    second try): recorded into a progress as the lesson page does, and traced as the class
    table does. Returns (progress verdict, grid verdict)."""
    progress = Progress(nickname="Kim")
    tries: list[Try] = []
    for i, (right, hints, slip, second) in enumerate(answers):
        progress.mastery.record(LESSON, 1, SKILL, right, hints, 4, guess=0.1,
                                slip=slip, source="play" if play else "drill")
        how = "play" if play else "help" if hints else "first"
        tries.append((float(i), LESSON, 1, SKILL, right, slip, how))
        if not right:
            tries.append((i + 0.5, LESSON, 1, SKILL, second, "", "again"))
    return (skill_standing(progress.mastery, SKILL),
            learner_cells(tries)[SKILL].standing)


def test_the_detective_lesson_has_the_skill_these_tests_use() -> None:
    from sq_edu.practice.verdict import lesson_of_skill
    assert lesson_of_skill()[SKILL].id == LESSON


def test_the_hint_copier_is_learning_never_mastered() -> None:
    """Twelve items, each answered right after the worked answer: help, never right alone."""
    mine, grid = _both([(True, 3, "", True)] * 12)
    assert mine == grid == Standing("learning")


def test_the_second_try_corrector_gets_no_credit_for_second_tries() -> None:
    """Wrong on two first tries of three, each fixed at the second try: the fixes are help,
    so most first tries are wrong: struggling (no one mistake to name)."""
    mine, grid = _both([(False, 0, "", True), (False, 0, "", True), (True, 0, "", True)] * 4)
    assert mine == grid == Standing("struggling")
    progress = Progress(nickname="Kim")
    for _ in range(4):   # right alone on every other item: practising, never mastered
        progress.mastery.record(LESSON, 1, SKILL, False, guess=0.1)
        progress.mastery.record(LESSON, 1, SKILL, True, guess=0.1)
    assert skill_standing(progress.mastery, SKILL) == Standing("practising")


def test_the_one_mistake_learner_is_struggling_with_that_mistake_whatever_the_second_try(
) -> None:
    mine, grid = _both([(False, 0, SLIP, True), (True, 0, "", True)] * 5)
    assert mine == grid == Standing("struggling", SLIP)
    assert "own hand" in mine.text("en") and mine.text("ru").startswith("трудности: ")


def test_the_child_who_only_played_is_practising_never_mastered() -> None:
    """The coach's questions all right: no lesson level opened, so never "mastered"."""
    mine, grid = _both([(True, 0, "", True)] * 20, play=True)
    assert mine == grid == Standing("practising")


def test_a_perfect_learner_is_mastered_once_the_level_opens_and_not_before() -> None:
    m = Mastery()
    words = []
    for _ in range(40):
        outcome = m.record(LESSON, 1, SKILL, True, 0, 4, guess=0.1)
        words.append(outcome.stage)
        if outcome.level_up:
            break
    assert words[-1] == "mastered" and "mastered" not in words[:-1]
    assert skill_standing(m, SKILL).word == "mastered"


def test_struggling_ends_once_the_mistake_stops() -> None:
    ev = Evidence()
    for _ in range(3):
        ev.add(False, slip=SLIP)
    assert standing_of(ev) == Standing("struggling", SLIP)
    for _ in range(4):
        ev.add(True)
    assert standing_of(ev) == Standing("practising")
    assert ev.top_mistake() == (SLIP, 3)


def test_three_wrong_first_tries_in_a_row_are_struggling() -> None:
    ev = Evidence()
    for _ in range(3):
        ev.add(False)
    assert standing_of(ev, opened=True) == Standing("struggling")


def test_the_evidence_survives_the_progress_file() -> None:
    m = Mastery()
    m.record(LESSON, 1, SKILL, False, slip=SLIP)
    again = Mastery.from_dict(m.to_dict())
    assert again.evidence == m.evidence and again.evidence[SKILL].marks == ["-" + SLIP]


@pytest.mark.parametrize("bad", [{"marks": ["=cmd"]}, {"mistakes": {"A B": 1}},
                                 {"attempts": -1}, {"attempts": True}, {"extra": 1}])
def test_a_forged_evidence_table_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Evidence.from_dict(bad)


def test_an_older_progress_file_is_practising_or_mastered_never_new() -> None:
    """A file from before the evidence was kept has attempts but no items: not "new"."""
    m = Mastery()
    for _ in range(40):
        if m.record(LESSON, 1, SKILL, True, 0, 4, guess=0.1).level_up:
            break
    m.record("equations", 1, "pairs", True)
    data = m.to_dict()
    del data["evidence"]
    old = Mastery.from_dict(data)
    assert skill_standing(old, SKILL).word == "mastered"
    assert skill_standing(old, "pairs").word == "practising"


def test_the_standing_words_are_one_form_in_each_language() -> None:
    """Issue 41: the five stages read as one kind of word, in Russian a noun for the stage
    (no «изучаем» beside «освоен» and «затрудняется»), in English a participle."""
    from sq_edu.practice.standing import WORDS

    ru = [Standing(w).text("ru") for w in WORDS]
    en = [Standing(w).text("en") for w in WORDS]
    assert ru == ["начало", "изучение", "закрепление", "трудности", "мастерство"]
    assert en == ["starting", "learning", "practising", "struggling", "mastered"]
