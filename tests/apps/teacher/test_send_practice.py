""""Send practice" on the teacher's live view, and what the learners' lesson pages show."""

from __future__ import annotations

from pathlib import Path

from sq_edu.apps.lesson import LessonApp
from sq_edu.apps.teacher.class_view import ClassView
from sq_edu.practice.classroom.live import ActivityLog
from sq_edu.practice.classroom.suggested import suggestion_for

SLIP = "mistakes.words_reversed"


def the_class(folder: Path) -> None:
    for name in ("Ana", "Боря"):
        for _ in range(2):
            ActivityLog(folder, "5b", name).answer("chances", 1, False, skill="chance_count",
                                                   misconception=SLIP)
    ActivityLog(folder, "5b", "Cleo").answer("chances", 1, True, skill="chance_count")


def learner_page(folder: Path, name: str, level: int = 1, lang: str = "en") -> LessonApp:
    app = LessonApp("chances", lang=lang, level=level, progress_dir=folder)
    app.join_class("5b")
    app.panel.secret.value = "4321"
    app.panel.picture.buttons.value = "crown"
    app.set_nickname(name)
    return app


def test_send_practice_reaches_the_learners_of_the_common_mistake(tmp_path: Path) -> None:
    the_class(tmp_path)
    view = ClassView(tmp_path, "5b", "en")
    sends = view.send_box.children
    assert len(sends) == 1 and "Ana, Боря" in sends[0].description
    assert sends[0].description.startswith("Send “")
    before = sends[0]
    view.refresh()
    assert view.send_box.children[0] is before      # a refresh keeps the button (and focus)
    before.click()
    assert "Sent to Ana, Боря" in view.feedback.text
    for name in ("Ana", "Боря"):
        found = suggestion_for(tmp_path, "5b", name)
        assert found is not None and (found.lesson, found.level) == ("chances", 1)
    assert suggestion_for(tmp_path, "5b", "Cleo") is None
    view.set_lang("ru")
    assert view.send_box.children[0].description.startswith("Отправить тренировку «")


def test_the_learner_page_shows_it_and_the_button_opens_the_level(tmp_path: Path) -> None:
    the_class(tmp_path)
    ClassView(tmp_path, "5b", "en").send_box.children[0].click()
    elsewhere = LessonApp("card_detective", level=2, progress_dir=tmp_path)
    elsewhere.join_class("5b")
    elsewhere.panel.secret.value = "4321"
    elsewhere.panel.picture.buttons.value = "crown"
    elsewhere.set_nickname("Ana")
    box = elsewhere.suggested
    assert box.layout.display != "none"
    # Saved at the bottom of the page, shown at the top: it is scrolled into view, once.
    assert box.bringer in elsewhere.children and box.bringer.serial == 1
    assert "Your teacher suggests:" in box.value and "practice" in box.value
    assert 'class="sq-suggested-open"' in box.value
    assert 'href="chances.ipynb?lang=en&amp;level=1&amp;class=5b"' in box.value
    elsewhere.set_lang("ru")
    assert "Учитель предлагает потренироваться" in box.value
    assert "lang=ru" in box.value and "Начать тренировку (уровень 1)" in box.value
    cleo = learner_page(tmp_path, "Cleo")
    assert cleo.suggested.layout.display == "none" and cleo.suggested.value == ""
    assert cleo.suggested.bringer.serial == 0     # nothing to see: no scrolling
    here = learner_page(tmp_path, "Боря")        # the link's page: the practice is begun
    assert "This is the practice your teacher suggests" in here.suggested.value
    assert suggestion_for(tmp_path, "5b", "Боря") is None


def test_no_class_no_suggestion_box(tmp_path: Path) -> None:
    the_class(tmp_path)
    ClassView(tmp_path, "5b", "en").send_box.children[0].click()
    app = LessonApp("chances", level=3, progress_dir=tmp_path)
    app.panel.secret.value = "4321"
    app.set_nickname("Ana")                         # not in a class: nothing is read
    assert app.suggested.layout.display == "none"
