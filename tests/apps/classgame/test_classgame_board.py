"""What the projector and the teacher's spread show, from a class game's views (no browser):
names never on the projector, the worked answer once revealed, the celebration when a queen
wakes, the end screen with stars and no child's name."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq_edu.apps.classgame.board import projector_html
from sq_edu.apps.classgame.words import spread_html
from sq_edu.server.classgame.service import SEED_ENV, ClassGameService
from sq_edu.server.tables import TableService


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ClassGameService:
    monkeypatch.setenv(SEED_ENV, "30")
    service = ClassGameService(TableService(tmp_path, b"k" * 32))
    service.start("5b", "kids", 2, "quiz")
    return service


def test_the_projector_shows_the_spread_and_the_worked_answer_but_no_name(
        games: ClassGameService) -> None:
    games.answer("5b", "Anna", 0, "8")
    games.answer("5b", "Boris", 0, "7")
    assert "sq-classgame-projector-spread" not in projector_html(
        games.view("5b", "projector"), "en")
    games.teacher("5b", "spread", show=True)
    games.teacher("5b", "reveal")
    for lang in ("en", "ru"):
        page = projector_html(games.view("5b", "projector"), lang)
        assert "sq-classgame-projector-spread" in page and "sq-classgame-reveal" in page
        assert "Anna" not in page and "Boris" not in page
    teacher = spread_html(games.view("5b", "teacher"), "en", names=True)
    assert "(Anna)" in teacher and "forgets the cards in own hand" in teacher


def test_a_queen_waking_is_celebrated_and_the_end_names_nobody(
        games: ClassGameService) -> None:
    woke = False
    while games.view("5b", "projector")["phase"] == "open":
        games.answer("5b", "Anna", games.games["5b"].round, "1")
        games.teacher("5b", "close")
        view = games.view("5b", "projector")
        if view["last"]["woke"] and view["phase"] == "open":
            woke = woke or "sq-celebrate" in projector_html(view, "ru")
    assert woke
    end = projector_html(games.view("5b", "projector"), "en")
    assert "sq-classgame-end" in end and "Class stars" in end and "Anna" not in end


def test_a_choice_questions_spread_shows_the_options_words_not_their_ids(
        games: ClassGameService) -> None:
    games.teacher("5b", "skip")   # round 2 of this deal asks a choice (the power card chance)
    game = games.games["5b"]
    ex = game.question().exercise
    assert ex.options
    picked = ex.options[0]
    games.answer("5b", "Anna", 1, picked.id)
    games.teacher("5b", "spread", show=True)
    for lang in ("en", "ru"):
        teacher = spread_html(games.view("5b", "teacher"), lang, names=True)
        board = projector_html(games.view("5b", "projector"), lang)
        for page in (teacher, board):
            assert f">{picked.label.render(lang)}</span>" in page
    assert f">{picked.id}</span>" not in spread_html(games.view("5b", "teacher"), "ru", True)


def test_a_bot_has_one_number_on_the_board_the_lines_and_the_votes() -> None:
    """Seat 2 of the class game is "Bot 3" / «Бот 3» everywhere, as `bot_name` names it on
    every other screen (it was "Bot 2" on the board and "Bot 3" on the vote buttons)."""
    from sq_edu.apps.classgame.board import _bots_html
    from sq_edu.apps.classgame.words import position_words
    from sq_edu.engine import Game, Move
    from sq_edu.i18n.words import bot_name
    from sq_edu.practice.classgame.question import move_words

    obs = Game.new(3, seed=4).observe(0)
    steal = Move("steal", ("knight",), target=2, queen="rose")
    for lang in ("en", "ru"):
        name = str(bot_name(2, lang))
        assert name in _bots_html(obs, lang)
        assert any(line.startswith(name) for line in position_words(obs, lang))
        wanted = name if lang == "en" else name.lower().replace("бот", "бота")
        assert wanted in move_words(steal).render(lang), move_words(steal).render(lang)


def test_a_bots_turn_and_its_shown_cards_name_it_in_each_language() -> None:
    """The turn line and the shown-cards line take the bot's one name, declined in Russian
    («Ходит бот 3», «из руки бота 3»), not a number of their own."""
    from dataclasses import replace

    from sq_edu.apps.classgame.board import _turn_html
    from sq_edu.apps.classgame.words import position_words
    from sq_edu.engine import Game
    from sq_edu.pages.tables.wire import obs_to_wire

    obs = Game.new(3, seed=4).observe(0)
    shown = replace(obs, current_player=2, known_in_hands=((), (), (obs.hand[0],)))
    view = {"obs": obs_to_wire(shown), "phase": "answer"}
    assert "Bot 3 is playing." in _turn_html(view, "en")
    assert "Ходит бот 3." in _turn_html(view, "ru")
    assert any(line.startswith("Shown from the hand of Bot 3: ")
               for line in position_words(shown, "en"))
    assert any(line.startswith("Показаны из руки бота 3: ")
               for line in position_words(shown, "ru"))
