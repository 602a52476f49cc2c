"""The coach's reward in play (a star beside the name on the scoreboard and a tip for the
move) and the questions left without an answer, answered after the game."""

from __future__ import annotations

from pathlib import Path

from sq_edu.apps.play import PlayApp
from sq_edu.apps.shared.answers import AnswerControls, choices_for
from sq_edu.practice import typed_form
from tests.apps.play.test_play_coach import (
    _choices,
    _shown,
    answer_right,
    answer_wrong,
    next_question,
    play_on,
)


def stars_on_the_board(app: PlayApp) -> str:
    return "".join(head.value for head, _box in app.board.grid._awake_rows)


def test_a_right_answer_earns_a_star_and_a_tip_a_wrong_one_neither() -> None:
    app = PlayApp(seed=5, coach="detective")
    next_question(app)
    assert "sq-coach-stars" not in stars_on_the_board(app)
    answer_right(app)
    assert app.coach.coach.stars == 1
    board = stars_on_the_board(app)
    assert 'aria-label="1 star from the coach"' in board and "\u2605" in board
    result = app.coach.result.value
    assert "You earn a star" in result and "sq-status-good" in result
    assert "sq-coach-tip" in result and "The coach&#x27;s tip for your move" in result
    app.set_lang("ru")
    assert 'aria-label="Звёзд от тренера: 1"' in stars_on_the_board(app)
    assert "Ты получаешь звезду" in app.coach.result.value
    assert "Совет тренера на этот ход" in app.coach.result.value
    app.set_lang("en")
    while app.coach.coach.current is not None:     # detective: more this turn, or go on
        answer_wrong(app)
        if app.coach.coach.retrying:
            answer_wrong(app)
        assert "sq-status-bad" in app.coach.result.value
        assert "sq-coach-tip" not in app.coach.result.value
        assert "You earn a star" not in app.coach.result.value
        assert app.coach.coach.stars == 1
    next_question(app)
    answer_wrong(app)                                # wrong, then right on the second try
    answer_right(app)
    assert app.coach.coach.stars == 1, "a star is for a right first answer"
    assert "sq-coach-tip" not in app.coach.result.value
    assert 'aria-label="1 star from the coach"' in stars_on_the_board(app)


def later_answer(app: PlayApp, right: bool) -> None:
    """Answer the first question left for later through the summary's own controls."""
    later = app.coach.later
    ex = later.waiting[0].exercise
    if ex.kind in ("choice", "seat"):
        choices = _choices(ex)
        pick = (choices.index(str(ex.answers[0])) if right else
                next(i for i, c in enumerate(choices) if c != str(ex.answers[0])))
        later.options.children[pick].click()
    elif ex.kind == "cards":
        hand = later.hand
        left = list(hand.hand)
        for card in (ex.answers[0] if right else left[:1]):
            index = left.index(card)
            left[index] = None
            hand.toggle(index)
        later.check_cards.click()
    else:
        later.answer_text.value = (str(typed_form(ex, ex.answers[0])) if right else
                                   {"number": "60", "fraction": "99/100",
                                    "percent": "99%"}[ex.kind])
        later.check.click()


def test_skipped_questions_are_answered_in_the_summary_and_recorded(tmp_path: Path) -> None:
    app = PlayApp(seed=5, coach="detective", progress_dir=tmp_path)
    app.coach.coach.pace["detective"] = 1    # a question every turn: many left for later
    app.learner.nickname.value = "Lena"
    app.learner.secret.picture.buttons.value = "crown"
    app.learner.secret.secret.value = "2581"
    app.learner.save_button.click()
    for _ in range(4000):
        if app.game.is_over:
            break
        play_on(app)                                   # every question played past
    assert app.game.is_over
    later = app.coach.later
    waiting = len(later.waiting)
    assert waiting >= 2 and _shown(later) and later in app.over.summaries.children
    text = later.heading.value
    assert f"Question 1 of {waiting}" in text and "Your hand:" in text
    assert "Discard pile:" in text and "This was turn" in text
    skills = app.learner.progress.mastery.skills
    before = sum(r.play_attempts for r in skills.values())
    later_answer(app, right=True)
    assert len(later.waiting) == waiting - 1
    assert "You earn a star" in later.result.value and "sq-status-good" in later.result.value
    assert app.coach.coach.stars == 1
    assert sum(r.play_attempts for r in skills.values()) == before + 1
    later_answer(app, right=False)
    assert "Not quite" in later.result.value and "sq-status-bad" in later.result.value
    assert app.coach.coach.stars == 1
    assert sum(r.play_attempts for r in skills.values()) == before + 2
    assert f"Question 1 of {waiting - 2}" in later.heading.value or waiting == 2
    app.set_lang("ru")
    assert "Вопросы без ответа" in later.heading.value or waiting == 2
    assert "Не совсем" in later.result.value
    assert later.options.children, "this deal leaves a question with choices here"
    labels = " ".join(o.description for o in later.options.children)
    assert "Player" not in labels and "You" not in labels     # the choices speak Russian
    while later.waiting:
        later_answer(app, right=True)
    assert "Отлично" in later.heading.value and not _shown(later.controls)
    app.new_game()
    assert not _shown(later)


def test_play_and_later_answer_through_one_factory() -> None:
    """The coach in play and the questions after the game make their answer controls with one
    factory (`answers.AnswerControls`): each kind of question is answered the same way in both."""
    app = PlayApp(seed=5, coach="detective")
    next_question(app)
    coach, later = app.coach, app.coach.later
    assert isinstance(coach.answers, AnswerControls) and isinstance(later.answers, AnswerControls)

    def look(controls: AnswerControls, prefix: str) -> list[tuple[object, ...]]:
        return [(type(w).__name__, sorted(c.replace(prefix, "*") for c in w._dom_classes),
                 w.layout.display, getattr(w, "description", ""),
                 getattr(w, "placeholder", ""))
                for w in (controls.answer_text, controls.check, controls.check_cards,
                          controls.typed)] + [sorted(controls.options._dom_classes)]

    for kind in ("number", "percent", "cards", "choice", "seat"):
        for lang in ("en", "ru"):
            coach.answers.show(kind, lang)
            later.answers.show(kind, lang)
            assert look(coach.answers, "coach") == [
                *look(later.answers, "later")[:-1], ["sq-coach-options"]], (kind, lang)
    ex = coach.coach.current.exercise
    seat = ex.observation.seat if ex.observation is not None else 0
    later.answers.set_choices(choices_for(ex, seat, "en"))
    assert ([b.description for b in later.options.children]
            == [b.description for b in coach.options.children])
