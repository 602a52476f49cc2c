"""The child-first pieces of the kit: folds, the sound button, the celebration."""

from __future__ import annotations

from sq_edu.widgets.joy import Cheer, celebration_html, intro_fold, relabel_folds, settings_fold


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


def test_celebration_has_stars_and_its_words_escaped() -> None:
    html = celebration_html("<you> win")
    assert 'class="sq-celebrate"' in html and html.count("sq-star") >= 5
    assert "&lt;you&gt; win" in html
