"""The game app's nickname needs the learner's secret, as a lesson does: a classmate who types
another learner's nickname neither reads nor adds to that record, and plays on."""

from __future__ import annotations

import json
from pathlib import Path

from sq_edu.apps.play import PlayApp
from sq_edu.practice.progress import ProgressStore
from sq_edu.practice.seats import BOT, PERSON, Seat
from sq_edu.practice.secret_pictures import hash_secret
from tests.apps.play.test_play_coach import _shown, answer_right, next_question, play_one


def answer_one(app: PlayApp) -> None:
    """Play on until the coach asks, then answer through the panel's controls, rightly."""
    next_question(app, tries=400)
    answer_right(app)


def play_answers(progress) -> int:
    return sum(r.play_attempts for r in progress.mastery.skills.values())


def ana(folder: Path, answers: int = 4) -> ProgressStore:
    """Ana's record: a crown and 2581, and a learner the coach would quiz as a detective."""
    store = ProgressStore.for_learner("Ana", folder)
    saved = store.load()
    saved.nickname, saved.secret = "Ana", hash_secret("crown", "2581")
    for _ in range(answers):
        saved.mastery.record("card_detective", 1, "counting_unseen", True)
    store.save(saved)
    return store


def name(app: PlayApp, nickname: str, picture: str | None, pin: str) -> None:
    app.learner.nickname.value = nickname
    app.learner.secret.picture.buttons.value = picture
    app.learner.secret.secret.value = pin
    app.learner.save_button.click()


def test_a_wrong_picture_neither_reads_nor_adds_to_the_record(tmp_path: Path) -> None:
    store = ana(tmp_path)
    before = store.path.read_bytes()
    app = PlayApp(seed=5, progress_dir=tmp_path)        # the coach follows the learner
    name(app, "Ana", "star", "2581")                    # her digits, the wrong picture
    assert app.feedback.tone == "bad"
    assert "not the secret of Ana" in app.feedback.text
    assert "You can go on playing" in app.feedback.text
    assert not app.learner.learner.named
    assert app.learner.secret.picture.value is None and app.learner.secret.secret.value == ""
    assert app.setup.coach_level.value == "quiz"         # her mastery was not read
    answer_one(app)                                      # the game goes on, coached
    answer_one(app)
    assert play_answers(app.learner.progress) == 2       # kept in this page only
    assert store.path.read_bytes() == before             # nothing reached Ana's record
    name(app, "ΑΝΑ", "star", "2581")                     # Greek look-alike: the same
    assert "not the secret" in app.feedback.text and store.path.read_bytes() == before

    app.set_lang("ru")
    name(app, "Ana", None, "2581")                       # no picture: asked for one
    assert "Выбери свою секретную картинку" in app.feedback.text
    assert "Можно играть дальше" in app.feedback.text
    assert store.path.read_bytes() == before

    app.set_lang("en")
    name(app, "Ana", "crown", "2581")                    # the real Ana: her answers join
    assert app.learner.learner.named and app.feedback.tone != "bad"
    assert app.setup.coach_level.value == "detective"    # now her mastery is read
    assert play_answers(store.load()) == 2


def test_a_new_nickname_takes_the_picture_given_and_keeps_what_was_played(
        tmp_path: Path) -> None:
    app = PlayApp(seed=5, coach="quiz", progress_dir=tmp_path)
    answer_one(app)
    name(app, "Lena", None, "")                          # no secret yet: kindly asked
    assert "Pick your secret picture" in app.feedback.text
    assert not (tmp_path / "lena.json").exists()
    name(app, "Lena", "heart", "7777")
    assert app.learner.learner.named
    saved = json.loads((tmp_path / "lena.json").read_text())
    assert saved["secret"]["form"] == "picture"
    assert sum(s["play_attempts"] for s in saved["mastery"]["skills"].values()) == 1
    answer_one(app)                                      # saved at once from now on
    assert play_answers(ProgressStore.for_learner("Lena", tmp_path).load()) == 2
    other = PlayApp(seed=6, progress_dir=tmp_path)       # another page, the next day
    name(other, "Lena", "heart", "7777")
    assert other.learner.learner.named and "Your answers are saved as Lena" in \
        other.learner.help.value


def test_wrong_pictures_count_in_the_servers_one_counter(tmp_path: Path) -> None:
    """Five wrong secrets from Play pages (a fresh page each) make everyone wait, even with
    the right secret: the counter is the lesson's, kept in the class folder."""
    store = ana(tmp_path)
    for n in range(5):
        app = PlayApp(seed=n, progress_dir=tmp_path)
        name(app, "Ana", "sun", f"{n:04d}")
    assert "Too many wrong secrets" in app.feedback.text
    fresh = PlayApp(seed=9, progress_dir=tmp_path)
    name(fresh, "Ana", "crown", "2581")
    assert "Too many wrong secrets" in fresh.feedback.text
    assert not fresh.learner.learner.named
    assert play_answers(store.load()) == 0


def test_hot_seat_names_with_a_secret_are_not_filed(tmp_path: Path) -> None:
    """Play together has no secrets at the seats: a nickname that has one elsewhere plays on,
    its answers on this screen only; a name this page has opened with its secret is kept."""
    store = ana(tmp_path)
    before = store.path.read_bytes()
    app = PlayApp(seed=4, progress_dir=tmp_path, pace="step")
    app.setup.together.click()
    rows = app.seat_setup.rows.children
    rows[0].name.value, rows[1].name.value = "Ana", "Masha"
    app.seat_setup.start.click()
    assert "Ana" in app.feedback.text and "not kept" in app.feedback.text
    assert (tmp_path / "masha.json").exists()            # no secret anywhere: as before
    for _ in range(3):
        answer_one_seat(app)
    assert store.path.read_bytes() == before


def answer_one_seat(app: PlayApp) -> None:
    """At a hot seat: hand the screen over when asked, then answer one coach question."""
    for _ in range(400):
        if _shown(app.pass_screen):
            app.pass_screen.ready.click()
        elif app.coach.coach.current is not None:
            break
        elif _shown(app.bot_bar):
            app.next_button.click()
        else:
            play_one(app)
    answer_one(app)


def test_two_hot_seat_names_with_a_secret_are_told_in_the_plural(tmp_path: Path) -> None:
    """Issue 40: «Маша, Петя: у этого ника есть секрет» named two nicknames in the singular."""
    ana(tmp_path)
    bo = ProgressStore.for_learner("Bo", tmp_path)
    saved = bo.load()
    saved.nickname, saved.secret = "Bo", hash_secret("star", "1357")
    bo.save(saved)
    for lang, said in (("en", "Ana, Bo: these nicknames have a secret"),
                       ("ru", "Ana, Bo: у этих ников есть секрет")):
        app = PlayApp(seed=4, progress_dir=tmp_path, pace="step", lang=lang)
        app.play_together([Seat(PERSON, "Ana"), Seat(PERSON, "Bo"), Seat(BOT)])
        assert app.feedback.text.startswith(said), app.feedback.text
    app.play_together([Seat(PERSON, "Ana"), Seat(PERSON, "Masha")])
    assert "Ana: у этого ника есть секрет" in app.feedback.text, app.feedback.text
