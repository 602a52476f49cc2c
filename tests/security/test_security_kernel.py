"""Standalone Voila lets a page drive widgets but never run code in its kernel.

A page, or anyone who can reach the server, talks to the dashboard's kernel over
`/api/kernels/<id>/channels`. Voila passes only comm and info messages on; an `execute_request`
is dropped before it reaches the kernel. These tests open a real dashboard with the light
client (the same messages the page sends), prove the channel works (kernel info, a widget
click), then try to run code that would create a marker file.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosedError

from bench._kernel_client import DashboardSession, run_sync
from sq_edu.server.server import VoilaServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(scope="module", params=[False, True], ids=["fresh-kernel", "preheated"])
def served(request: pytest.FixtureRequest) -> Iterator[VoilaServer]:
    """The dashboards served as `sq-edu serve` serves them (it preheats), and without."""
    log = ARTIFACTS / f"voila-security-{request.param}.log"
    with VoilaServer(preheat=request.param, log_path=log) as server:
        yield server


def _execute(code: str) -> dict[str, object]:
    return {"code": code, "silent": False, "store_history": True, "user_expressions": {},
            "allow_stdin": False, "stop_on_error": True}


async def _try_to_run_code(url: str, marker: Path) -> dict[str, object]:
    page = await DashboardSession(url, "index").open()
    try:
        info = await page.request("kernel_info_request", {}, until="kernel_info_reply")
        await page.load_widgets()
        buttons = page.buttons()
        click = await page.click(next(iter(buttons))) if buttons else None
        code = f"open({str(marker)!r}, 'w').write('pwned')"
        attempts = []
        for channel in ("shell", "control"):
            attempt = asyncio.create_task(page.request(
                "execute_request", _execute(code), channel=channel, until="execute_reply",
                timeout=0.5))
            await asyncio.sleep(0.05)
            # The kernel answers in order: once this reply is here, an executed cell would
            # have answered too.
            await page.request("kernel_info_request", {}, channel=channel,
                               until="kernel_info_reply")
            attempts.append(await attempt)
        inspect = await page.request("inspect_request", {"code": "open", "cursor_pos": 4},
                                     until="inspect_reply", timeout=1)
        late = [m["msg_type"] for m in page.unsolicited]
        return {"info": info, "click": click, "attempts": attempts, "inspect": inspect,
                "late": late}
    finally:
        await page.close()


def test_browser_cannot_execute_code_in_a_dashboard_kernel(
    served: VoilaServer, tmp_path: Path
) -> None:
    marker = tmp_path / "marker.txt"
    seen = run_sync(_try_to_run_code(served.url, marker))

    # The channel is live: a reply to kernel info, and a real widget click gets updates back.
    assert seen["info"].finished
    assert seen["click"] is not None and seen["click"].finished
    assert seen["click"].of_type("comm_msg"), "a click on the index should update widgets"

    for attempt in seen["attempts"]:
        assert not attempt.finished, "the kernel answered an execute_request"
        assert not attempt.of_type("execute_reply") and not attempt.of_type("execute_input")
    assert not seen["inspect"].finished, "only comm and info messages should reach the kernel"
    assert not {"execute_reply", "execute_input", "execute_result", "error"} & set(seen["late"])
    assert not marker.exists(), "code sent from the browser ran in the kernel"

    log = served.log_path.read_text(encoding="utf-8", errors="replace")
    assert 'Received message of type "execute_request", which is not allowed' in log


async def _send_oversized(url: str, size: int) -> dict[str, object]:
    page = await DashboardSession(url, "index").open()
    try:
        await page.load_widgets()
        target = next(iter(page.states))
        blob = "x" * size
        reply = None
        try:
            reply = await page.request(
                "comm_msg",
                {"comm_id": target, "data": {"method": "custom", "content": {"b": blob}}},
                timeout=10)   # returns once answered, or once the server closed the socket
        except ConnectionClosedError as closing:
            assert closing.rcvd is not None and closing.rcvd.code == 1009  # "message too big"
        closed = not page.connected
        await page.connect()  # the same kernel, a new websocket: is the kernel still fine?
        info = await page.request("kernel_info_request", {}, until="kernel_info_reply")
        return {"reply": reply, "closed": closed, "info": info}
    finally:
        await page.close()


def test_oversized_websocket_message_is_refused_and_the_kernel_lives_on(
    served: VoilaServer,
) -> None:
    """Uploads travel as widget messages; the server drops any message over 10 MiB (Tornado's
    websocket limit) before it reaches a kernel, so a huge "upload" cannot fill its memory.
    The app then refuses progress files over 256 KB with a friendly message."""
    seen = run_sync(_send_oversized(served.url, 11 * 1024 * 1024))
    assert seen["closed"], "the server accepted an 11 MiB websocket message"
    assert seen["reply"] is None or not seen["reply"].finished
    assert seen["info"].finished, "the kernel did not survive an oversized message"
