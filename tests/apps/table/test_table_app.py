"""Two table pages (two kernels' apps) in one process, against the real table service in a
process of its own: the lobby, the code, joining, a move reaching the other page by itself,
refusals said kindly, and a page that remembers its seat sitting back down."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sq_edu.apps.table import TableApp
from sq_edu.i18n import msg
from sq_edu.pages.tables.client import Refused, TableClient
from sq_edu.practice.checking import Judgement
from sq_edu.practice.classroom.live import class_rows
from sq_edu.practice.coach.questions import jester_seat_question, unseen_question
from sq_edu.server.server import free_port
from sq_edu.server.tables import TableService

SECRET = "12" * 32


@pytest.fixture(scope="module")
def service_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "SQ_EDU_TABLES_SECRET": SECRET,
           "SQ_EDU_PROGRESS_DIR": str(tmp_path_factory.mktemp("tables")),
           "SQ_EDU_TABLE_BOT_SECONDS": "0.1"}
    process = subprocess.Popen([sys.executable, "-m", "sq_edu.server.tables.standalone",
                                f"--port={port}"], env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/sq-edu/tables/api/"
    client = TableClient(url, "4c", "wrong", "probe")
    for _ in range(100):
        try:
            client.call("list")
        except Refused:   # it answers (and refuses a wrong key): it is up
            break
        except OSError:
            time.sleep(0.1)
        else:
            break
    yield url
    process.terminate()
    process.wait(timeout=10)


def page(url: str, tmp_path: Path) -> TableApp:
    key = TableService(tmp_path / "none", bytes.fromhex(SECRET)).class_key("4c")
    app = TableApp("en", client=TableClient(url, "4c", key, "test"), progress_dir=str(tmp_path))
    app.memory.last_beat = time.monotonic() + 3600   # the page is open for the whole test
    return app


def wait_until(check, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "nothing changed"
        time.sleep(0.05)


def test_two_pages_play_at_one_table(service_url: str, tmp_path: Path) -> None:
    masha, petya = page(service_url, tmp_path), page(service_url, tmp_path)
    masha.create()
    assert "Type your nickname first" in masha.feedback.text      # no name: a kind refusal
    masha.name.value = "Masha"
    masha.secret.picture.buttons.value = "star"          # her secret, as in a lesson
    masha.secret.secret.value = "4321"
    masha.size.value = 2
    masha.create()
    assert masha.seat == 0 and len(masha.code) == 6
    assert masha.code in masha.waiting.code_view.value.replace(" ", "")
    petya.name.value = "Petya"
    petya.code_input.value = "NOPE22"
    petya.join()
    assert "no table with this code" in petya.feedback.text
    petya.code_input.value = masha.code.lower()
    petya.join()
    assert petya.seat == 1
    wait_until(lambda: masha.board.obs is not None)            # the full table started
    deciding = masha if masha.board.legal else petya
    other = petya if deciding is masha else masha
    before = other.board.view["moves"]
    move = next(m for m in deciding.board.legal if m.kind == "discard")
    deciding.send_move(move)
    wait_until(lambda: other.board.view["moves"] == before + 1)   # no click on that page
    assert "Petya" in masha.board.seats.value and "Masha" in petya.board.seats.value
    deciding.send_move(move)                  # the same move again: stale, refused kindly
    assert deciding.feedback.tone == "bad"
    assert deciding.board.view["moves"] == before + 1

    # A coach answer at the table: in Masha's progress and in the teacher's live view.
    question = unseen_question(masha.board.obs, "dragon", "count")
    masha._record(question, Judgement(True, True, msg("practice.correct")))
    rows = class_rows(tmp_path, "")
    assert [(r.nickname, r.lesson, r.recent) for r in rows] == [
        ("Masha", question.exercise.lesson_id, 1)]
    assert (tmp_path / "masha.json").is_file()
    # The coach calls a child at the table by name, never "Bot 2" (issue 40's shot).
    assert masha.coach.names == ["Masha", "Petya"]
    jester = jester_seat_question(masha.board.obs)
    said = " ".join(masha.coach._say(m) for m in jester.after)
    assert "Bot" not in said and ("Petya" in said or "you" in said), said

    again = page(service_url, tmp_path)       # a reload: the browser remembered the seat
    again.memory.kept = json.dumps({"code": masha.code, "token": masha.token})
    assert again.seat == 0 and again.name.value == "Masha"
    assert "Welcome back" in again.feedback.text
    for app in (masha, petya, again):
        app.stop()


def test_a_wrong_secret_at_the_table_plays_on_without_reaching_the_record(
        service_url: str, tmp_path: Path) -> None:
    """A classmate sits down as "Ana" with the wrong picture: the game is theirs to play, but
    no answer reaches Ana's record or the teacher's live view under her name; her own secret
    given later in the "keep my answers" row files what was answered."""
    from sq_edu.practice.progress import ProgressStore
    from sq_edu.practice.secret_pictures import hash_secret

    store = ProgressStore.for_learner("Ana", tmp_path)
    saved = store.load()
    saved.nickname, saved.secret = "Ana", hash_secret("crown", "2581")
    store.save(saved)
    before = store.path.read_bytes()
    host, guest = page(service_url, tmp_path), page(service_url, tmp_path)
    host.name.value = "Bob"
    host.secret.picture.buttons.value, host.secret.secret.value = "sun", "1111"
    host.size.value = 2
    host.create()
    guest.name.value = "Ana"
    guest.secret.picture.buttons.value, guest.secret.secret.value = "star", "2581"
    guest.code_input.value = host.code
    guest.join()
    assert guest.seat == 1                                     # seated all the same
    assert "not the secret of Ana" in guest.feedback.text
    assert "You can go on playing" in guest.feedback.text
    assert guest.secret.picture.value is None and guest.secret.secret.value == ""
    assert not guest.learner.learner.named
    assert guest.learner.layout.display != "none"             # "keep my answers" offered
    assert guest.learner.nickname.value == "Ana"
    wait_until(lambda: guest.board.obs is not None)
    question = unseen_question(guest.board.obs, "dragon", "count")
    guest._record(question, Judgement(True, True, msg("practice.correct")))
    assert store.path.read_bytes() == before
    assert "Ana" not in [r.nickname for r in class_rows(tmp_path, "")]

    guest.learner.secret.picture.buttons.value = "crown"      # the real Ana, her secret
    guest.learner.secret.secret.value = "2581"
    guest.learner.save_button.click()
    assert guest.learner.learner.named and guest.learner.layout.display == "none"
    skills = store.load().mastery.skills
    assert sum(r.play_attempts for r in skills.values()) == 1
    guest._record(question, Judgement(False, True, msg("practice.correct")))
    assert sum(r.play_attempts for r in store.load().mastery.skills.values()) == 2
    assert [(r.nickname, r.recent) for r in class_rows(tmp_path, "")
            if r.nickname == "Ana"] == [("Ana", 1)]
    for app in (host, guest):
        app.stop()
