"""The class game's rules without a server: majority, ties, one answer per child per round,
late joiners, pause / skip / end, and a game saved and read back (a restart) mid-round."""

from __future__ import annotations

import json

import pytest

from sq_edu.practice.classgame.question import tip_move
from sq_edu.practice.classgame.state import ClassGame, ClassGameError

SHORT_SEED = 30   # a kids' game against 2 bots that ends in 7 rounds playing the coach's tips


def new_game(seed: int = SHORT_SEED, timer: int = 0) -> ClassGame:
    return ClassGame.new("5b", "kids", 2, "quiz", seed, now=0.0, timer=timer)


def right(game: ClassGame) -> str:
    return str(game.question().exercise.answers[0])


def wrong(game: ClassGame) -> str:
    answer = game.question().exercise.answers[0]
    return str(answer + 5) if isinstance(answer, int) else next(
        o.id for o in game.question().exercise.options if o.id != answer)


def a_round_with_choices(game: ClassGame, at_least: int) -> None:
    """Play tips until the class may choose between `at_least` moves."""
    while len(game.choices()) < at_least:
        game.close(1.0)
        assert game.phase == "open", "the game ended before a round with enough choices"


def test_the_class_plays_the_move_most_children_voted_for() -> None:
    game = new_game()
    a_round_with_choices(game, 2)
    wanted = game.choices()[1]
    for name, choice in (("Anna", 1), ("Boris", 1), ("Vera", 0)):
        game.answer(name, right(game), game.round, 2.0)
        game.vote(name, choice, game.round, 2.0)
    assert game.due(2.0)
    kept = game.close(2.0)
    assert kept["choice"] == 1 and kept["votes"][:2] == [1, 2]
    assert kept["move"]["kind"] == wanted.kind and tuple(kept["move"]["cards"]) == wanted.cards


def test_a_tie_goes_to_the_coachs_tip() -> None:
    game = new_game()
    a_round_with_choices(game, 3)
    tip = tip_move(game.obs(), game.live.legal_moves())
    assert tip is not None and game.choices()[0] == tip
    for name, choice in (("Anna", 2), ("Boris", 0), ("Vera", 1)):
        game.answer(name, right(game), game.round, 2.0)
        game.vote(name, choice, game.round, 2.0)
    assert game.winner() == 0
    game.votes = {"Anna": 2, "Boris": 1}   # a tie without the tip: the first tied choice
    assert game.winner() == 1


def test_an_answer_sent_twice_counts_once() -> None:
    game = new_game()
    first = game.answer("Anna", wrong(game), 0, 1.0)
    again = game.answer("Anna", right(game), 0, 1.5)   # a resend, or a second try: the first
    assert first["correct"] is False and again["again"] and again["correct"] is False
    assert len(game.answers) == 1
    game.vote("Anna", 0, 0, 1.6)
    game.vote("Anna", 0, 0, 1.7)
    kept = game.close(2.0)
    assert kept["counted"] == 1 and kept["right"] == 0 and sum(kept["votes"]) == 1


def test_answers_are_judged_as_in_a_lesson_with_the_misconception() -> None:
    game = new_game()
    said = game.answer("Anna", "banana", 0, 1.0)
    assert said["understood"] is False and "Anna" not in game.answers   # she may type again
    said = game.answer("Anna", right(game), 0, 1.0)
    assert said["correct"] is True and said["misconception"] == ""


def test_a_vote_needs_an_answer_and_a_closed_round_refuses_both() -> None:
    game = new_game()
    with pytest.raises(ClassGameError, match="answer_first"):
        game.vote("Anna", 0, 0, 1.0)
    game.answer("Anna", right(game), 0, 1.0)
    game.vote("Anna", 0, 0, 1.0)
    game.close(2.0)
    with pytest.raises(ClassGameError, match="closed"):
        game.answer("Anna", right(game), 0, 2.5)   # a late answer to the round before


def test_a_late_child_counts_from_when_they_join() -> None:
    game = new_game()
    game.answer("Anna", right(game), 0, 1.0)
    game.vote("Anna", 0, 0, 1.0)
    assert game.due(1.0)          # everyone who had joined is in
    game.join("Gleb", 1.5)        # ... then Gleb comes in: the round waits for him
    assert not game.due(1.5)
    game.answer("Gleb", right(game), 0, 2.0)
    game.vote("Gleb", 0, 0, 2.0)
    assert game.due(2.0)


def test_the_timer_closes_a_round_and_pause_stops_it() -> None:
    game = new_game(timer=30)
    game.join("Anna", 0.0)
    assert not game.due(29.0) and game.due(30.0)
    game.pause(30.0)
    assert not game.due(100.0)
    with pytest.raises(ClassGameError, match="paused"):
        game.answer("Anna", right(game), 0, 100.0)
    game.resume(100.0)
    assert not game.due(120.0) and game.due(130.0)


def test_skip_counts_no_answer_and_plays_the_tip() -> None:
    game = new_game()
    tip = game.choices()[0]
    game.answer("Anna", wrong(game), 0, 1.0)
    game.skip(2.0)
    kept = game.rounds[-1]
    assert kept["skipped"] and kept["counted"] == 0 and kept["move"]["kind"] == tip.kind
    assert game.round == 1 and game.streak == 0


