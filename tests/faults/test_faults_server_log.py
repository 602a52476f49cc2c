"""A callback that fails: the traceback goes to the server's log, never to the page (item 6).

A dashboard with a button whose guarded callback raises is served as `sq-edu serve` serves the
lessons. After a click, the server's log (Voila's stderr) must hold the traceback, and nothing
the kernel sent over the websocket may carry it: no "stream" message to stderr, no error.
"""

from __future__ import annotations

import json
from pathlib import Path

from fault_helpers import ARTIFACTS, wait_until, write_notebook

from bench._kernel_client import DashboardSession, run_sync
from sq_edu.server.server import VoilaServer

MARKER = "sq_broken_callback_7311"
APP = (
    "import ipywidgets as w\nfrom sq_edu.widgets.guard import guarded\n"
    f"def boom(_button):\n    raise RuntimeError('{MARKER}')\n"
    "button = w.Button(description='boom')\nbutton.on_click(guarded()(boom))\nbutton"
)


async def _click_the_broken_button(url: str) -> list[dict[str, object]]:
    page = await DashboardSession(url, "broken").open()
    try:
        await page.load_widgets()
        reply = await page.click(next(iter(page.buttons())))
        assert reply.finished
        return [*reply.messages, *page.unsolicited]
    finally:
        await page.close()


def test_a_callback_traceback_reaches_the_server_log_not_the_page(tmp_path: Path) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    write_notebook(folder / "index.ipynb", "print('index')")
    write_notebook(folder / "broken.ipynb", APP)
    log = ARTIFACTS / "voila-faults-server-log.log"
    with VoilaServer(folder, log_path=log) as server:
        traffic = run_sync(_click_the_broken_button(server.url))
        assert wait_until(lambda: MARKER in log.read_text("utf-8", "replace"), 15), \
            "the traceback is not in the server log"
    text = log.read_text("utf-8", "replace")
    assert "Traceback (most recent call last)" in text and "widget callback" in text
    sent = json.dumps(traffic)
    assert MARKER not in sent, "the traceback travelled to the page"
    assert not [m for m in traffic if m["msg_type"] in ("stream", "error")], traffic
