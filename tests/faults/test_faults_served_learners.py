"""One learner's record through the real server: others cannot open, merge away or wreck it.

A lesson dashboard keeping progress in a folder, as a classroom server does, is served by
`voila_command`; the light page client types nicknames and secret numbers, answers, uploads
files (as binary widget messages, like the browser) and reads what the page shows.
"""

from __future__ import annotations

import json
import os
import struct
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fault_helpers import ARTIFACTS, write_notebook

from bench._kernel_client import DashboardSession, run_sync
from sq_edu.server.server import VoilaServer

LESSON = (
    "import os\nfrom sq_edu.apps.lesson import LessonApp",
    "LessonApp('queen_points', seed=5, progress_dir=os.environ['SQ_EDU_FAULT_FOLDER'])",
)
ONE_FILE = (
    "import os\nfrom sq_edu.apps.lesson import LessonApp",
    "LessonApp('queen_points', seed=5, progress_path=os.environ['SQ_EDU_FAULT_FILE'])",
)
REPORT = (
    "import os\nimport ipywidgets as w\n"
    "from sq_edu.practice.progress import learner_files\n"
    "from sq_edu.practice.classroom.report import teacher_report",
    "w.HTML(teacher_report(learner_files(os.environ['SQ_EDU_FAULT_FOLDER'])).to_html())",
)


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    root = tmp_path_factory.mktemp("classroom")
    notebooks, folder = root / "notebooks", root / "progress"
    notebooks.mkdir()
    folder.mkdir()
    write_notebook(notebooks / "index.ipynb", "print('index')")
    write_notebook(notebooks / "lesson.ipynb", *LESSON)
    write_notebook(notebooks / "one_file.ipynb", *ONE_FILE)
    write_notebook(notebooks / "report.ipynb", *REPORT)
    server = VoilaServer(notebooks, log_path=ARTIFACTS / "voila-faults-learners.log")
    server.env["SQ_EDU_FAULT_FOLDER"] = str(folder)
    server.env["SQ_EDU_FAULT_FILE"] = str(root / "hostile.json")
    (root / "hostile.json").write_text(_hostile_number(), encoding="utf-8")
    with server:
        yield server, folder


def _hostile_number() -> str:
    return ('{"format": "sq_edu.progress", "version": 1, "nickname": "big", "mastery": '
            '{"clock": ' + "9" * 4301 + ', "skills": {}, "lessons": {}}}')


def _one(page: DashboardSession, css: str) -> str | None:
    """The newest widget with this class (a new exercise builds a new answer box)."""
    found = page.with_class(css)
    return found[-1] if found else None


def _feedback(page: DashboardSession) -> str:
    model = _one(page, "sq-feedback")
    return str(page.states[model]["state"].get("value", "")) if model else ""


async def _name(page: DashboardSession, nickname: str, pin: str) -> str:
    """Type a nickname (and the secret number, where the page asks for one); the feedback."""
    secret = _one(page, "sq-secret")
    if secret is not None:
        await page.set_value(_one(page, "sq-secret-picture") or "", "index", 0)   # a picture
        await page.set_value(secret, "value", pin)
    nickname_box = _one(page, "sq-nickname")
    assert nickname_box is not None
    await page.set_value(nickname_box, "value", nickname)
    reply = await page.click(_one(page, "sq-save-nickname") or "")
    assert reply.finished
    return _feedback(page)


async def _answer(page: DashboardSession, text: str = "7") -> None:
    await page.set_value(_one(page, "sq-answer-text") or "", "value", text)
    assert (await page.click(_one(page, "sq-submit") or "")).finished
    assert (await page.click(_one(page, "sq-next-exercise") or "")).finished


