"""Progress through the real server: answer, kill the kernel, reload; restart Voila, reload.

The dashboards are served by Voila; the learner's answers go to the progress file on every
answer. After the kernel is SIGKILLed and the page reloaded (a new kernel), and again after
the whole server is restarted, the page shows the same record. The notebook here is a lesson
dashboard with a progress file, driven by the light page client (no browser needed).
"""

from __future__ import annotations

import json
from pathlib import Path

from fault_helpers import ARTIFACTS, kill_kernel, write_notebook

from bench._kernel_client import DashboardSession, run_sync
from sq_edu.server.server import VoilaServer

LESSON = (
    "import os\nfrom sq_edu.apps.lesson import LessonApp",
    "LessonApp('queen_points', seed=5, progress_path=os.environ['SQ_EDU_FAULT_PROGRESS'])",
)


def _one(page: DashboardSession, css: str) -> str:
    found = page.with_class(css)
    assert len(found) == 1, f"expected one {css} on the page, found {len(found)}"
    return found[0]


async def _answer_once(url: str) -> tuple[str, str, str]:
    """Open the lesson, answer one exercise; (kernel id, mastery before, mastery after)."""
    page = await DashboardSession(url, "lesson").open()
    try:
        await page.load_widgets()
        before = str(page.states[_one(page, "sq-mastery")]["state"]["value"])
        await page.set_value(_one(page, "sq-answer-text"), "value", "7")
        reply = await page.click(_one(page, "sq-submit"))
        assert reply.finished
        return page.kernel_id, before, str(page.states[_one(page, "sq-mastery")]["state"]["value"])
    finally:
        await page.close(shutdown=False)  # the kernel is about to die; no tidy goodbye


async def _mastery_shown(url: str) -> str:
    page = await DashboardSession(url, "lesson").open()
    try:
        await page.load_widgets()
        return str(page.states[_one(page, "sq-mastery")]["state"]["value"])
    finally:
        await page.close()


def _attempts(path: Path) -> int:
    data = json.loads(path.read_text(encoding="utf-8"))
    return sum(skill["attempts"] for skill in data["mastery"]["skills"].values())


def test_progress_survives_a_killed_kernel_and_a_server_restart(tmp_path: Path) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    write_notebook(folder / "index.ipynb", "print('index')")
    write_notebook(folder / "lesson.ipynb", *LESSON)
    progress = tmp_path / "progress" / "fox.json"

    def server() -> VoilaServer:
        running = VoilaServer(folder, log_path=ARTIFACTS / "voila-faults-progress.log")
        running.env["SQ_EDU_FAULT_PROGRESS"] = str(progress)
        return running

    with server() as first:
        kernel_id, before, shown = run_sync(_answer_once(first.url))
        assert before != shown, "the page should show the answer in the learner's record"
        assert _attempts(progress) == 1, "the answer was not saved when it was given"
        assert kill_kernel(kernel_id) == 1
        assert run_sync(_mastery_shown(first.url)) == shown  # reload after the kill

    with server() as second:  # the whole server restarted
        assert run_sync(_mastery_shown(second.url)) == shown
    assert _attempts(progress) == 1
