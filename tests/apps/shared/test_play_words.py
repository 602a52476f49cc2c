"""Narration of events: child-readable, person-aware in Russian, nothing hidden told."""

from __future__ import annotations

from sq_edu.apps.shared.words import game_over_text, narrate
from sq_edu.engine import Event


def test_wake_told_for_you_and_for_others() -> None:
    mine = Event("wake", seat=0, queen="cat", slot=3)
    theirs = Event("wake", seat=2, queen="heart", slot=1)
    assert narrate(mine, 0, "en") == "You wake the Cat Queen (15 points)."
    assert narrate(theirs, 0, "en") == "Bot 3 wakes the Heart Queen (20 points)."
    assert narrate(mine, 0, "ru") == "Ты будишь Королеву кошек (15 очков)."
    assert narrate(theirs, 0, "ru") == "Бот 3 будит Королеву сердец (20 очков)."


def test_attacks_blocks_and_steals() -> None:
    attack = Event("play", seat=1, cards=("knight",), target=0, queen="dog")
    assert narrate(attack, 0, "en") == "Bot 2 plays a knight to steal your Dog Queen."
    assert narrate(attack, 0, "ru") == "Бот 2 играет рыцаря, чтобы забрать у тебя Королеву собак."
    potion = Event("play", seat=0, cards=("potion",), target=2, queen="moon")
    assert narrate(potion, 0, "en") == "You use a sleeping potion on Bot 3's Moon Queen."
    assert narrate(potion, 0, "ru") == (
        "Ты играешь сонное зелье, чтобы усыпить у бота 3 Королеву луны.")
    block = Event("block", seat=0, cards=("dragon",), target=1, queen="dog")
    assert narrate(block, 0, "en") == "You block with your dragon! The Dog Queen stays."
    wand = Event("block", seat=1, cards=("wand",), queen="rose")
    assert narrate(wand, 0, "ru") == (
        "Бот 2 защищается волшебной палочкой! Королева роз остаётся на месте.")
    allow = Event("allow", seat=1, cards=("wand",), queen="rose")
    assert narrate(allow, 0, "en") == (
        "Bot 2 has a magic wand but does not use it to protect the Rose Queen.")
    assert narrate(allow, 0, "ru") == (
        "У бота 2 есть волшебная палочка, но Королева роз остаётся без защиты.")
    steal = Event("steal", seat=0, target=2, queen="moon")
    assert narrate(steal, 0, "en") == "You steal the Moon Queen from Bot 3."
    assert narrate(steal, 0, "ru") == "Ты забираешь у бота 3 Королеву луны."


def test_a_declined_block_is_told_only_to_the_defender() -> None:
    """docs/rules.md 5: others see the same whether the defender had a dragon or not."""
    allow = Event("allow", seat=1, cards=("dragon",), target=0, queen="dog", private=True)
    assert narrate(allow, 1, "en") and "dragon" in narrate(allow, 1, "en")
    assert narrate(allow.seen_by(0), 0, "en") is None
    assert narrate(allow.seen_by(2), 2, "ru") is None


def test_discards_read_as_maths() -> None:
    assert narrate(Event("discard", seat=1, cards=(2, 3, 5)), 0, "en") == (
        "Bot 2 discards an equation: 2 + 3 = 5.")
    assert narrate(Event("discard", seat=0, cards=(4, 4)), 0, "en") == (
        "You discard a pair: 4 and 4.")
    assert narrate(Event("discard", seat=0, cards=("knight",)), 0, "ru") == (
        "Ты сбрасываешь рыцаря.")
    assert narrate(Event("discard", seat=1, cards=("wand",)), 0, "ru") == (
        "Бот 2 сбрасывает волшебную палочку.")
    assert narrate(Event("discard", seat=1, cards=(8,)), 0, "en") == "Bot 2 discards an 8."


def test_other_players_draws_are_never_told() -> None:
    secret = Event("draw", seat=1, cards=(7,), count=1, private=True)
    assert narrate(secret.seen_by(0), 0, "en") is None
    assert narrate(secret, 0, "en") is None  # even if a caller forgot seen_by
    own = Event("draw", seat=0, cards=("king", 3), count=2, private=True)
    assert narrate(own.seen_by(0), 0, "en") == "You draw a king and a 3."
    assert narrate(own.seen_by(0), 0, "ru") == "Ты берёшь короля и 3."


def test_jester_and_count() -> None:
    power = Event("jester_reveal", seat=0, cards=("wand",))
    assert narrate(power, 0, "en") == ("You play a jester and turn up a magic wand. "
                                       "A power card! You keep it and play again.")
    other = Event("jester_reveal", seat=1, cards=("dragon",))
    assert narrate(other, 0, "ru").startswith("Бот 2 играет шута и открывает дракона.")
    count = Event("jester_count", seat=1, cards=(3,), target=0)
    assert narrate(count, 0, "en") == ("Count to 3 around the table, starting with whoever "
                                       "played the jester: you wake a queen!")
    assert narrate(Event("play", seat=0, cards=("king",), slot=2), 0, "en") is None