async def _upload(page: DashboardSession, name: str, content: bytes) -> str:
    """Pick a file in the upload button: the browser sends it as a binary widget message."""
    upload = _one(page, "sq-import")
    assert upload is not None
    message = {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": "comm_msg", "username": "learner",
                   "session": page.session_id, "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell",
        "content": {"comm_id": upload, "data": {
            "method": "update", "buffer_paths": [["value", 0, "content"]],
            "state": {"value": [{"name": name, "type": "application/json",
                                 "size": len(content), "last_modified": 0}]}}},
    }
    body = json.dumps(message).encode("utf-8")
    offsets = [4 * 3, 4 * 3 + len(body)]
    frame = struct.pack("!I", 2) + struct.pack("!II", *offsets) + body + content
    assert page._ws is not None
    await page._ws.send(frame)
    # The kernel handles its shell messages in order, and its iopub stream is ordered too: once
    # this request's "idle" is here, every widget update the upload caused has arrived.
    reply = await page.request("kernel_info_request", {}, until="idle")
    assert reply.finished, "the kernel did not go idle after the upload"
    return _feedback(page)


def _attempts(path: Path) -> int:
    data = json.loads(path.read_text(encoding="utf-8"))
    return sum(skill["attempts"] for skill in data["mastery"]["skills"].values())


# -- item 3: a secret number per learner ---------------------------------------------------------
def test_another_child_cannot_open_or_overwrite_a_record(
    classroom: tuple[VoilaServer, Path],
) -> None:
    server, folder = classroom

    async def scenario() -> dict[str, object]:
        masha = await DashboardSession(server.url, "lesson").open()
        await masha.load_widgets()
        seen: dict[str, object] = {"first": await _name(masha, "masha", "2581")}
        await _answer(masha)
        await masha.close()
        record = folder / "masha.json"
        seen["file"] = record.read_text(encoding="utf-8")
        seen["attempts"] = _attempts(record)

        other = await DashboardSession(server.url, "lesson").open()
        await other.load_widgets()
        seen["wrong"] = await _name(other, "masha", "1111")
        seen["wrong_mastery"] = str(other.states[_one(other, "sq-mastery") or ""]["state"]
                                    ["value"])
        wipe = json.dumps({"format": "sq_edu.progress", "version": 1, "nickname": "masha",
                           "mastery": {"clock": 0, "skills": {}, "lessons": {}}}).encode()
        seen["upload"] = await _upload(other, "masha.json", wipe)
        seen["after_upload"] = _attempts(record)
        seen["right"] = await _name(other, "masha", "2581")
        await other.close()
        return seen

    seen = run_sync(scenario())
    assert "masha" in str(seen["first"]) and seen["attempts"] == 1
    assert "2581" not in str(seen["file"]), "the secret number is stored in clear"
    assert '"secret"' in str(seen["file"])
    assert "not the secret of masha" in str(seen["wrong"]), seen["wrong"]
    assert "Welcome back" not in str(seen["wrong"])
    assert "secret number of masha first" in str(seen["upload"]), seen["upload"]
    assert seen["after_upload"] == 1, "an upload without the secret number wiped the record"
    assert "Welcome back" in str(seen["right"])


def test_an_upload_by_the_learner_keeps_the_old_record_as_a_backup(
    classroom: tuple[VoilaServer, Path],
) -> None:
    server, folder = classroom

    async def scenario() -> list[str]:
        page = await DashboardSession(server.url, "lesson").open()
        await page.load_widgets()
        await _name(page, "owl", "4444")
        await _answer(page)
        feedback = []
        for clock in (1, 2):   # two uploads in a row: neither may destroy the only good copy
            fresh = json.dumps({"format": "sq_edu.progress", "version": 1, "nickname": "owl",
                                "mastery": {"clock": clock, "skills": {}, "lessons": {}}})
            feedback.append(await _upload(page, "owl.json", fresh.encode()))
        await page.close()
        return feedback

    feedback = run_sync(scenario())
    assert all("owl" in line for line in feedback), feedback
    backups = sorted(folder.glob("owl.json.*.bak"))
    assert len(backups) == 2, [p.name for p in folder.iterdir()]
    assert any(_attempts(p) == 1 for p in backups), "the answered record was not kept"


