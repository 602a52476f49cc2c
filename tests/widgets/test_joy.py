"""The child-first pieces: folds, the sound button, the game-over moment, the celebration."""

from __future__ import annotations

from sq_edu.engine.observation import Event
from sq_edu.widgets.game_over import best_moment, celebration_html
from sq_edu.widgets.joy import Cheer, intro_fold, relabel_folds, settings_fold
from sq_edu.widgets.lesson_app import LessonApp


def test_settings_fold_is_one_button_with_its_box() -> None:
    toggle, body = settings_fold([], "ru")
    assert "sq-settings" in toggle._dom_classes and toggle.label == "Для взрослых"
    assert toggle.mode == "remember" and not toggle.expanded
    assert {"sq-fold-body", "sq-fold-settings"} <= set(body._dom_classes)
    intro, _ = intro_fold([], "en", key="equations")
    assert intro.mode == "first-visit" and intro.key == "intro:equations"
    relabel_folds("en", toggle, intro)
    assert (toggle.label, intro.label) == ("For grown-ups", "How it works")


def test_cheer_counts_cues_and_ignores_unknown_ones() -> None:
    cheer = Cheer("en")
    cheer.cheer("right")
    cheer.cheer("wake")
    cheer.cheer("boom")
    assert (cheer.serial, cheer.cue) == (2, "wake")
    assert cheer.label == "Sounds on or off" and not cheer.class_mode


def test_best_moment_is_the_richest_queen_else_the_biggest_discard() -> None:
    events = [Event("wake", seat=0, queen="rose"), Event("wake", seat=0, queen="cat"),
              Event("wake", seat=1, queen="heart")]
    assert best_moment(events, "en") == (
        "Your best moment: the Cat Queen wakes up for you (15 points).")
    assert "Королева кошек" in best_moment(events, "ru")
    discards = [Event("discard", seat=0, cards=(2, 3, 5)), Event("discard", seat=0, cards=(4,))]
    assert best_moment(discards, "ru") == "Твой лучший момент: сброс: 3 карты за один ход."
    assert "very end" in best_moment([], "en")


def test_celebration_has_stars_and_its_words_escaped() -> None:
    html = celebration_html("<you> win")
    assert 'class="sq-celebrate"' in html and html.count("sq-star") >= 5
    assert "&lt;you&gt; win" in html


def test_a_right_answer_cheers_and_marks_the_cards_to_fly(tmp_path) -> None:
    app = LessonApp("equations", "en", level=2, seed=12, progress_dir=tmp_path)
    app.answer.set(list(app.exercise.answers[0]))
    app.submit()
    assert app.cheer.serial == 1 and app.cheer.cue == "right"
    assert "sq-solved" in app.answer._dom_classes
    app.next_exercise()
    assert "sq-solved" not in app.answer._dom_classes and app.celebrate.value == ""
