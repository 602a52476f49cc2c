"""Several people at one screen: seats chosen, the screen handed over between two people's
turns (the hand hidden meanwhile), each learner's answers in their own progress file."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sq_edu.apps.play.app import PlayApp
from sq_edu.practice.seats import BOT, PERSON, Seat
from tests.apps.play.test_play_coach import _shown, answer_right, answer_wrong, play_one


def _play_hot_seat_game(app: PlayApp) -> dict[str, int]:
    """Play to the end through the app's own controls; count passes and answers."""
    seen = {"passes": 0, "answers": 0}
    for _ in range(4000):
        if app.game.is_over:
            break
        if _shown(app.pass_screen):
            deciding = app.game.current_player
            assert not _shown(app.board.hand) and not _shown(app.coach_box)  # no peeking
            assert app.board.actions.layout.display == "none"
            app.pass_screen.ready.click()
            assert app.table.viewer == deciding and _shown(app.board.hand)
            assert tuple(app.board.hand.hand) == app.game.observe(deciding).hand
            seen["passes"] += 1
            continue
        if _shown(app.bot_bar):
            assert not _shown(app.board.hand)    # two people here: no hand on a bot's turn
            app.next_button.click()
            continue
        if app.coach.coach.current is not None:
            (answer_right if seen["answers"] % 2 else answer_wrong)(app)
            seen["answers"] += 1
            continue
        play_one(app)
    assert app.game.is_over
    return seen


def test_two_people_and_a_bot_play_a_whole_game_at_one_screen(tmp_path: Path) -> None:
    app = PlayApp(seed=4, progress_dir=tmp_path, pace="step")
    app.setup.together.click()
    assert _shown(app.seat_setup)
    rows = app.seat_setup.rows.children
    rows[0].name.value, rows[1].name.value = "Mum", "Masha"
    rows[0].coach.value = "detective"
    app.seat_setup.start.click()
    assert [s.kind for s in app.table.seats] == [PERSON, PERSON, BOT]
    assert not _shown(app.seat_setup) and not _shown(app.learner)
    assert _shown(app.pass_screen) and "Mum" in app.pass_screen.text.value
    seen = _play_hot_seat_game(app)
    assert seen["passes"] >= 4 and seen["answers"] >= 2
    for name in ("mum", "masha"):
        skills = json.loads((tmp_path / f"{name}.json").read_text())["mastery"]["skills"]
        assert sum(s["play_attempts"] for s in skills.values()) > 0, name
    over = app.over.summaries.children
    lines = " ".join(w.value for w in over if "sq-h" in getattr(w, "value", ""))
    assert "Mum:" in lines and "Masha:" in lines and "right out of" in lines
    told = app.over.text.value   # issue 40: the panel names the seats, no one is "you"
    assert not re.search(r"(?i)\b(you|your)\b", told), told
    assert "Mum:" in told and "Masha:" in told and "Bot 3:" in told, told


def test_seat_setup_refuses_a_table_without_names_kindly() -> None:
    app = PlayApp(seed=1, lang="ru")
    app.setup.together.click()
    app.seat_setup.start.click()              # two people with no names yet
    assert app.feedback.tone == "bad" and "Игрок 1" in app.feedback.text
    assert _shown(app.seat_setup) and app.table.seats[1].kind == BOT   # nothing started
    app.seat_setup.add.click()
    app.seat_setup.add.click()
    assert len(app.seat_setup.rows.children) == 5 and app.seat_setup.add.disabled
    app.seat_setup.back.click()
    assert not _shown(app.seat_setup)


def test_pass_screen_speaks_both_languages() -> None:
    app = PlayApp(seed=2, pace="step")
    app.play_together([Seat(PERSON, "Mum"), Seat(PERSON, "Маша"), Seat(BOT)])
    assert "Pass to Mum" in app.pass_screen.text.value
    app.set_lang("ru")
    assert "Передай экран: Mum" in app.pass_screen.text.value
    assert app.pass_screen.ready.description == "Я Mum: покажи мои карты"