def test_reveal_closes_answers_but_not_votes() -> None:
    game = new_game()
    game.answer("Anna", right(game), 0, 1.0)
    game.reveal(1.5)
    with pytest.raises(ClassGameError, match="revealed"):
        game.answer("Boris", right(game), 0, 2.0)
    game.vote("Boris", 0, 0, 2.0)   # he may still vote
    assert "Boris" in game.players


def test_a_saved_game_resumes_mid_round() -> None:
    game = new_game()
    game.answer("Anna", right(game), 0, 1.0)
    game.vote("Anna", 0, 0, 1.0)
    game.join("Boris", 1.0)
    back = ClassGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert back.answers == game.answers and back.votes == {"Anna": 0}
    assert back.question().exercise.prompt == game.question().exercise.prompt
    assert back.choices() == game.choices()
    back.answer("Boris", right(back), 0, 2.0)
    back.vote("Boris", 0, 0, 2.0)
    assert back.due(2.0) and back.close(2.0)["counted"] == 2


def test_a_whole_game_ends_with_stars_and_the_most_improved_skill() -> None:
    game = new_game()
    rounds = 0
    while game.phase == "open":
        answer = wrong(game) if rounds < 2 else right(game)
        for name in ("Anna", "Boris", "Vera"):
            game.answer(name, answer, game.round, 1.0)
            game.vote(name, 0, game.round, 1.0)
        game.close(1.0)
        rounds += 1
        assert rounds < 60
    assert game.live.is_over and game.phase == "over"
    assert game.best_streak == rounds - 2 and 1 <= game.stars() <= 3
    assert game.most_improved() in ("counting_unseen", "chance_count")


def test_the_teacher_chooses_rules_bots_and_coach() -> None:
    for bad in ({"rules": "chess"}, {"bots": 0}, {"bots": 5}, {"coach": "shouting"}):
        args = {"rules": "kids", "bots": 2, "coach": "quiz", **bad}
        with pytest.raises(ClassGameError):
            ClassGame.new("5b", args["rules"], args["bots"], args["coach"], 1, 0.0)
    game = ClassGame.new("5b", "official", 4, "detective", 1, 0.0)
    assert game.live.observe(0).players == 5


def test_a_hand_with_an_equation_is_asked_which_cards_make_it() -> None:
    """The quiz asks a hand holding 3 + 7 = 10 which cards make it; the wrong choices are the
    equations lesson's named mistakes. Kids rules discard no equations: never asked there."""
    from dataclasses import replace

    from sq_edu.practice.classgame.question import class_question, judge

    game = ClassGame.new("5b", "official", 2, "quiz", seed=4, now=0.0)
    obs = replace(game.obs(), hand=(3, 7, 10, "king", 5))
    question = class_question(obs, 0, "quiz")
    ex = question.exercise
    assert ex.prompt.render("en") == "Which of our cards make 3 + 7 = 10?"
    assert ex.prompt.render("ru") == "Какие наши карты составляют 3 + 7 = 10?"
    labels = {o.id: o.label.render("en") for o in ex.options}
    assert labels == {"right": "3, 7 and 10", "no_total": "3 and 7",
                      "wrong_total": "3, 5 and 7"}
    assert judge(question, "right").correct
    assert judge(question, "no_total").misconception == "mistakes.sum_no_total"
    assert judge(question, "wrong_total").misconception == "mistakes.sum_wrong_total"
    assert ex.skill == "sums_within_10" and ex.options[0].id != "right"   # 10 turns the order
    no_equation = replace(obs, hand=(2, 4, 9, "king", "jester"))
    assert class_question(no_equation, 0).exercise.skill == "counting_unseen"
    kids = ClassGame.new("5b", "kids", 2, "quiz", seed=4, now=0.0)
    kids_obs = replace(kids.obs(), hand=(3, 7, 10, "king", 5))
    assert class_question(kids_obs, 0).exercise.skill == "counting_unseen"


def test_the_detective_counts_and_the_quiz_asks_the_moves_maths() -> None:
    """The same positions: the detective asks a count every round, the quiz the equation in
    the hand or (odd rounds) the chance of a power card."""
    from dataclasses import replace

    from sq_edu.practice.classgame.question import class_question

    game = ClassGame.new("5b", "official", 2, "detective", seed=4, now=0.0)
    assert game.question().exercise.skill == "counting_unseen"
    with_equation = replace(game.obs(), hand=(3, 7, 10, "king", 5))
    plain = replace(game.obs(), hand=(2, 4, 9, "king", "jester"))
    for round_no in range(4):
        for obs in (with_equation, plain):
            asked = class_question(obs, round_no, "detective").exercise.skill
            assert asked == "counting_unseen"
    assert class_question(with_equation, 1, "quiz").exercise.skill == "sums_within_10"
    assert class_question(plain, 1, "quiz").exercise.skill == "chance_count"
    assert class_question(plain, 0, "quiz").exercise.skill == "counting_unseen"
