"""The served Voila as an attacker meets it: another site's Host name, cross-site requests, a
class that opens too many pages, kernels nobody connects to, big messages, unauthenticated
POSTs and odd paths.

Every server here is started from `voila_command` (through `VoilaServer`), exactly as
`sq-edu serve` starts it; a few tests add one of its own options to the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import re
import socket
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from class_server import kernel_processes, wait_until
from websockets.exceptions import ConnectionClosedError

from bench._kernel_client import DashboardSession, run_sync
from sq_edu.server.server import VoilaServer

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def _get(url: str, headers: dict[str, str] | None = None, method: str = "GET",
         data: bytes | None = None) -> tuple[int, str]:
    request = urllib.request.Request(url, headers=headers or {}, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def _kernels(server: VoilaServer) -> set[int]:
    """Kernel processes of this server (children whose command line names a kernel file)."""
    return set(kernel_processes(server))


def _wait(condition: object, timeout: float) -> bool:
    return wait_until(condition, timeout)  # type: ignore[arg-type]


def _server(name: str, *options: str) -> VoilaServer:
    server = VoilaServer(log_path=ARTIFACTS / f"voila-security-{name}.log")
    server.command.extend(options)
    return server


@pytest.fixture(scope="module")
def served() -> Iterator[VoilaServer]:
    with _server("server") as server:
        yield server


# -- item 2: DNS rebinding and XSRF -------------------------------------------------------------
def test_a_foreign_host_name_gets_neither_the_page_nor_the_kernel(served: VoilaServer) -> None:
    """A DNS-rebinding page reaches 127.0.0.1 under its own name: refuse that Host."""
    host = f"rebind.example:{served.port}"
    before = _kernels(served)
    status, _html = _get(f"{served.url}voila/render/index.ipynb", {"Host": host})
    assert status == 403
    assert _kernels(served) == before, "a kernel was started for a foreign Host"

    async def websocket_with_foreign_host() -> tuple[int, int]:
        page = await DashboardSession(served.url, "index").open()
        try:
            path = f"/api/kernels/{page.kernel_id}/channels?session_id=rebind"
            foreign = await asyncio.to_thread(_upgrade, served.port, path, host)
            own = await asyncio.to_thread(_upgrade, served.port, path, f"127.0.0.1:{served.port}")
            return foreign, own
        finally:
            await page.close()

    assert run_sync(websocket_with_foreign_host()) == (403, 101)
    assert _get(f"{served.url}voila/render/index.ipynb", {"Host": f"localhost:{served.port}"}
                )[0] == 200


def test_the_kernel_shutdown_beacon_needs_the_pages_xsrf_token(served: VoilaServer) -> None:
    async def scenario() -> tuple[int, bool, bool]:
        page = await DashboardSession(served.url, "index").open()
        kernel = page.kernel_id
        await page.close(shutdown=False)
        # Another site (or a script with no cookie) posts the shutdown: refused.
        status, _ = await asyncio.to_thread(
            _get, f"{served.url}voila/api/shutdown/{kernel}", None, "POST", b"")
        still_there = await asyncio.to_thread(_kernel_answers, served, kernel)
        # The page itself sends the beacon with the _xsrf cookie Voila set: it works.
        page = DashboardSession(served.url, "index")
        page.kernel_id = kernel
        await asyncio.to_thread(page._get, page.page_url, 120)   # the cookie of a real page
        page.kernel_id = kernel
        await page.close(shutdown=True)
        gone = not await asyncio.to_thread(_kernel_answers, served, kernel)
        return status, still_there, gone

    status, still_there, gone = run_sync(scenario())
    assert status == 403, "a POST without the page's XSRF token shut a kernel down"
    assert still_there
    assert gone, "the page's own close beacon (with its XSRF token) should free the kernel"


def _upgrade(port: int, path: str, host: str) -> int:
    """The status of a websocket upgrade sent with this Host and a matching Origin (what a
    rebinding page's browser sends)."""
    request = (f"GET {path} HTTP/1.1\r\nHost: {host}\r\nOrigin: http://{host}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=30) as raw:
        raw.sendall(request.encode())
        return int(raw.recv(64).split()[1])


def _kernel_answers(server: VoilaServer, kernel_id: str) -> bool:
    return _get(f"{server.url}api/kernels/{kernel_id}")[0] == 200


# -- item 1: memory -------------------------------------------------------------------------------
def test_a_cross_site_image_request_starts_no_kernel(served: VoilaServer) -> None:
    before = _kernels(served)
    status, html = _get(f"{served.url}voila/render/index.ipynb", {
        "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"})
    assert status == 403 and "Another website" in html
    assert _kernels(served) == before
    # A link followed from another site (a class page, an e-mail) still opens the lesson.
    status, html = _get(f"{served.url}voila/render/index.ipynb", {
        "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Dest": "document"})
    assert status == 200 and "jupyter-config-data" in html


def test_the_page_cannot_build_widgets_in_the_kernel(served: VoilaServer) -> None:
    """A client-created `jupyter.widget` comm is closed at once and no model is made."""

    async def scenario() -> tuple[bool, bool, bool]:
        page = await DashboardSession(served.url, "index").open()
        try:
            await page.load_widgets()
            comm_id = "f" * 32
            reply = await page.request("comm_open", {
                "comm_id": comm_id, "target_name": "jupyter.widget",
                "data": {"state": {"_model_name": "TextModel", "_view_name": "TextView",
                                   "_model_module": "@jupyter-widgets/controls",
                                   "_model_module_version": "2.0.0",
                                   "_view_module": "@jupyter-widgets/controls",
                                   "_view_module_version": "2.0.0", "value": "x" * 200_000},
                         "buffer_paths": []}},
                metadata={"version": "2.1.0"})
            closed = any(m["content"].get("comm_id") == comm_id
                         for m in reply.of_type("comm_close"))
            states = await page.load_widgets()
            buttons = page.buttons()
            click = await page.click(next(iter(buttons)))
            return closed, comm_id in states, click.finished and bool(click.of_type("comm_msg"))
        finally:
            await page.close()

    closed, kept, clicks = run_sync(scenario())
    assert closed, "the kernel did not close a widget comm the page opened"
    assert not kept, "the kernel built a widget the page asked for"
    assert clicks, "the app's own widgets must still work"


def test_kernels_run_under_a_memory_cap(served: VoilaServer) -> None:
    async def caps() -> list[str]:
        page = await DashboardSession(served.url, "index").open()
        try:
            found = []
            for pid in _kernels(served):
                limits = Path(f"/proc/{pid}/limits").read_text(encoding="utf-8")
                line = next(x for x in limits.splitlines() if x.startswith("Max address space"))
                found.append(line.split()[3])
            return found
        finally:
            await page.close()

    found = run_sync(caps())
    assert found and all(cap.isdigit() and int(cap) <= 2 * 1024**3 for cap in found), found


async def _send(url: str, size: int) -> bool:
    page = await DashboardSession(url, "index").open()
    try:
        await page.load_widgets()
        target = next(iter(page.states))
        # Answered (the kernel went idle after it: the server let it through) or the
        # websocket closed (refused): `request` waits for whichever comes first.
        with contextlib.suppress(ConnectionClosedError):
            await page.request("comm_msg", {"comm_id": target, "data": {
                "method": "custom", "content": {"b": "x" * size}}}, timeout=10)
        return not page.connected
    finally:
        await page.close()


def test_websocket_messages_over_a_mebibyte_are_refused(served: VoilaServer) -> None:
    assert run_sync(_send(served.url, 2 * 1024 * 1024)), "a 2 MiB message was accepted"
    assert not run_sync(_send(served.url, 300 * 1024)), "a progress upload must still fit"


def test_a_full_class_gets_a_friendly_page_not_another_kernel() -> None:
    async def fill_the_class(server: VoilaServer) -> list[tuple[int, str]]:
        pages = [await DashboardSession(server.url, "index").open() for _ in range(2)]
        try:
            before = _kernels(server)
            seen = [await asyncio.to_thread(_get, f"{server.url}voila/render/index.ipynb{q}")
                    for q in ("", "?lang=ru")]
            assert _kernels(server) == before, "a kernel was started past the cap"
            return seen
        finally:
            for page in pages:
                await page.close()

    with _server("class-full", "--SafeVoila.max_kernels=2") as server:
        (status, html), (status_ru, html_ru) = run_sync(fill_the_class(server))
        assert status == 503 and "The class is full" in html and "minute" in html
        assert status_ru == 503 and "Класс заполнен" in html_ru
        # A seat is free again once a page closed.
        assert _wait(lambda: _get(f"{server.url}voila/render/index.ipynb")[0] == 200, 30)


def test_a_kernel_whose_page_never_connects_is_shut_down_soon() -> None:
    async def scenario(server: VoilaServer) -> tuple[bool, bool]:
        connected = await DashboardSession(server.url, "index").open()
        try:
            with_page = _kernels(server)
            status, _ = await asyncio.to_thread(_get, f"{server.url}voila/render/index.ipynb")
            assert status == 200   # the page is fetched, its websocket never opened
            orphan = _kernels(server) - with_page
            assert len(orphan) == 1
            culled = await asyncio.to_thread(
                _wait, lambda: not (orphan & _kernels(server)), 40)
            return culled, with_page <= _kernels(server)
        finally:
            await connected.close()

    with _server("unconnected", "--SafeVoila.unconnected_timeout=4") as server:
        culled, kept = run_sync(scenario(server))
    assert culled, "the kernel of a page that never connected lives on"
    assert kept, "the connected page lost its kernel"


# -- item 7: odd paths ------------------------------------------------------------------------
@pytest.mark.parametrize("path", ["logout", "voila/templates/x", "voila/templates/lab/x/y",
                                  "voila/templates/lab/static/../..",
                                  "voila/templates/lab/static/./index.css",
                                  "voila/templates/lab/static/"])
def test_odd_paths_are_not_server_errors(served: VoilaServer, path: str) -> None:
    status, _ = _get(served.url + path)
    assert status < 500, f"/{path} answered {status}"


def test_a_link_past_two_thousand_characters_gets_a_friendly_note(served: VoilaServer) -> None:
    """A link cut by a chat program or padded by someone: its settings are not dropped
    silently; the page says the link was too long (and still opens)."""

    async def notes(query: str) -> str:
        page = await DashboardSession(served.url, "queen_points", query).open()
        try:
            await page.load_widgets()
            return " ".join(str(page.states[m]["state"].get("value", ""))
                            for m in page.with_class("sq-page-notes"))
        finally:
            await page.close()

    long_query = "seed=12&lang=en&note=" + "x" * 2100
    assert "too long" in run_sync(notes(long_query))
    assert "too long" not in run_sync(notes("seed=12&lang=en"))


def test_a_classroom_server_asks_for_the_class_password_and_knows_its_names() -> None:
    """`sq-edu serve --class-password owls --allow-host class.local`: no page (and no kernel)
    without the password; the listed name works, any other name is refused."""
    server = _server("classroom", "--SafeVoila.allowed_hosts=class.local")
    server.env["SQ_EDU_CLASS_PASSWORD"] = "owls"
    page = "voila/render/index.ipynb"
    with server:
        before = _kernels(server)
        status, html = _get(server.url + page)
        assert status == 200 and "jupyter-config-data" not in html and "Class password" in html
        assert "jupyter server list" not in html, "Jupyter's developer login page"
        assert _kernels(server) == before, "a kernel was started before the password"
        assert "not the class password" in _log_in(server, page, "ravens")
        assert "jupyter-config-data" in _log_in(server, page, "owls")
        status, html = _get(server.url + page, {"Host": f"class.local:{server.port}"})
        assert status == 200 and "Class password" in html   # the listed name: the login form
        status, _ = _get(server.url + page, {"Host": f"evil.example:{server.port}"})
        assert status == 403


def _log_in(server: VoilaServer, page: str, password: str) -> str:
    """Type a password into the login page as a browser does (cookie and XSRF form field);
    the page that follows."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(server.url + page, timeout=120) as answer:
        form = answer.read().decode("utf-8", "replace")
        login_url = answer.url
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
    assert xsrf is not None, "the login form has no XSRF field"
    body = urllib.parse.urlencode({"_xsrf": xsrf.group(1), "password": password}).encode()
    try:
        with opener.open(login_url, data=body, timeout=120) as answer:
            return answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as refused:
        return refused.read().decode("utf-8", "replace")