def test_a_table_of_people_names_whose_turn_and_whom_the_coach_asks_about() -> None:
    """Issue 40: the grown-ups' panel closed after the start, «Мама, твой ход!», and the
    coach's seat answers by the seats' names, not «Игрок 1»."""
    from sq_edu.apps.shared.answers import choices_for
    from sq_edu.i18n import msg
    from sq_edu.practice.exercise import SEAT, Exercise

    app = PlayApp(lang="ru", seed=4, pace="step")
    assert "игра с ботами" in app.setup.title.value
    app.settings_toggle.expanded = True
    app.play_together([Seat(PERSON, "Мама"), Seat(PERSON, "Маша"), Seat(BOT)])
    assert not app.settings_toggle.expanded
    assert "играем вместе" in app.setup.title.value   # people at one screen, not «с ботами»
    app.set_lang("en")
    assert "playing together" in app.setup.title.value
    app.set_lang("ru")
    app.pass_screen.ready.click()
    viewer = app.table.viewer
    while app.coach.coach.current is not None:
        answer_right(app)
    assert app.feedback.text.startswith(f"{['Мама', 'Маша'][viewer]}, твой ход!"), (
        app.feedback.text)
    totals = app.board.grid.totals()   # the scoreboard names the seats too
    assert any(line.startswith(("Маша", "Мама")) for line in totals), totals
    assert any(line.startswith("Бот 3") for line in totals), totals
    asked = Exercise("play", 1, 0, "chance_holds", SEAT, msg("common.you"), (0,), seats=(0, 2))
    labels = [label for _v, label in choices_for(asked, 1, "ru", app.board.names)]
    assert labels == ["Мама", "Бот 3"], labels


def test_the_bots_name_follows_the_language_switched_mid_game(tmp_path: Path) -> None:
    """Issue 40: after a switch to Russian mid-game the board still said "Bot 3"."""
    app = PlayApp(seed=4, progress_dir=tmp_path, pace="step")
    app.setup.together.click()
    rows = app.seat_setup.rows.children
    rows[0].name.value, rows[1].name.value = "Mum", "Masha"
    app.seat_setup.start.click()
    assert app.board.names is not None and app.board.names[2] == "Bot 3"
    app.set_lang("ru")
    assert list(app.board.names) == ["Mum", "Masha", "Бот 3"]
    assert all(list(c.panel.names or []) == ["Mum", "Masha", "Бот 3"]
               for c in app.coaches.values())


def _story_and_totals(app: PlayApp) -> str:
    return "\n".join([*app.story_lines(), *app.board.grid.totals()])


def test_a_shared_screen_calls_every_seat_by_its_name_not_you() -> None:
    """Issue 40: at a hot seat the scoreboard said «Ты: пока нет королев» and the story
    «Твой ход.» while the screen is handed round; one child against bots keeps «Ты»."""
    app = PlayApp(lang="ru", seed=4, pace="step")
    app.play_together([Seat(PERSON, "Мама"), Seat(PERSON, "Маша"), Seat(BOT)])
    app.pass_screen.ready.click()
    for _ in range(60):   # a few turns each, the shown person's own draws among them
        if sum(line.startswith("Ходит") for line in app.story_lines()) >= 3:
            break
        if _shown(app.pass_screen):
            app.pass_screen.ready.click()
        elif app.coach.coach.current is not None:
            answer_right(app)
        elif _shown(app.bot_bar):
            app.next_button.click()
        else:
            play_one(app)
    told = _story_and_totals(app)
    assert not re.search(r"(?i)\b(ты|твой|тебя|тебе|тобой)\b", told), told
    assert "Ходит Мама." in told and "Маша:" in told and "Мама:" in told, told
    app.set_lang("en")
    told = _story_and_totals(app)
    assert not re.search(r"(?i)\b(you|your)\b", told), told
    assert "Мама's turn." in told, told

    alone = PlayApp(lang="ru", seed=4, pace="step")
    alone.play_together([Seat(PERSON, "Маша"), Seat(BOT), Seat(BOT)])
    told = _story_and_totals(alone)
    assert "Твой ход." in told and "Ты:" in told and "Маша" not in told, told
