"""The game coach without widgets: which question when, from the child's view only, checked
and recorded exactly as the drills are."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from sq_edu.bots import GreedyBot
from sq_edu.engine import Game
from sq_edu.engine.cards import PLAY_DECK, QUEENS, sort_key
from sq_edu.i18n.proof import raw_keys
from sq_edu.maths import counted_seat, find_discards, p_draw, p_holds, unseen
from sq_edu.maths.likelihood import band
from sq_edu.practice import Progress, check, get_lesson, typed_form
from sq_edu.practice.classroom.report import teacher_report
from sq_edu.practice.coach.coach import Coach, chance_form, default_level, situations
from sq_edu.practice.coach.questions import SKILL_LESSON
from sq_edu.practice.coach.talk import explain_bot_turn, summary
from sq_edu.practice.mastery import Mastery


def table(hands, awake=None, rules="official", discard=(), top=(), current=0) -> Game:
    """A position: the named hands, awake queens, discard pile and top of the draw pile."""
    players = len(hands)
    awake = awake or [[] for _ in range(players)]
    held = {q for a in awake for q in a}
    slots = [q for q in QUEENS if q not in held]
    left = Counter(PLAY_DECK)
    for cards in (*hands, discard, top):
        left.subtract(cards)
    draw = list(top) + sorted(left.elements(), key=sort_key)
    return Game.from_setup({"players": players, "hands": hands, "awake": awake,
                            "slots": slots + [None] * (12 - len(slots)), "draw": draw,
                            "discard": list(discard), "current": current}, rules=rules)


def asked(game: Game, level: str = "detective", form: str = "words") -> list:
    """Every question the coach asks at the start of seat 0's turn (answered right in turn)."""
    coach = Coach(level=level, form=form)
    coach.start_turn(game.observe(0), game.legal_moves())
    out = []
    while coach.current is not None:
        question = coach.current
        out.append(question)
        coach.answer(typed_form(question.exercise, question.exercise.answers[0]))
    return out


KNIGHT_HAND = ["knight", 1, 2, 4, 9]
PLAIN_HAND = [1, 1, 9, 9, 6]   # pairs only: no discard of 3 or more cards


def test_knight_with_an_awake_target_asks_unseen_dragons_then_the_block_chance() -> None:
    game = table([KNIGHT_HAND, [5, 5, 7, 7, 8]], awake=[[], ["heart"]], discard=["dragon"])
    questions = asked(game)
    assert [q.type for q in questions] == ["attack_unseen", "attack_holds"]
    count, holds = questions
    obs = game.observe(0)
    assert count.exercise.answers == (unseen(obs)["dragon"],) == (2,)
    assert count.exercise.skill == "counting_unseen" and count.exercise.extra["card"] == "dragon"
    assert holds.exercise.skill == "chance_holds" and holds.exercise.extra["target"] == 1
    assert holds.exercise.answers == (band(p_holds(obs, 1, "dragon")),)
    assert holds.chance == p_holds(obs, 1, "dragon")


def test_no_attack_question_without_a_queen_to_attack_or_without_a_knight() -> None:
    assert "attack_knight" not in situations(
        table([KNIGHT_HAND, [5, 5, 7, 7, 8]]).observe(0),
        table([KNIGHT_HAND, [5, 5, 7, 7, 8]]).legal_moves(), False)
    game = table([PLAIN_HAND, [5, 5, 7, 7, 8]], awake=[[], ["heart"]])
    assert asked(game) == []


def test_potion_asks_about_wands() -> None:
    game = table([["potion", 1, 1, 9, 9], [5, 5, 7, 7, 8]], awake=[[], ["heart"]])
    count, holds = asked(game)
    assert count.exercise.extra["card"] == "wand"
    assert holds.exercise.answers == (band(p_holds(game.observe(0), 1, "wand")),)


@pytest.mark.parametrize("form", ["out_of", "fraction", "percent"])
def test_the_block_chance_in_the_childs_form_is_the_nearest_tenth(form: str) -> None:
    game = table([KNIGHT_HAND, [5, 5, 7, 7, 8]], awake=[[], ["heart"]])
    holds = asked(game, form=form)[1]
    chance = p_holds(game.observe(0), 1, "dragon")
    nearest = str(int(chance * 10 + Fraction(1, 2)))
    assert holds.exercise.answers == (nearest,)
    labels = [o.label.render("en") for o in holds.exercise.options]
    assert len(labels) == 3 and nearest in [o.id for o in holds.exercise.options]
    assert {"out_of": "out of 10", "fraction": "/10", "percent": "%"}[form] in labels[0]


