"""Issue 41: a seat the program plays has one name on every screen, "Bot 3" / «Бот 3», from
`sq_edu.i18n.words.bot_name`; Play once said "Player 3", the Dungeon "Bot 2" for the same
third seat, and a class table «Компьютер 3». A person's seat keeps the person's name."""

from __future__ import annotations

import pytest

from sq_edu.apps.shared.seats import seat_name as together_name
from sq_edu.engine import Game
from sq_edu.i18n import msg
from sq_edu.i18n.words import BotSeat, Term, bot_name
from sq_edu.pages.tables.seat_names import seat_name as table_name
from sq_edu.practice.coach.tip import position_lines
from sq_edu.practice.score_sheet import seat_name as dungeon_name
from sq_edu.practice.seats import BOT, PERSON, Seat
from sq_edu.widgets.names import named_seats, player_name

THIRD = 2   # the third seat at the table


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_screen_names_the_bot_in_the_third_seat_alike(lang: str) -> None:
    expected = str(bot_name(THIRD, lang))
    assert expected == {"en": "Bot 3", "ru": "Бот 3"}[lang]
    seats = [Seat(PERSON, name="Mum"), Seat(PERSON, name="Masha"), Seat(BOT)]
    names = {
        "play against bots": str(player_name(THIRD, 0, lang)),
        "play or the Dungeon at one screen": str(together_name(seats, THIRD, lang)),
        "a class table and the teacher's list": table_name({}, THIRD, lang),
        "the Dungeon against bots": dungeon_name(THIRD).render(lang),
    }
    assert set(names.values()) == {expected}, names
    sizes = position_lines(Game.new(players=3, seed=1).observe(0))[-1].render(lang)
    assert {"en": "Bot 3: 5 cards", "ru": "у бота 3 — 5"}[lang] in sizes


def test_inside_a_russian_sentence_the_bot_is_declined_and_english_keeps_the_capital() -> None:
    assert f"{player_name(1, 0, 'ru'):gen}" == "бота 2"
    assert f"{player_name(1, 0, 'ru'):low}" == "бот 2"
    assert f"{player_name(1, 0, 'en'):low}" == "Bot 2"


def test_a_persons_seat_keeps_the_name_even_in_the_coachs_words() -> None:
    """People at one screen: the coach's "Bot 2" becomes the person's own name."""
    prompt = msg("play.cq_holds_nudge", player=BotSeat(1), card=Term("common.card_dragon"))
    assert "does Bot 2 hold" in prompt.render("en") and "у бота 2" in prompt.render("ru")
    named = named_seats(prompt, ["Мама", "Маша", ""])
    assert "does Маша hold" in named.render("en") and "у игрока Маша" in named.render("ru")
    assert named_seats(prompt, ["Мама", " ", ""]).render("en") == prompt.render("en")


def test_a_bots_awake_queens_read_as_a_sentence_after_the_game() -> None:
    """"Bot 2's awake queens: …", not "Awake queens of Bot 2's: …" (seen in a screenshot)."""
    line = msg("play.coach_later_queens", whom=BotSeat(1), queens=Term("common.queen_rose"))
    assert line.render("en") == "Bot 2's awake queens: Rose Queen."
    assert line.render("ru") == "Проснувшиеся королевы бота 2: Королева роз."
    named = named_seats(line, ["", "Маша"]).render("en")
    assert named == "Маша's awake queens: Rose Queen.", named
