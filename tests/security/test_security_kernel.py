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

from bench._kernel_client import DashboardSession
from sq_edu.voila.server import VoilaServer

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
    seen = asyncio.run(_try_to_run_code(served.url, marker))

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