def test_jester_asks_who_wakes_a_queen_then_the_power_card_chance() -> None:
    game = table([["jester", 1, 1, 9, 9], [5, 5, 7, 7, 8], [3, 3, 6, 6, 10]])
    seat_q, power_q = asked(game, form="fraction")
    number = seat_q.exercise.extra["number"]
    assert seat_q.exercise.answers == (counted_seat(0, number, 3),)
    assert seat_q.exercise.skill == "jester_count" and seat_q.exercise.seats == (0, 1, 2)
    assert power_q.exercise.kind == "fraction" and power_q.exercise.skill == "chance_fraction"
    assert power_q.exercise.answers == (p_draw(game.observe(0), ("king", "knight", "dragon",
                                                                  "potion", "wand", "jester")),)


def test_royal_court_shows_three_cards_so_no_simple_power_chance_is_asked() -> None:
    game = table([["jester", 1, 1, 9, 9], [5, 5, 7, 7, 8]], rules="royal_court")
    assert [q.type for q in asked(game)] == ["jester_seat"]


def test_discard_question_only_when_a_discard_of_three_or_more_exists() -> None:
    hand = [2, 3, 5, 9, "king"]
    found = asked(table([hand, [5, 5, 7, 7, 8]]))
    assert [q.type for q in found] == ["discard"]
    answers = {tuple(d.cards) for d in find_discards(hand) if d.size >= 3}
    assert set(found[0].exercise.answers) == answers == {(2, 3, 5)}
    assert asked(table([PLAIN_HAND, [5, 5, 7, 7, 8]])) == []
    assert asked(table([[2, 3, 5, 9, "king"], [5, 5, 7, 7, 8]], rules="kids")) == []


def test_king_count_is_asked_after_the_bots_moves_change_it() -> None:
    game = table([PLAIN_HAND, ["king", 5, 7, 7, 8]], top=[10, 10, 4, 4])
    coach = Coach(level="detective")
    obs = game.observe(0)
    assert coach.start_turn(obs, game.legal_moves()) is None   # first turn: nothing changed
    move = next(m for m in game.legal_moves() if m.kind == "discard" and len(m.cards) == 2)
    coach.after_move(None, move, game.play(move), game.observe(0))
    wake = next(m for m in game.legal_moves() if m.kind == "wake"   # the bot plays its king
                and game.slots[m.slot] not in ("rose", "cat", "dog"))
    game.play(wake)
    question = coach.start_turn(game.observe(0), game.legal_moves())
    assert question is not None and question.type == "count"
    assert question.exercise.answers == (unseen(game.observe(0))["king"],) == (7,)


def test_nothing_is_asked_off_turn_during_a_decision_or_by_off_and_helper() -> None:
    game = table([KNIGHT_HAND, [5, 5, 7, 7, 8]], awake=[[], ["heart"]], current=1)
    assert asked(game) == []
    game = table([KNIGHT_HAND, [5, 5, 7, 7, 8]], awake=[[], ["heart"]])
    assert asked(game, level="off") == [] and asked(game, level="helper") == []


def test_quiz_asks_at_most_one_question_a_turn() -> None:
    game = table([["knight", "jester", 2, 3, 5], [5, 5, 7, 7, 8]], awake=[[], ["heart"]])
    assert len(asked(game, level="detective")) == 2   # a count and its chance, no more
    coach = Coach(level="quiz")
    obs = game.observe(0)
    first = coach.start_turn(obs, game.legal_moves())
    assert first is not None and not coach.queue
    coach.answer("99")
    assert coach.retrying and coach.current is first       # a wrong answer: one more try
    coach.answer("99")
    assert coach.start_turn(obs, game.legal_moves()) is None   # same turn: no second question


def test_the_coach_sees_only_the_childs_observation() -> None:
    """Two games that differ only in cards the child cannot see: the same questions."""
    mine, theirs = ["knight", "jester", 2, 3, 5], [5, 5, 7, 7, 8]
    one = table([mine, theirs], awake=[[], ["heart"]])
    other = table([mine, [6, 6, 8, 8, 10]], awake=[[], ["heart"]], top=[5, 5, 7, 7])
    assert one.observe(0) == other.observe(0)
    assert one.hand(1) != other.hand(1) and one.draw_pile != other.draw_pile
    render = [(q.type, q.exercise.prompt.render("en"), q.exercise.answers)
              for q in asked(one)]
    assert render == [(q.type, q.exercise.prompt.render("en"), q.exercise.answers)
                      for q in asked(other)]