# -- item 4: two tabs, one nickname ----------------------------------------------------------------
def test_two_tabs_with_one_nickname_lose_no_answer(classroom: tuple[VoilaServer, Path]) -> None:
    server, folder = classroom

    async def scenario() -> None:
        tabs = [await DashboardSession(server.url, "lesson").open() for _ in range(2)]
        for tab in tabs:
            await tab.load_widgets()
            await _name(tab, "fox", "7070")
        for _ in range(5):   # interleaved: one answer in each tab, five times
            for tab in tabs:
                await _answer(tab)
        for tab in tabs:
            await tab.close()

    run_sync(scenario())
    assert _attempts(folder / "fox.json") == 10


# -- item 5: hostile files -------------------------------------------------------------------------
def test_a_hostile_progress_file_gets_a_friendly_page(classroom: tuple[VoilaServer, Path]) -> None:
    server, folder = classroom
    (folder / "surrogate.json").write_text(
        '{"format": "sq_edu.progress", "version": 1, "nickname": "surrogate", "mastery": '
        '{"clock": 1, "skills": {"pairs\\ud800": {"attempts": 1}}, "lessons": {}}}',
        encoding="utf-8")
    (folder / "hugenumber.json").write_text(_hostile_number(), encoding="utf-8")

    async def scenario() -> tuple[str, str, str]:
        page = await DashboardSession(server.url, "one_file").open()   # a 4,301-digit number
        try:
            await page.load_widgets()
            shown = " ".join(str(s["state"].get("value", "")) for s in page.states.values())
        finally:
            await page.close()
        report = await DashboardSession(server.url, "report").open()
        try:
            await report.load_widgets()
            table = " ".join(str(s["state"].get("value", "")) for s in report.states.values())
        finally:
            await report.close()
        learner = await DashboardSession(server.url, "lesson").open()
        await learner.load_widgets()
        said = await _name(learner, "surrogate", "1212")
        await _answer(learner)   # and the next save works
        await learner.close()
        return page.html + shown, report.html + table, said

    page, report, said = run_sync(scenario())
    assert "There was an error" not in page and "not be read" in page
    assert "There was an error" not in report
    assert "surrogate.json" in report and "hugenumber.json" in report
    assert "masha" in report or "fox" in report   # the good files are still in the report
    assert "could not be read" in said, said
    assert _attempts(folder / "surrogate.json") == 1


# -- item 7: look-alike nicknames and leftovers of killed saves ------------------------------
@pytest.mark.parametrize(("nickname", "why"), [
    ("m\u0430sha", "different alphabets"),   # a Cyrillic "а" among Latin letters
    ("\u3164", "invisible"),                 # Hangul filler: a nickname that shows nothing
    ("ma\u200bsha", "invisible"),            # a zero-width space inside "masha"
])
def test_look_alike_nicknames_are_refused(
    classroom: tuple[VoilaServer, Path], nickname: str, why: str,
) -> None:
    server, folder = classroom

    async def scenario() -> str:
        page = await DashboardSession(server.url, "lesson").open()
        try:
            await page.load_widgets()
            return await _name(page, nickname, "3333")
        finally:
            await page.close()

    before = sorted(p.name for p in folder.iterdir())
    said = run_sync(scenario())
    assert why in said, said
    assert sorted(p.name for p in folder.iterdir()) == before, "a file was made for it"


def test_temporary_files_of_killed_saves_are_cleaned_up(
    classroom: tuple[VoilaServer, Path],
) -> None:
    server, folder = classroom
    stale = folder / ".kit.json.4242.tmp"
    stale.write_text("{half a sa", encoding="utf-8")
    hour_ago = time.time() - 3600
    os.utime(stale, (hour_ago, hour_ago))

    async def scenario() -> None:
        page = await DashboardSession(server.url, "lesson").open()
        await page.load_widgets()
        await _name(page, "kit", "5656")
        await page.close()

    run_sync(scenario())
    assert (folder / "kit.json").is_file()
    assert not stale.exists(), "a killed save's temporary file stayed"
