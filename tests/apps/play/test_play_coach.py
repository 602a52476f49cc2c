"""The coach panel in the game app: asks, waits, checks, records to the learner's file."""

from __future__ import annotations

import json
from pathlib import Path

from sq_edu.apps.play import PlayApp
from sq_edu.i18n.proof import raw_keys
from sq_edu.practice import typed_form
from sq_edu.practice.progress import ProgressStore


def _shown(widget) -> bool:
    return widget.layout.display != "none"


def _choices(ex) -> list[str]:
    return [o.id for o in ex.options] if ex.kind == "choice" else [str(s) for s in ex.seats]


def answer_wrong(app: PlayApp) -> None:
    """Answer the waiting question through the panel's own controls, wrongly."""
    panel = app.coach
    ex = panel.coach.current.exercise
    if ex.kind in ("choice", "seat"):
        choices = _choices(ex)
        wrong = next(i for i, c in enumerate(choices) if c != str(ex.answers[0]))
        panel.options.children[wrong].click()
    elif ex.kind == "cards":
        app.board.hand.clear()
        app.board.hand.toggle(0)
        panel.check_cards.click()
    else:
        panel.answer_text.value = {"number": "60", "fraction": "99/100", "percent": "99%"}[
            ex.kind]
        panel.check.click()


def answer_right(app: PlayApp) -> None:
    """Answer the waiting question through the panel's own controls, correctly."""
    panel = app.coach
    ex = panel.coach.current.exercise
    if ex.kind in ("choice", "seat"):
        panel.options.children[_choices(ex).index(str(ex.answers[0]))].click()
    elif ex.kind == "cards":
        app.board.hand.clear()
        left = list(app.board.hand.hand)
        for card in ex.answers[0]:
            index = left.index(card)
            left[index] = None
            app.board.hand.toggle(index)
        panel.check_cards.click()
    else:
        panel.answer_text.value = str(typed_form(ex, ex.answers[0]))
        panel.check.click()


def play_one(app: PlayApp) -> None:
    """One move of the child's own: wake or defend, else attack, else discard."""
    legal = app.legal()
    move = next((m for m in legal if m.kind in ("wake", "choose", "allow", "block")), None)
    move = move or next((m for m in legal if m.kind in ("steal", "sleep", "jester")), None)
    app.play(move or next(m for m in legal if m.kind == "discard"))


def play_on(app: PlayApp) -> None:
    """One step of the game without answering the coach."""
    if _shown(app.bot_bar):
        app.next_button.click()
        return
    play_one(app)


def next_question(app: PlayApp, tries: int = 500) -> None:
    """Play on until the coach asks."""
    for _ in range(tries):
        if app.coach.coach.current is not None:
            return
        play_on(app)
    raise AssertionError("the coach asked nothing")


def play_quiz_game(app: PlayApp) -> dict[str, int]:
    """Play a whole game: every question answered, right and wrong in turn."""
    tally = {"right": 0, "wrong": 0}
    for _ in range(3000):
        if app.game.is_over:
            break
        if _shown(app.bot_bar):
            app.next_button.click()
            continue
        if app.coach.coach.current is not None:
            assert "role=\"status\"" in app.coach.question.value
            assert app.coach.tracker.hidden          # the child counts, not the screen
            if (tally["right"] + tally["wrong"]) % 2 == 0:
                answer_right(app)
                tally["right"] += 1
                assert "sq-status-good" in app.coach.result.value
            else:
                asked = app.coach.coach.current
                answer_wrong(app)
                tally["wrong"] += 1
                # one more try, with a hint, before the answer is shown
                assert "sq-coach-retry" in app.coach.result.value
                assert app.coach.coach.current is asked and app.coach.tracker.hidden
                answer_wrong(app)
                assert "sq-status-bad" in app.coach.result.value
            continue
        play_one(app)
    assert app.game.is_over
    return tally


def test_quiz_game_records_answers_to_the_learners_file(tmp_path: Path) -> None:
    app = PlayApp(seed=5, coach="quiz", progress_dir=tmp_path)
    app.learner.nickname.value = "Lena"
    app.learner.secret.picture.buttons.value = "crown"
    app.learner.secret.secret.value = "2581"
    app.learner.save_button.click()
    tally = play_quiz_game(app)
    assert tally["right"] and tally["wrong"]
    data = json.loads((tmp_path / "lena.json").read_text())
    skills = data["mastery"]["skills"]
    assert sum(s["play_attempts"] for s in skills.values()) == tally["right"] + tally["wrong"]
    assert sum(s["play_correct"] for s in skills.values()) == tally["right"]
    assert _shown(app.coach.summary) and "<svg class=\"sq-chance-replay\"" in \
        app.coach.summary.value
    assert app.coach.coach.replay, "the child attacked or played a jester: chances to replay"
    assert "Questions answered right" in app.coach.summary.value
    app.set_lang("ru")
    assert "Верных ответов" in app.coach.summary.value


