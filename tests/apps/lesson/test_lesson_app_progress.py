"""Progress really kept on the machine: the lesson app as the notebooks build it (no path).

One file per nickname in the progress folder (the autouse `progress_dir` fixture points
$SQ_EDU_PROGRESS_DIR at a fresh folder), a welcome back with the answers given before the
nickname merged in, and a save that fails told once in the page while the lesson goes on.
"""

from __future__ import annotations

import errno
import json
import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.practice import get_lesson, typed_form
from sq_edu.practice.examples import items_for_level

NOT_SAVED_EN = "could not be saved on this computer"
NOT_SAVED_RU = "Не получилось сохранить"


def answer(app: LessonApp, hint: bool = False) -> None:
    """Answer the exercise right (with a hint first if asked), then go to the next one."""
    if hint:
        app.show_hint()
    app.answer.set(typed_form(app.exercise, app.exercise.answers[0]))
    app.submit_button.click()
    app.next_button.click()


def name(app: LessonApp, nickname: str, pin: str = "2581", picture: str = "crown") -> None:
    app.nickname.value = nickname
    app.panel.picture.buttons.value = picture
    app.panel.secret.value = pin
    app.save_nickname.click()


def attempts(app_or_path: LessonApp | Path) -> int:
    if isinstance(app_or_path, Path):
        data = json.loads(app_or_path.read_text(encoding="utf-8"))
        return sum(s["attempts"] for s in data["mastery"]["skills"].values())
    return sum(r.attempts for r in app_or_path.progress.mastery.skills.values())


