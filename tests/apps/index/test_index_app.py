"""IndexApp without a browser: cards for existing dashboards only, language switch, links."""

from __future__ import annotations

from pathlib import Path

from sq_edu.apps.index import IndexApp
from sq_edu.i18n import Msg
from sq_edu.server.server import DASHBOARDS


def _folder(tmp_path: Path, names: list[str]) -> Path:
    for name in names:
        (tmp_path / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    return tmp_path


def test_lists_only_dashboards_whose_notebook_exists(tmp_path: Path) -> None:
    app = IndexApp("en", folder=_folder(tmp_path, ["index", "chances", "play", "not_a_lesson"]))
    assert app.lessons == ["chances", "play"]
    assert 'href="chances.ipynb?lang=en"' in app.body.value
    assert 'href="play.ipynb?lang=en"' in app.body.value
    assert "equations.ipynb" not in app.body.value
    assert "What are the chances?" in app.body.value
    assert not app.has_teacher and "teacher.ipynb" not in app.body.value + app.grownups.value


def test_every_dashboard_has_a_title_line_and_picture(tmp_path: Path) -> None:
    app = IndexApp("ru", folder=_folder(tmp_path, [*DASHBOARDS, "teacher"]))
    assert app.lessons == list(DASHBOARDS)
    assert app.body.value.count('class="sq-lesson-card"') == len(DASHBOARDS)
    assert app.body.value.count("<svg") == len(DASHBOARDS)
    assert "apps." not in app.body.value  # no missing message key shown raw
    assert 'href="teacher.ipynb?lang=ru"' in app.grownups.value   # behind "For grown-ups"


def test_switch_button_turns_the_page_russian_and_back(tmp_path: Path) -> None:
    app = IndexApp(folder=_folder(tmp_path, ["equations"]))
    assert app.lang == "en" and app.switch.description == "Русский"
    app.switch.click()
    assert app.lang == "ru"
    assert "Математика со «Спящими королевами»" in app.header.value
    assert "Сброс равенствами" in app.body.value
    assert 'href="equations.ipynb?lang=ru"' in app.body.value
    assert app.switch.description == "English"
    app.switch.click()
    assert app.lang == "en" and "Equation discards" in app.body.value


def test_notes_about_refused_link_settings_are_shown(tmp_path: Path) -> None:
    app = IndexApp("ru", notes=["bad_seed"], folder=_folder(tmp_path, []))
    assert "Номер раздачи в ссылке" in app.header.value
    assert "Пока не установлено ни одного урока." in app.body.value


def test_unknown_language_falls_back_to_english(tmp_path: Path) -> None:
    app = IndexApp("xx", folder=_folder(tmp_path, []))
    assert app.lang == "en"
    app.lang = "RU"
    assert app.lang == "ru"


def test_a_page_served_alone_shows_no_dead_links_but_the_command(tmp_path: Path) -> None:
    """`voila notebooks/index.ipynb` cannot open the other notebooks (Voila answers 403), so the
    cards are not links and the page names the command that serves every lesson."""
    folder = _folder(tmp_path, ["equations", "play", "teacher"])
    for lang, command in (("en", "sq-edu serve"), ("ru", "sq-edu serve")):
        app = IndexApp(lang, folder=folder, alone=True)
        assert "href=" not in app.body.value and app.body.value.count("sq-lesson-card") == 2
        assert command in app.header.value and "sq-notes" in app.header.value
    assert 'href="play.ipynb?lang=en"' in IndexApp("en", folder=folder, alone=False).body.value


def test_index_shows_what_a_learner_should_review_today(tmp_path) -> None:
    from sq_edu.apps.index import IndexApp
    from sq_edu.practice import ProgressStore
    from sq_edu.practice.mastery import today_number

    store = ProgressStore.for_learner("Masha", tmp_path)
    progress = store.load()
    pairs = progress.mastery.skill("pairs")
    pairs.attempts, pairs.score, pairs.review_step, pairs.due = 6, 90, 0, today_number()
    store.save(progress)
    app = IndexApp("ru", progress_dir=tmp_path)
    assert "sq-due-review" not in app.body.value          # nobody named yet: nothing shown
    app.nickname.value = "Masha"
    app.show_due.click()
    assert app.due == {"equations": ["pairs"]}
    card = app.body.value.split('data-lesson="equations"', 1)[1].split("</li>", 1)[0]
    assert "Пора повторить: Пары" in card
    app.load_learner("nobody-here")
    assert app.due == {} and "sq-due-review" not in app.body.value


def test_a_lesson_whose_file_is_broken_is_not_offered(tmp_path: Path, monkeypatch) -> None:
    """A teacher's edit that breaks chances.toml (or the Dungeon's scoring lesson) takes that
    card off the index: its page could only say the lesson cannot be opened."""
    from sq_edu.apps.index import app as index_app
    from sq_edu.practice import lesson as lesson_module

    real = lesson_module.load_lessons()
    for broken in ("chances.toml", "dungeon_scoring.toml"):
        damaged = lesson_module.LessonSet(
            {k: v for k, v in real.lessons.items() if f"{k}.toml" != broken},
            [lesson_module.LessonError(broken, "levels", Msg("practice.expect_number"))])
        monkeypatch.setattr(index_app, "load_lessons", lambda damaged=damaged: damaged)
        app = IndexApp("en", folder=_folder(tmp_path, [*DASHBOARDS, "teacher"]))
        gone = "chances" if broken == "chances.toml" else "dungeon"
        assert gone not in app.lessons
        assert f"{gone}.ipynb" not in app.body.value
        assert len(app.lessons) == len(DASHBOARDS) - 1