def test_game_over_words() -> None:
    assert game_over_text((0,), 0, "en") == "You win! Well done!"
    assert game_over_text((2,), 0, "ru") == "Победитель: Бот 3."
    assert game_over_text((0, 2), 0, "en") == "A shared win: You, Bot 3."


def test_teams_game_over_shows_team_totals_and_why_it_ended() -> None:
    from dataclasses import replace

    from sq_edu.apps.shared.words import end_reason, team_lines
    from sq_edu.engine import Game

    game = Game.from_setup({"players": 4, "hands": [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10],
                                                    [1, 2, 3, 4, 5], [6, 7, 8, 9, 10]],
                            "awake": [["heart", "moon", "pancake"], ["rose"],
                                      ["sunflower", "cat", "peacock"], []],
                            "current": 0}, rules="teams")
    obs = game.observe(0)
    lines = team_lines(obs, 0, "en")
    points = [sum(obs.points[s] for s in team) for team in ((0, 2), (1, 3))]
    assert lines == [f"Team 1 (You, Bot 3): {points[0]} points",
                     f"Team 2 (Bot 2, Bot 4): {points[1]} points"]
    assert team_lines(obs, 0, "ru")[0].startswith("Команда 1 (Ты, Бот 3)")
    won = replace(obs, is_over=True, winners=(0, 2))
    assert points == [80, 5]
    assert end_reason(won, 0, "en") == "Team 1 reached 80 points."
    assert end_reason(won, 0, "ru") == "Команда 1 набрала очков: 80."
    assert team_lines(Game.new(players=3, seed=1).observe(0), 0, "en") == []


def test_game_over_says_why_for_a_single_player() -> None:
    from dataclasses import replace

    from sq_edu.apps.shared.words import end_reason
    from sq_edu.engine import Game

    game = Game.new(players=2, seed=1)
    obs = game.observe(0)
    over = replace(obs, is_over=True, winners=(1,))
    assert end_reason(over, 0, "en") == "Every queen is awake: the most points wins."


def test_a_class_table_tells_the_seats_by_their_names() -> None:
    """At a class table the seats have names: "Petya", never "Player 2"; Russian does not
    decline a child's name ("у игрока Петя"), and a name keeps its capital letter."""
    names = ["Masha", "Petya", "Computer 3"]
    wake = Event("wake", seat=1, queen="heart", slot=1)
    assert narrate(wake, 0, "en", names) == "Petya wakes the Heart Queen (20 points)."
    assert narrate(wake, 0, "ru", names) == "Petya будит Королеву сердец (20 очков)."
    steal = Event("steal", seat=0, target=1, queen="moon")
    assert narrate(steal, 0, "en", names) == "You steal the Moon Queen from Petya."
    assert narrate(steal, 0, "ru", ["Маша", "Петя"]) == "Ты забираешь у игрока Петя Королеву луны."
    potion = Event("play", seat=2, cards=("potion",), target=1, queen="moon")
    assert narrate(potion, 0, "en", names) == (
        "Computer 3 uses a sleeping potion on Petya's Moon Queen.")
    assert narrate(Event("turn", seat=1), 0, "ru", ["Маша", "Петя"]) == "Ходит Петя."
    assert narrate(Event("turn", seat=1), 0, "ru") == "Ходит бот 2."
    assert game_over_text((1,), 0, "en", names) == "Petya wins."
    assert narrate(wake, 0, "en", ["Masha", ""]) == "Bot 2 wakes the Heart Queen (20 points)."


def test_the_child_who_won_is_told_in_the_second_person() -> None:
    """«Ты: набрано очков — 50» read like a form: the child's own win has its own words."""
    from dataclasses import replace

    from sq_edu.apps.shared.words import end_reason
    from sq_edu.engine import Game

    game = Game.from_setup({"players": 2, "hands": [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]],
                            "awake": [["heart", "moon", "pancake", "rose"], []],
                            "current": 0})
    obs = game.observe(0)
    won = replace(obs, is_over=True, winners=(0,))
    assert end_reason(won, 0, "en") == "You reached 50 points."
    assert end_reason(won, 0, "ru") == "У тебя 50 очков."
    assert end_reason(replace(game.observe(1), is_over=True, winners=(0,)), 1, "ru") == (
        "Бот 1: набрано очков — 50.")


def test_a_shared_screen_tells_the_shown_persons_own_draw_by_name() -> None:
    """With no seat as "you" (several people at one screen) the shown person's own draw is
    told with their name; another's still only as a count (never told)."""
    names = ["Мама", "Маша", "Бот 3"]
    drawn = Event("draw", seat=1, cards=(3, 7), count=2, private=True)
    assert narrate(drawn, None, "ru", names) == "Маша берёт: 3 и 7."
    assert narrate(drawn, None, "en", ["Mum", "Masha", "Bot 3"]) == "Masha draws a 3 and a 7."
    assert narrate(drawn.seen_by(None), None, "ru", names) is None
    assert narrate(Event("turn", seat=1), None, "ru", names) == "Ходит Маша."
    assert narrate(Event("turn", seat=1), 1, "ru", names) == "Твой ход."