def test_answers_are_checked_by_the_drills_checker_and_recorded() -> None:
    game = table([KNIGHT_HAND, [5, 5, 7, 7, 8]], awake=[[], ["heart"]], discard=["dragon"])
    mastery = Mastery()
    recorded = []

    def record(question, verdict):
        ex = question.exercise
        recorded.append((ex.skill, verdict.correct))
        mastery.record(ex.lesson_id, ex.level, ex.skill, verdict.correct, source="play")

    coach = Coach(level="detective", record=record)
    coach.start_turn(game.observe(0), game.legal_moves())
    ex = coach.current.exercise
    assert coach.answer("two") == check(ex, "two")             # unreadable: not counted
    assert coach.answer("3") == check(ex, "3") and not check(ex, "3").correct
    assert coach.retrying and coach.current.exercise is ex     # one more try, with a hint
    assert coach.answer("3") == check(ex, "3") and not coach.retrying   # counted once
    ex = coach.current.exercise
    right = typed_form(ex, ex.answers[0])
    assert coach.answer(right) == check(ex, right) and check(ex, right).correct
    assert recorded == [("counting_unseen", False), ("chance_holds", True)]
    for skill, _ in recorded:
        assert skill in get_lesson(SKILL_LESSON[skill]).skills
    rec = mastery.skills["counting_unseen"]
    assert (rec.attempts, rec.play_attempts, rec.play_correct) == (1, 1, 0)
    assert mastery.skills["chance_holds"].score > 0     # counts toward mastery like a drill


def test_teacher_report_shows_play_apart_from_drills() -> None:
    progress = Progress(nickname="Masha")
    progress.mastery.record("card_detective", 2, "counting_unseen", True)
    progress.mastery.record("card_detective", 0, "counting_unseen", False, source="play")
    progress.mastery.record("card_detective", 0, "counting_unseen", True, source="play")
    report = teacher_report([progress])
    row = report.rows[0]
    assert (row.attempts, row.correct, row.play_attempts, row.play_correct) == (1, 1, 2, 1)
    html_en, html_ru = report.to_html("en"), report.to_html("ru")
    assert "In play" in html_en and "В игре" in html_ru    # a column of its own
    assert "1 of 2" in html_en and "1 из 2" in html_ru
    assert "1 of 2" in report.to_csv("en")


def test_default_level_and_chance_form_follow_mastery() -> None:
    assert default_level(None) == "quiz" and chance_form(None) == "words"
    mastery = Mastery()
    assert default_level(mastery) == "quiz"
    for _ in range(3):
        mastery.record("card_detective", 1, "counting_unseen", True)
    assert default_level(mastery) == "detective"
    mastery.record("chances", 0, "chance_count", True, source="play")
    assert chance_form(mastery) == "words"      # play answers do not open a form
    mastery.record("chances", 1, "chance_count", True)
    assert chance_form(mastery) == "out_of"
    mastery.lessons["chances"].level = 3
    assert chance_form(mastery) == "percent"


def test_bots_reasoning_is_told_from_public_cards_only() -> None:
    game = table([PLAIN_HAND, [5, 5, 7, 8, 10]], awake=[["heart"], []], current=1,
                 discard=["dragon"])
    move = next(m for m in game.legal_moves() if m.kind == "discard" and m.cards == (5, 5))
    events = [e.seen_by(0) for e in game.play(move)]
    said = explain_bot_turn(game.observe(0), 1, events)
    assert said is not None and said.key == "play.coach_bot_no_attack"
    assert "2 of the 3 dragons" in said.render("en")
    game = table([KNIGHT_HAND, [5, 5, 7, 8, 10]], awake=[[], ["heart"]])
    steal = next(m for m in game.legal_moves() if m.kind == "steal")
    said = explain_bot_turn(game.observe(1), 0, [e.seen_by(1) for e in game.play(steal)])
    assert said is not None and said.key == "play.coach_bot_attacked"
    assert "атакует рыцарем" in said.render("ru") and "драконов" in said.render("ru")
    assert "attacks with a knight" in said.render("en")
    for lang in ("en", "ru"):
        assert raw_keys(said.render(lang)) == [], said.render(lang)


