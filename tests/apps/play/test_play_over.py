"""The game-over panel's best moment: the richest queen, else the biggest discard."""

from __future__ import annotations

from sq_edu.apps.play import PlayApp
from sq_edu.apps.play.over import best_moment
from sq_edu.engine.observation import Event
from tests.support.coached_game import Game, act, bots_move, next_action, twin


def test_best_moment_is_the_richest_queen_else_the_biggest_discard() -> None:
    events = [Event("wake", seat=0, queen="rose"), Event("wake", seat=0, queen="cat"),
              Event("wake", seat=1, queen="heart")]
    assert best_moment(events, "en") == (
        "Your best moment: the Cat Queen wakes up for you (15 points).")
    assert "Королева кошек" in best_moment(events, "ru")
    discards = [Event("discard", seat=0, cards=(2, 3, 5)), Event("discard", seat=0, cards=(4,))]
    assert best_moment(discards, "ru") == "Твой лучший момент: сброс: 3 карты за один ход."
    assert "very end" in best_moment([], "en")


def test_the_chance_replay_writes_each_percent_once_in_the_readers_language() -> None:
    """"31,8 %" in Russian and "31.8%" in English, never "31.8%%" (a sign added twice)."""
    from fractions import Fraction

    from sq_edu.apps.shared.chart import replay_svg
    from sq_edu.practice.coach.coach import ChancePoint

    points = [ChancePoint("power", Fraction(7, 22), False, 13)]
    ru, en = replay_svg(points, "ru"), replay_svg(points, "en")
    assert "31,8\u00a0%" in ru and "%%" not in ru and "31.8" not in ru
    assert "31.8%" in en and "%%" not in en


def test_a_queen_lost_before_the_end_is_not_praised_as_held() -> None:
    """Issue 40: "no queens yet" beside "the Dog Queen wakes up for you"."""
    events = [Event("wake", seat=0, queen="dog"), Event("wake", seat=0, queen="rose")]
    kept_rose = best_moment(events, "en", 0, ("rose",))
    assert "Rose Queen wakes up for you" in kept_rose and "Dog" not in kept_rose
    lost_all = best_moment(events, "en", 0, ())
    assert "wakes up for you" not in lost_all and "Dog Queen" in lost_all
    assert "драконом" in best_moment(events, "ru", 0, ())


def _coached_loss(lang: str = "en", answer: bool = False) -> PlayApp:
    """Seed 1 against two greedy bots with the quiz coach: the child wakes the Dog Queen,
    loses her, and loses the game (tests/support/coached_game's strategy)."""
    app = twin(Game(seed=1, opponents=2, bots="greedy", coach="quiz"), lang)
    for _ in range(400):
        bots_move(app)
        if app.obs.is_over:
            break
        question = app.coach.coach.current
        if question is not None and app.obs.pending is None and (
                not answer or question.type == "discard"):
            app.coach.coach.put_aside()     # the child plays on without answering
        act(app, next_action(app))
    assert app.obs.is_over and 0 not in app.obs.winners
    return app


def test_game_over_after_a_loss_agrees_with_itself() -> None:
    app = _coached_loss()
    text = app.over.text.value
    assert "dog" not in app.obs.awake[0] and "Dog Queen wakes up for you" not in text, text
    assert "no queens yet" not in text, text     # the game is over: not "yet"
    summary = app.coach.summary.value
    assert "0 of 0" not in summary and "switch the coach to quiz" not in summary, summary
    assert "waiting for you below" in summary and "before your move" in summary, summary
    later = app.coach.later
    question = later.waiting[0]
    later.answer(question.exercise.answers[0])
    assert "Questions answered right: 1 of 1" in app.coach.summary.value

