"""Progress survives what a classroom throws at it: reloads, crashes mid-save, a full disk.

The lesson app saves after every answer that counts (first readable answer of an exercise), so
a page reloaded after a killed kernel (a new kernel, a new `LessonApp` on the same file) starts
exactly where the learner was. A save that fails (disk full, folder read-only) must never stop
the lesson. These run at the Python level, through the app's own controls.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from sq_edu.apps.lesson import LessonApp
from sq_edu.practice import typed_form
from sq_edu.practice.progress import ProgressStore

LESSONS = ["equations", "card_detective", "chances", "queen_points"]


def answer(app: LessonApp, right: bool = True) -> None:
    if right:
        app.answer.set(typed_form(app.exercise, app.exercise.answers[0]))
    else:
        app.show_hint()  # a hinted answer still counts, and is stored with its hint
        app.answer.set(typed_form(app.exercise, app.exercise.answers[0]))
    app.submit_button.click()
    app.next_button.click()


def saved_attempts(path: Path) -> int:
    data = json.loads(path.read_text(encoding="utf-8"))
    return sum(skill["attempts"] for skill in data["mastery"]["skills"].values())


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_every_answer_is_on_disk_before_the_next_one(lesson_id: str, tmp_path: Path) -> None:
    path = tmp_path / "fox.json"
    app = LessonApp(lesson_id, seed=11, progress_path=path)
    for n in range(1, 5):
        answer(app, right=n % 2 == 1)
        assert saved_attempts(path) == n, "the answer was not saved straight away"

    # The kernel dies here; the reloaded page builds a new app on the same file.
    reloaded = LessonApp(lesson_id, seed=11, progress_path=path)
    assert reloaded.progress.mastery == app.progress.mastery
    assert reloaded.level == app.level
    assert reloaded.mastery.value == app.mastery.value  # the learner sees the same record


def test_a_crash_in_the_middle_of_a_save_keeps_the_last_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fox.json"
    app = LessonApp("queen_points", seed=4, progress_path=path)
    answer(app)
    answer(app)
    before = path.read_bytes()

    def killed_before_rename(src: object, dst: object) -> None:
        raise KeyboardInterrupt  # stands in for SIGKILL between write and rename

    monkeypatch.setattr(os, "replace", killed_before_rename)
    with pytest.raises(KeyboardInterrupt):
        app.store.save(app.progress)
    monkeypatch.undo()

    assert path.read_bytes() == before  # the old file, whole
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # no debris
    assert saved_attempts(path) == 2
    assert LessonApp("queen_points", progress_path=path).store.problem is None


def _failing_write(code: int):
    def fail(*_args: object, **_kwargs: object) -> None:
        raise OSError(code, os.strerror(code))
    return fail


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EACCES],
                         ids=["disk-full", "read-only", "no-permission"])
def test_a_failing_save_never_stops_the_lesson(
    code: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "fox.json"
    app = LessonApp("queen_points", seed=4, progress_path=path)
    answer(app)
    monkeypatch.setattr("sq_edu.practice.progress.atomic_write", _failing_write(code))
    for _ in range(3):
        app.answer.set(typed_form(app.exercise, app.exercise.answers[0]))
        app.submit_button.click()
        assert app.solved, "the answer was still checked"
        assert app.feedback.tone == "good"
        app.next_button.click()
    assert app.exercise is not None and not app.solved  # the next exercise is there
    assert sum(r.attempts for r in app.progress.mastery.skills.values()) == 4  # kept in memory
    monkeypatch.undo()
    answer(app)  # the disk is back: everything so far is saved at the next answer
    assert saved_attempts(path) == 5


def test_progress_folder_that_cannot_exist_does_not_stop_the_lesson(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the progress folder should be")
    app = LessonApp("equations", seed=2, progress_path=blocker / "fox.json")  # real OSError
    answer(app)
    answer(app)
    assert sum(r.attempts for r in app.progress.mastery.skills.values()) == 2


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_failing_save_is_told_to_the_learner(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = LessonApp("queen_points", seed=4, progress_path=tmp_path / "fox.json", lang=lang)
    monkeypatch.setattr("sq_edu.practice.progress.atomic_write", _failing_write(errno.ENOSPC))
    app.answer.set(typed_form(app.exercise, app.exercise.answers[0]))
    app.submit_button.click()
    shown = " ".join(w.value for w in _all_widgets(app)
                     if "sq-progress-notice" in w._dom_classes or w is app.interpretation)
    expected = "could not be saved" if lang == "en" else "Не получилось сохранить"
    assert expected in shown
    assert app.feedback.tone == "good"  # the answer itself was still judged


def _all_widgets(widget: object) -> list:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _all_widgets(child)
    return found


def test_store_load_never_raises_on_an_unreadable_folder(tmp_path: Path) -> None:
    folder = tmp_path / "fox.json"
    folder.mkdir()  # a folder where the file should be: reading raises IsADirectoryError
    store = ProgressStore(folder)
    progress = store.load()
    assert progress.mastery.skills == {}
    assert store.problem is not None