def disk_full(*_args: object, **_kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_before_a_nickname_progress_is_in_memory_and_the_panel_says_so(
        progress_dir: Path) -> None:
    app = LessonApp("queen_points", seed=4)
    assert app.store is None and app.panel.folder == progress_dir
    assert "Type a nickname to keep your progress" in app.panel.notice.value
    answer(app)
    assert attempts(app) == 1
    assert list(progress_dir.iterdir()) == []      # nothing written without a nickname
    app.language.value = "ru"
    assert "Напиши ник" in app.panel.notice.value


def test_a_nickname_gives_the_learner_a_file_with_what_they_did(progress_dir: Path) -> None:
    app = LessonApp("queen_points", seed=4)
    answer(app)
    answer(app)
    name(app, "Masha")
    path = progress_dir / "masha.json"
    assert app.store is not None and app.store.path == path
    assert attempts(path) == 2 and json.loads(path.read_text())["nickname"] == "Masha"
    assert app.feedback.tone == "good" and "Hello, Masha" in app.feedback.text
    assert "under the nickname Masha" in app.panel.notice.value
    answer(app)
    assert attempts(path) == 3                     # every answer saved before the next


def test_welcome_back_merges_the_answers_given_before_the_nickname(progress_dir: Path) -> None:
    first = LessonApp("queen_points", seed=1)
    name(first, "Masha")
    for _ in range(items_for_level(get_lesson("queen_points"), 1)):
        answer(first)
    assert first.level == 2

    # Next lesson day: a new page, two answers before she types her nickname in lower case.
    again = LessonApp("queen_points", seed=9)
    assert again.level == 1 and "Type a nickname" in again.panel.notice.value
    answer(again, hint=True)
    answer(again, hint=True)
    before = again.progress.mastery.clock
    name(again, "masha")
    # The learner keeps the name their record has, however it was typed this time.
    assert again.feedback.tone == "good" and "Welcome back, Masha" in again.feedback.text
    assert sorted(p.name for p in progress_dir.glob("*.json")) == ["masha.json"]  # one learner
    asked = items_for_level(get_lesson("queen_points"), 1)
    assert attempts(again) == asked + 2 == attempts(progress_dir / "masha.json")
    assert again.progress.mastery.clock == asked + before
    assert again.level == 2 and again.exercise.level == 2   # where she had got to
    hints = sum(r.hints for r in again.progress.mastery.skills.values())
    assert hints == 2                              # the hinted answers were merged, as hinted


def test_a_class_on_one_server_keeps_one_file_per_child(progress_dir: Path) -> None:
    children = {"Fox": 1, "Owl": 2, "Маша": 3}
    for nickname, answers in children.items():
        app = LessonApp("equations", seed=7)
        name(app, nickname)
        for _ in range(answers):
            answer(app)
    files = {p.name: attempts(p) for p in progress_dir.glob("*.json")}
    assert files == {"fox.json": 1, "owl.json": 2, "маша.json": 3}


def test_another_nickname_is_another_learner(progress_dir: Path) -> None:
    app = LessonApp("equations", seed=7)
    name(app, "Fox")
    answer(app)
    name(app, "Owl")                               # a new learner starts from nothing
    assert app.progress.nickname == "Owl" and attempts(app) == 0
    answer(app)
    name(app, "FOX")                               # and Fox comes back to Fox's record
    assert "Welcome back" in app.feedback.text and attempts(app) == 1
    assert attempts(progress_dir / "fox.json") == 1 == attempts(progress_dir / "owl.json")


def test_saving_the_same_nickname_again_changes_nothing(progress_dir: Path) -> None:
    app = LessonApp("equations", seed=7)
    name(app, "Fox")
    answer(app)
    name(app, "Fox")
    assert attempts(app) == 1 and "Hello, Fox" in app.feedback.text


def test_a_damaged_learner_file_is_reported_when_they_come_back(progress_dir: Path) -> None:
    (progress_dir / "fox.json").write_text("{ half a file")
    app = LessonApp("equations", seed=7)
    answer(app)
    name(app, "Fox")
    assert app.feedback.tone == "bad" and "kept aside" in app.feedback.text
    assert attempts(progress_dir / "fox.json") == 1   # a fresh start with today's answer
    assert list(progress_dir.glob("fox.unreadable-*.json"))


def test_an_upload_becomes_that_learners_file(progress_dir: Path, tmp_path: Path) -> None:
    binder = LessonApp("equations", seed=3, progress_path=tmp_path / "binder.json")
    name(binder, "Fox")
    answer(binder)
    data = binder.export_bytes()
    app = LessonApp("equations", seed=3)
    app.upload.value = ({"name": "p.json", "type": "application/json", "size": len(data),
                         "content": memoryview(data),
                         "last_modified": datetime.now(timezone.utc)},)
    assert "Progress loaded for Fox" in app.feedback.text
    assert attempts(progress_dir / "fox.json") == 1
    answer(app)
    assert attempts(progress_dir / "fox.json") == 2


def test_an_explicit_file_works_as_before(progress_dir: Path, tmp_path: Path) -> None:
    path = tmp_path / "me.json"
    app = LessonApp("equations", seed=3, progress_path=path)
    assert app.store is not None and app.store.path == path and app.panel.notice.value == ""
    answer(app)
    name(app, "Fox")
    assert attempts(path) == 1 and list(progress_dir.iterdir()) == []


def test_a_progress_dir_argument_is_used(tmp_path: Path) -> None:
    app = LessonApp("equations", seed=3, progress_dir=tmp_path / "5b")
    name(app, "Fox")
    assert (tmp_path / "5b" / "fox.json").is_file()


@pytest.mark.expect_callback_error   # the traceback is logged on purpose
def test_a_full_disk_is_told_once_and_the_lesson_goes_on(
        progress_dir: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    app = LessonApp("queen_points", seed=4)
    name(app, "Fox")
    monkeypatch.setattr("sq_edu.practice.progress.atomic_write", disk_full)
    app.answer.set(typed_form(app.exercise, app.exercise.answers[0]))
    app.submit_button.click()
    assert app.solved and app.feedback.tone == "good"       # the answer was still checked
    assert NOT_SAVED_EN in app.interpretation.value         # said right where the child looks
    assert "Download my progress" in app.interpretation.value
    assert NOT_SAVED_EN in app.panel.notice.value and app.panel.save_failed
    assert "Traceback" not in app.interpretation.value + app.feedback.text
    logged = [r for r in caplog.records if r.exc_info and "could not save" in r.getMessage()]
    assert len(logged) == 1
    app.language.value = "ru"
    assert NOT_SAVED_RU in app.interpretation.value and NOT_SAVED_RU in app.panel.notice.value
    app.language.value = "en"

    app.next_button.click()
    answer(app)                                             # fails again: not said again
    assert NOT_SAVED_EN not in app.interpretation.value
    assert NOT_SAVED_EN in app.panel.notice.value           # the panel line stays
    assert len([r for r in caplog.records if r.exc_info]) == 1
    assert attempts(app) == 2 and attempts(progress_dir / "fox.json") == 0

    monkeypatch.undo()                                      # the disk has room again
    answer(app)
    assert attempts(progress_dir / "fox.json") == 3 and not app.panel.save_failed
    assert NOT_SAVED_EN not in app.panel.notice.value


@pytest.mark.expect_callback_error
def test_a_folder_that_cannot_be_made_is_told_at_the_nickname(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a file where the progress folder should be")
    app = LessonApp("equations", seed=2, progress_dir=blocker / "progress", lang="ru")
    answer(app)
    name(app, "Fox")                                        # a real OSError (not a directory)
    assert app.feedback.tone == "bad" and NOT_SAVED_RU in app.feedback.text
    assert "Привет" not in app.feedback.text                # no false "saved" greeting
    answer(app)
    assert attempts(app) == 2 and app.exercise is not None  # the lesson goes on in memory
    assert 'download="sq-progress-Fox.json"' in app.export.value


def test_no_home_folder_means_memory_only_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("SQ_EDU_PROGRESS_DIR")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    with pytest.MonkeyPatch.context() as quiet:   # the warning is expected, not a failure
        quiet.setattr("sq_edu.apps.lesson.views.log.warning", lambda *a, **k: None)
        app = LessonApp("equations", seed=2)
    assert app.panel.folder is None and NOT_SAVED_EN in app.panel.notice.value
    answer(app)
    name(app, "Fox")
    assert app.feedback.tone == "bad" and NOT_SAVED_EN in app.feedback.text


@pytest.mark.parametrize(("lang", "advice"), [("en", "not your real name"),
                                              ("ru", "не пиши настоящее имя")])
def test_nickname_advice_is_a_visible_line_and_files_sit_together(lang: str, advice: str) -> None:
    """A placeholder is cut off and vanishes on typing: the advice is its own line of text, and
    "Upload" sits in the same row as the "Download my progress" link."""
    app = LessonApp("queen_points", lang=lang)
    panel = app.panel
    assert advice in panel.nickname_help.value
    assert advice not in app.nickname.placeholder
    rows = [c for c in panel.children if app.upload in getattr(c, "children", ())]
    assert len(rows) == 1 and app.export in rows[0].children
    assert "sq-progress-row" in rows[0]._dom_classes
    assert "href" not in panel.export_help.value and panel.export_help.value


def test_a_new_learner_needs_a_picture_and_digits(progress_dir: Path) -> None:
    app = LessonApp("queen_points", seed=4)
    app.nickname.value = "Lena"
    app.panel.secret.value = "2581"            # digits alone: not a whole secret any more
    app.save_nickname.click()
    assert "Pick your secret picture" in app.feedback.text and app.store is None
    assert app.panel.secret.value == ""        # never left on the screen
    name(app, "Lena", "2581", "flower")
    assert "Hello, Lena" in app.feedback.text and "“flower”" in app.feedback.text
    assert app.panel.picture.value is None     # the picture is not left picked either
    record = json.loads((progress_dir / "lena.json").read_text(encoding="utf-8"))["secret"]
    assert record["form"] == "picture" and "2581" not in json.dumps(record)
    other = LessonApp("queen_points", seed=5)
    name(other, "Lena", "2581", "star")        # the right digits, the wrong picture
    assert "not the secret of Lena" in other.feedback.text
    name(other, "Lena", "2581", "flower")
    assert "Welcome back, Lena" in other.feedback.text


def test_an_old_secret_of_digits_still_opens_and_asks_for_a_picture(progress_dir: Path) -> None:
    from sq_edu.practice import Progress, ProgressStore
    from sq_edu.practice.learner_guard import hash_pin

    store = ProgressStore.for_learner("Oleg", progress_dir)
    store.save(Progress(nickname="Oleg", secret=hash_pin("1357")))   # saved before pictures
    app = LessonApp("queen_points", seed=4)
    app.language.value = "ru"
    app.nickname.value = "Oleg"
    app.panel.secret.value = "1357"
    app.save_nickname.click()
    assert "С возвращением, Oleg" in app.feedback.text
    assert "Сделай свой секрет надёжнее" in app.feedback.text
    assert "form" not in (store.secret() or {})            # nothing changed without a picture
    name(app, "Oleg", "1357", "anchor")                     # the next time: the picture too
    assert "картинка «якорь»" in app.feedback.text
    assert (store.secret() or {}).get("form") == "picture"
    again = LessonApp("queen_points", seed=5)
    name(again, "Oleg", "1357", "moon")
    assert "Это не секрет игрока Oleg" in again.feedback.text or "not the secret" in \
        again.feedback.text
    name(again, "Oleg", "1357", "anchor")
    assert "Welcome back, Oleg" in again.feedback.text


def test_the_panel_asks_the_secret_with_the_kits_secret_fields(tmp_path: Path) -> None:
    """One SecretFields (as Play and the Table show it), Save beside the digits; with an
    explicit progress file (one learner's) the secret is not asked, but Save stays."""
    in_folder = LessonApp("equations", seed=1).panel
    row = in_folder.fields.children[-1]
    assert in_folder.fields in in_folder.children
    assert list(row.children) == [in_folder.secret, in_folder.save_nickname]
    assert in_folder.picture is in_folder.fields.picture
    assert in_folder.fields.help.layout.display != "none"
    one_file = LessonApp("equations", seed=1, progress_path=tmp_path / "me.json").panel
    hidden = (one_file.fields.help, one_file.picture, one_file.secret)
    assert all(part.layout.display == "none" for part in hidden)
    assert one_file.save_nickname.layout.display != "none"
    in_folder.set_lang("ru")
    assert in_folder.secret.description == "Секретное число"
