"""The child's exit ticket and the teacher's ticket reader, wired as the pages wire them: the
class link's key, a learner's answers, the ticket's code read into the teacher's class table."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.apps.teacher import TeacherApp
from sq_edu.i18n import t
from sq_edu.practice.classroom.exit_ticket import KEY_PARAM, key_in_query
from tests.apps.lesson.test_lesson_app import answer_right, wrong_answer


def name(app: LessonApp, nickname: str, pin: str = "2581") -> None:
    app.nickname.value = nickname
    app.panel.picture.buttons.value = "crown"
    app.panel.secret.value = pin
    app.save_nickname.click()


@pytest.fixture
def teacher(tmp_path: Path) -> TeacherApp:
    app = TeacherApp("en", teacher_key="", progress_dir=str(tmp_path / "teacher"),
                     class_code="5b")
    app.tickets_in_link = True   # as on the static site (tests/site/test_site_tickets.py)
    return app


def child(tmp_path: Path, teacher: TeacherApp, nickname: str = "Mila") -> LessonApp:
    key = key_in_query(teacher.class_query())
    app = LessonApp("equations", "en", level=1, seed=4, progress_dir=tmp_path / nickname)
    app.join_class("5b")
    app.offer_exit_tickets(key)
    name(app, nickname)
    return app


def test_class_link_carries_a_key_kept_by_the_teacher(tmp_path: Path,
                                                      teacher: TeacherApp) -> None:
    query = teacher.class_query()
    assert f"&{KEY_PARAM}=" in query and key_in_query(query) == teacher.ticket_key
    again = TeacherApp("en", teacher_key="", progress_dir=str(tmp_path / "teacher"))
    assert again.ticket_key == teacher.ticket_key   # the same class link tomorrow


def test_ticket_shown_and_read_into_the_class_table(tmp_path: Path,
                                                    teacher: TeacherApp) -> None:
    app = child(tmp_path, teacher)
    answer_right(app)
    app.next_button.click()
    app.answer.set(wrong_answer(app.exercise))
    app.submit_button.click()
    panel = next(p for p in app.children if "sq-exit-ticket-panel" in p._dom_classes)
    panel.button.click()
    assert "<svg" in panel.view.value and "sq-exit-ticket-code" in panel.view.value
    assert t("exit_ticket.summary", "en", skill="Pairs", right=1, n=2) in panel.view.value
    assert "Pairs: 1 of 2 right. Now: practising" in panel.view.value   # the one rule's word
    code = panel.code()
    assert code in panel.view.value

    section = teacher.tickets
    assert section.read(code).key == "exit_ticket.added"
    assert "Mila" in section.grid.value and "sq-grid" in section.grid.value
    assert "data:text/csv" in section.csv_link.value
    assert section.read(code).key == "exit_ticket.again"
    assert len(section.box.activities()[0].tries) == 2
    middle = len(code) // 2 + (code[len(code) // 2] == "-")
    typo = code[:middle] + ("Z" if code[middle] != "Z" else "Y") + code[middle + 1:]
    section.code.value = typo
    section.add.click()
    last = section.last
    assert last is not None and last.key == "exit_ticket.typo"   # the group is named
    assert last.params["group"] == code[:middle].count("-") + 1
    assert section.code.value == typo   # kept for the teacher to correct
    assert t(last.key, "en", **last.params) in section.status.text
    teacher.set_lang("ru")
    assert t(last.key, "ru", **last.params) in section.status.text


def test_another_class_ticket_refused(tmp_path: Path, teacher: TeacherApp) -> None:
    other = TeacherApp("en", teacher_key="", progress_dir=str(tmp_path / "other"))
    other.tickets_in_link = True
    app = child(tmp_path, other, "Bo")
    answer_right(app)
    panel = next(p for p in app.children if "sq-exit-ticket-panel" in p._dom_classes)
    assert teacher.tickets.read(panel.code()).key == "exit_ticket.other_class"


def test_ticket_needs_a_nickname(tmp_path: Path, teacher: TeacherApp) -> None:
    app = LessonApp("equations", "en", level=1, seed=4, progress_dir=tmp_path / "x")
    panel = app.offer_exit_tickets(teacher.ticket_key)
    panel.button.click()
    assert panel.view.value == ""
    assert t("exit_ticket.needs_nickname", "en") in app.feedback.text


def test_ticket_opens_by_itself_when_the_last_level_is_mastered(tmp_path: Path,
                                                                teacher: TeacherApp) -> None:
    last = len(LessonApp("queen_points").lesson.levels)
    app = LessonApp("queen_points", "ru", level=last, seed=1, progress_dir=tmp_path / "q")
    panel = app.offer_exit_tickets(teacher.ticket_key)
    name(app, "Mila")
    for _ in range(40):
        if panel.view.value:
            break
        answer_right(app)
        app.next_button.click()
    assert t("exit_ticket.lesson_done", "ru") in panel.view.value
    assert app.progress.mastery.level_mastered("queen_points", last)
    ticket = teacher.tickets.read(panel.code()).ticket
    assert ticket is not None and ticket.level == last and ticket.skills[0].right >= 1


def test_a_reloaded_page_keeps_the_days_items_on_the_ticket(tmp_path: Path,
                                                             teacher: TeacherApp) -> None:
    """A reload (a new page, its own kernel) used to start an empty ticket: the items of the
    day are kept beside the learner's class activity and come back on the new page's."""
    first = child(tmp_path, teacher)
    answer_right(first)
    first.next_button.click()
    answer_right(first)
    key = key_in_query(teacher.class_query())
    again = LessonApp("equations", "en", level=1, seed=9, progress_dir=tmp_path / "Mila")
    again.join_class("5b")
    panel = again.offer_exit_tickets(key)
    name(again, "Mila")   # welcome back: the same secret
    answer_right(again)
    ticket = teacher.tickets.read(panel.code()).ticket
    assert ticket is not None and len(ticket.items) == 3, ticket
    assert sum(day.right for day in ticket.skills) == 3
