"""Game-log lines read as natural, gender-neutral sentences in both languages."""

from __future__ import annotations

import pytest

from sq_edu.engine.observation import Event
from sq_edu.i18n import catalog
from sq_edu.practice.generators.positions import LEARNER, event_line

OTHER = LEARNER + 1  # shown as "Player 2"


@pytest.mark.parametrize(("event", "en", "ru"), [
    (Event("discard", seat=OTHER, cards=(4, 6, 10)),
     "Player 2 discarded 4, 6 and 10.", "Игрок 2 сбрасывает 4, 6 и 10."),
    (Event("discard", seat=LEARNER, cards=(3,)),
     "You discarded a 3.", "Ты сбрасываешь 3."),
    (Event("steal", seat=OTHER, target=LEARNER, queen="heart"),
     "Player 2 stole the Heart Queen from you.", "Игрок 2 забирает у тебя Королеву сердец."),
    (Event("steal", seat=LEARNER, target=OTHER + 1, queen="rose"),
     "You stole the Rose Queen from player 3.", "Ты забираешь у игрока 3 Королеву роз."),
    (Event("sleep", seat=OTHER, target=LEARNER, queen="cat"),
     "Player 2 put your Cat Queen to sleep.", "Игрок 2 усыпляет у тебя Королеву кошек."),
    (Event("wake", seat=OTHER, queen="moon"),
     "Player 2 woke the Moon Queen.", "Игрок 2 будит Королеву луны."),
    (Event("discard", seat=OTHER, cards=("jester",)),
     "Player 2 discarded a jester.", "Игрок 2 сбрасывает шута."),
    (Event("block", seat=OTHER, cards=("wand",)),
     "Player 2 blocked with a magic wand.", "Игрок 2 защищается волшебной палочкой."),
    (Event("play", seat=LEARNER, cards=("king",)),
     "You played a king.", "Ты играешь короля."),
    (Event("jester_reveal", seat=OTHER, cards=(8,)),
     "Player 2 played a jester and turned up an 8.", "Игрок 2 играет шута и открывает 8."),
])
def test_event_line_reads_naturally(event: Event, en: str, ru: str) -> None:
    line = event_line(event)
    assert line is not None
    assert line.render("en") == en
    assert line.render("ru") == ru


def test_no_slash_gender_forms_in_lesson_russian() -> None:
    """No "украл(а)" / "видел(а)": a 7-year-old should not have to decode brackets."""
    for key, entry in catalog().items():
        if key.split(".")[0] in {"practice", "lessons", "lesson_app"}:
            texts = entry["ru"].values() if isinstance(entry["ru"], dict) else [entry["ru"]]
            for text in texts:
                assert "(а)" not in text and "(ы)" not in text, key


def test_a_pair_is_said_as_its_two_cards_not_as_x_equals_x() -> None:
    """The coach's list of discards and its tip once read "9 = 9" and «Сбрось 8 = 8»."""
    from sq_edu.practice.messages import discard_words, render_value

    assert render_value(discard_words("9 = 9"), "en") == "9 and 9"
    assert render_value(discard_words("10 = 10"), "ru") == "10 и 10"
    assert render_value(discard_words("3 + 4 = 7"), "ru") == "3 + 4 = 7"


def test_an_empty_discard_pile_is_said_once() -> None:
    """«В сбросе 0 карт: нет карт.» said it twice: an empty pile is «Сброс пока пуст.»"""
    from sq_edu.engine import Game
    from sq_edu.practice.generators.positions import story

    lines = [m.render(lang) for m in story(Game.new(players=3, seed=1).observe(0))
             for lang in ("en", "ru")]
    assert "The discard pile is empty." in lines and "Сброс пока пуст." in lines
    assert not any("0 cards" in line or "0 карт" in line for line in lines)