def test_a_whole_game_gives_a_summary_and_a_chance_replay() -> None:
    game = Game.new(players=3, seed=4)
    coach = Coach(level="quiz")
    bots = {s: GreedyBot(random.Random(s)) for s in range(3)}
    rng = random.Random(1)
    while not game.is_over:
        if game.current_player == 0:
            obs = game.observe(0)
            coach.start_turn(obs, game.legal_moves())
            if coach.current is not None:
                ex = coach.current.exercise
                right = rng.random() < 0.5
                coach.answer(typed_form(ex, ex.answers[0]) if right else "nothing")
                coach.show_me() if coach.current is not None else None
            move = bots[0].choose(obs, game.legal_moves())
            point = coach.before_move(obs, move)
            coach.after_move(point, move, game.play(move), game.observe(0))
        else:
            seat = game.current_player
            game.play(bots[seat].choose(game.observe(seat), game.legal_moves()))
    done = summary(coach)
    right, answered = coach.right_wrong()
    assert (done.right, done.answered) == (right, answered) and answered > 0
    assert done.lines()[0].render("ru").startswith("Верных ответов")
    assert all(0 <= p.chance <= 1 for p in coach.replay)


def test_quiz_asks_once_every_few_turns_so_the_game_comes_first() -> None:
    """One question, then the child plays PACE["quiz"] - 1 turns before the next one."""
    from sq_edu.practice.coach import PACE

    game = table([["knight", "jester", 2, 3, 5], [5, 5, 7, 7, 8]], awake=[[], ["heart"]])
    coach = Coach(level="quiz")
    asked_on = []
    for turn in range(1, 8):
        obs = game.observe(0)
        obs = type(obs)(**{**obs.__dict__, "turn": obs.turn + 2 * turn})
        question = coach.start_turn(obs, game.legal_moves())
        if question is not None:
            asked_on.append(turn)
            coach.answer(typed_form(question.exercise, question.exercise.answers[0]))
            assert coach.current is None        # never a second question in that turn
    assert asked_on == list(range(1, 8, PACE["quiz"]))
    slow = Coach(level="quiz")
    slow.pace["quiz"] = 2                       # configurable
    got = [slow.start_turn(type(game.observe(0))(**{**game.observe(0).__dict__, "turn": t}),
                           game.legal_moves()) is not None for t in range(10, 14)]
    assert got == [True, False, True, False]


def test_a_wrong_count_hears_its_slip_named_and_then_the_worked_steps() -> None:
    """Forgetting the dragon in your own hand is named (as in the card detective lesson), and
    after the second wrong answer the count is worked out step by step, not only given."""
    game = table([["knight", "dragon", 2, 4, 9], [5, 5, 7, 7, 8]], awake=[[], ["heart"]],
                 discard=["dragon"])
    coach = Coach(level="detective")
    coach.start_turn(game.observe(0), game.legal_moves())
    question = coach.current
    assert question is not None and question.type == "attack_unseen"
    assert question.exercise.answers == (1,)            # 3 dragons, 1 in the pile, 1 in hand
    first = coach.answer("2")                            # forgot the own hand
    assert first is not None and first.misconception == "lessons.det_trap_own_hand"
    assert coach.retrying
    coach.answer("3")                                    # the whole deck: second wrong answer
    steps = [m.key for m in question.after]
    assert steps[:3] == ["lessons.det_worked_deck", "lessons.det_worked_seen",
                         "lessons.det_worked_take"]
    for lang in ("en", "ru"):
        assert "3 − 2 = 1" in question.after[2].render(lang)


def test_detective_asks_about_one_turn_in_three_and_two_questions_at_most() -> None:
    """A whole game against a bot: the detective asked on 70% of turns, five in one."""
    game = Game.new(2, seed=5)
    bot = GreedyBot(random.Random(5))
    coach = Coach(level="detective")
    turns, asked_turns, most = 0, 0, 0
    while not game.is_over and turns < 60:
        if game.current_player == 0:
            turns += 1
            coach.start_turn(game.observe(0), game.legal_moves())
            count = 0
            while coach.current is not None:
                count += 1
                ex = coach.current.exercise
                coach.answer(typed_form(ex, ex.answers[0]))
            asked_turns += count > 0
            most = max(most, count)
        game.play(bot.choose(game.observe(game.current_player), game.legal_moves()))
    assert turns >= 6 and most <= 2
    assert asked_turns <= turns // 3 + 1