def test_answers_before_the_nickname_are_kept_and_the_level_follows_mastery(
        tmp_path: Path) -> None:
    store = ProgressStore.for_learner("Pro", tmp_path)
    saved = store.load()
    saved.nickname = "Pro"
    for _ in range(4):
        saved.mastery.record("card_detective", 1, "counting_unseen", True)
    store.save(saved)
    app = PlayApp(seed=3, progress_dir=tmp_path)
    assert app.setup.coach_level.value == "quiz"            # a new learner: quiz
    app.learner.nickname.value = "Pro"
    app.learner.secret.picture.buttons.value = "moon"       # a record with no secret yet
    app.learner.secret.secret.value = "1234"
    app.learner.save_button.click()
    assert app.setup.coach_level.value == "detective"       # follows the saved mastery
    app.setup.coach_level.value = "helper"                  # a parent's choice stays
    app.learner.set_nickname("Pro")                         # opened in this page already
    assert app.setup.coach_level.value == "helper"


def test_show_me_reveals_the_tracker_and_the_answer_without_counting(tmp_path: Path) -> None:
    app = PlayApp(seed=5, coach="detective", progress_dir=tmp_path)
    for _ in range(300):
        if app.coach.coach.current is not None:
            break
        if _shown(app.bot_bar):
            app.next_button.click()
        else:
            app.play(next(m for m in app.legal() if m.kind in ("discard", "wake", "choose")))
    question = app.coach.coach.current
    assert question is not None and app.coach.tracker.hidden
    app.coach.tracker.toggle.click()     # opening the counter is asking to be shown
    assert app.coach.coach.current is not question
    assert app.coach.coach.history[-1].correct is None
    for _ in range(300):
        if app.coach.coach.current is not None and app.coach.tracker.hidden:
            break
        if _shown(app.bot_bar):
            app.next_button.click()
        else:
            app.play(next(m for m in app.legal() if m.kind in ("discard", "wake", "choose")))
    assert app.coach.tracker.hidden       # a new question hides the counter again
    app.coach.show_me.click()
    assert not app.coach.tracker.hidden
    assert "how to work it out" in app.coach.result.value
    assert app.coach.coach.history[-1].correct is None
    assert not any(r.attempts for r in app.learner.progress.mastery.skills.values())


def play_until_a_number_question(app: PlayApp) -> None:
    """Play on (other questions shown, not answered) until the coach asks for a number."""
    for _ in range(300):
        current = app.coach.coach.current
        if current is not None and current.exercise.kind == "number":
            break
        if current is not None:
            app.coach.show_me.click()
        elif _shown(app.bot_bar):
            app.next_button.click()
        else:
            app.play(next(m for m in app.legal() if m.kind in ("discard", "wake", "choose")))


def test_wrong_and_unreadable_answers_are_said_kindly() -> None:
    app = PlayApp(seed=5, coach="detective")
    app.coach.coach.pace["detective"] = 1    # a question every turn: two numbers in one game
    play_until_a_number_question(app)
    shown = app.coach.coach.current.exercise.answers[0]
    app.coach.show_me.click()                          # a number question shown: its answer
    assert f"<p>{shown} of the " in app.coach.result.value
    play_until_a_number_question(app)
    app.coach.answer_text.value = "lots"
    app.coach.check.click()
    assert "whole number" in app.coach.result.value
    assert app.coach.coach.current is not None        # still waiting for an answer
    app.coach.answer_text.value = "60"
    app.coach.check.click()                           # first try: why, and a hint
    assert "sq-coach-retry" in app.coach.result.value and "too big" in app.coach.result.value
    assert "Try once more" in app.coach.result.value
    app.coach.answer_text.value = "60"
    app.coach.check.click()                           # second try: the answer, worked out
    assert "sq-status-bad" in app.coach.result.value and "too big" in app.coach.result.value
    assert "Count the ones you have seen" in app.coach.result.value   # the steps, not only
    assert "Take them away" in app.coach.result.value                 # the result (#38)


def test_coach_off_hides_the_panel_and_asks_nothing() -> None:
    app = PlayApp(seed=5, coach="off")
    assert not _shown(app.coach)
    for _ in range(200):
        if app.game.is_over:
            break
        assert app.coach.coach.current is None
        if _shown(app.bot_bar):
            app.next_button.click()
        else:
            app.play(next(m for m in app.legal() if m.kind in ("discard", "wake", "choose")))


def test_the_coach_explains_a_counting_bots_moves() -> None:
    app = PlayApp(seed=7, bots="counting", coach="quiz")
    told = set()
    for _ in range(600):
        if app.game.is_over:
            break
        if _shown(app.bot_bar):
            app.next_button.click()
            told.add(app.coach.bots.value)
        else:
            legal = app.legal()
            app.play(next((m for m in legal if m.kind in ("wake", "choose", "allow", "block")),
                          None) or next(m for m in legal if m.kind == "discard"))
    said = " ".join(told)
    assert "What the bots were thinking" in said
    assert "counting bot" in said and ("does not attack" in said or "attacks with" in said)
    assert raw_keys(said) == [], "a catalogue key on the page"
    app.set_lang("ru")
    assert raw_keys(app.coach.bots.value) == [] and "Бот-счётчик" in app.coach.bots.value
