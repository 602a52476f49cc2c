"""A class server started as `sq-edu serve --class 5b --class-password ... --teacher-password
...` starts it, and a logged-in light page client for it (the attack tests share them).

The command and environment are `sq_edu.cli.serve_command`'s, the very ones `sq-edu serve`
hands to `os.execve`; a test may add a Voila option of its own (a shorter timeout).
Other client addresses are loopback ones (127.0.0.2, ...): Linux routes all of 127/8 to `lo`.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import http.cookiejar
import json
import re
import socket
import struct
import time
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.client import connect

from bench._kernel_client import DashboardSession, FromAddress
from sq_edu.cli import build_parser, serve_command
from sq_edu.server.server import VoilaServer, free_port

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CLASS_PASSWORD = "owls-fly-at-nine"
TEACHER_PASSWORD = "teacher-owls-22"


def class_server(folder: Path, name: str, *voila_options: str,
                 pages_per_device: int = 3) -> VoilaServer:
    """`sq-edu serve` for class 5b keeping progress in `folder` (not started)."""
    server = VoilaServer(log_path=ARTIFACTS / f"voila-attack-{name}.log")
    port = free_port()
    args = build_parser().parse_args([
        "serve", "--port", str(port), "--no-browser", "--class", "5b",
        "--class-password", CLASS_PASSWORD, "--teacher-password", TEACHER_PASSWORD,
        "--progress-dir", str(folder), "--pages-per-device", str(pages_per_device),
        "--pool-size", "1"])
    command, env = serve_command(args)
    server.port, server.url = port, f"http://127.0.0.1:{port}/"
    server.command, server.env = [*command, *voila_options], env
    return server


def log_in(server: VoilaServer, password: str = CLASS_PASSWORD,
           jar: http.cookiejar.CookieJar | None = None,
           source: str = "127.0.0.1", then: str = "") -> tuple[int, http.cookiejar.CookieJar]:
    """Type the class password into the login form from the device with cookies `jar` at
    the address `source`, then go to the page `then` (default the index); (status, cookies)."""
    jar = jar if jar is not None else http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar),
                                         FromAddress(source))
    with opener.open(server.url + "login", timeout=60) as answer:
        form = answer.read().decode("utf-8", "replace")
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
    assert xsrf is not None, "the login form has no XSRF field"
    body = urllib.parse.urlencode({"_xsrf": xsrf.group(1), "password": password}).encode()
    try:
        target = server.url + "login" + (f"?next={urllib.parse.quote(then)}" if then else "")
        with opener.open(target, data=body, timeout=60) as answer:
            answer.read()
            return answer.status, jar
    except urllib.error.HTTPError as refused:
        refused.read()
        return refused.code, jar


def cookie_header(jar: http.cookiejar.CookieJar) -> str:
    return "; ".join(f"{c.name}={c.value}" for c in jar)


def header_try(server: VoilaServer, password: str, source: str = "127.0.0.1",
               jar: http.cookiejar.CookieJar | None = None) -> int:
    """The class password in an `Authorization: token` header (a script's route); the
    status of a page that needs it (200 in, 302 to the login page, 429 wait)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60,
                                            source_address=(source, 0))
    headers = {"Authorization": f"token {password}"}
    if jar is not None:
        headers["Cookie"] = cookie_header(jar)
    try:
        connection.request("GET", "/voila/tree/", headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


class ClassPage(DashboardSession):
    """The light page client with the class password's cookie (page and websocket)."""

    def __init__(self, server: VoilaServer, notebook: str, jar: http.cookiejar.CookieJar,
                 query: str = "", source: str = "127.0.0.1") -> None:
        super().__init__(server.url, notebook, query, source)
        for cookie in jar:
            self._cookies.set_cookie(cookie)

    async def connect(self, timeout: float = 60.0) -> None:
        ws_url = (self.server_url.replace("http://", "ws://", 1)
                  + f"api/kernels/{self.kernel_id}/channels?session_id={self.session_id}")
        self._ws = await connect(ws_url, origin=self.server_url.rstrip("/"),  # type: ignore[arg-type]
                                 max_size=None, open_timeout=timeout,
                                 additional_headers={"Cookie": cookie_header(self._cookies)})
        self._reader = asyncio.create_task(self._read())


def get_from(server: VoilaServer, path: str, source: str, jar: http.cookiejar.CookieJar,
             timeout: float = 120.0) -> tuple[int, str]:
    """GET `path` from the client address `source` (a loopback address); (status, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout,
                                            source_address=(source, 0))
    try:
        connection.request("GET", "/" + path, headers={"Cookie": cookie_header(jar)})
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        connection.close()


def one(page: DashboardSession, css: str) -> str:
    found = page.with_class(css)
    assert found, f"no widget {css}"
    return found[-1]


def feedback(page: DashboardSession) -> str:
    found = page.with_class("sq-feedback") or page.with_class("sq-status")
    return " ".join(str(page.states[m]["state"].get("value", "")) for m in found)


async def teacher_tries(page: DashboardSession, words: list[str]) -> list[str]:
    """Type each word into the teacher page's password box and press Open; what it says."""
    said = []
    for word in words:
        await page.set_value(one(page, "sq-teacher-password"), "value", word)
        assert (await page.click(one(page, "sq-teacher-open"))).finished
        said.append(feedback(page))
    return said


async def name_learner(page: DashboardSession, nickname: str, pin: str,
                       picture: str | None = "crown") -> str:
    """Type a nickname, pick a secret picture (None: none), type the secret number and press
    Save; what the page says."""
    await pick_picture(page, picture)
    await page.set_value(one(page, "sq-secret"), "value", pin)
    await page.set_value(one(page, "sq-nickname"), "value", nickname)
    reply = await page.click(one(page, "sq-save-nickname"))
    assert reply.finished
    return feedback(page)


async def pick_picture(page: DashboardSession, picture: str | None) -> None:
    """Press a secret picture's button as the browser does (its index in the options)."""
    from sq_edu.practice.secret_pictures import PICTURE_IDS

    index = None if picture is None else PICTURE_IDS.index(picture)
    await page.set_value(one(page, "sq-secret-picture"), "index", index)


async def upload(page: DashboardSession, name: str, content: bytes) -> str:
    """Pick a file in the upload button as the browser sends it (a binary widget message)."""
    message = {
        "header": {"msg_id": uuid.uuid4().hex, "msg_type": "comm_msg", "username": "learner",
                   "session": page.session_id, "date": "", "version": "5.3"},
        "parent_header": {}, "metadata": {}, "channel": "shell",
        "content": {"comm_id": one(page, "sq-import"), "data": {
            "method": "update", "buffer_paths": [["value", 0, "content"]],
            "state": {"value": [{"name": name, "type": "application/json",
                                 "size": len(content), "last_modified": 0}]}}},
    }
    body = json.dumps(message).encode("utf-8")
    frame = struct.pack("!I", 2) + struct.pack("!II", 12, 12 + len(body)) + body + content
    assert page._ws is not None
    await page._ws.send(frame)
    # The kernel handles its shell messages in order and publishes their output in order:
    # once it went idle after this one, the upload's widget updates have all arrived.
    await page.request("kernel_info_request", {}, until="idle")
    return feedback(page)


def closed_by_server(sockets: list[socket.socket], seconds: float) -> int:
    """How many of `sockets` the server closes within `seconds` (all waited on together)."""
    deadline, closed = time.monotonic() + seconds, 0
    for open_socket in sockets:
        open_socket.settimeout(max(0.05, deadline - time.monotonic()))
        with contextlib.suppress(OSError):
            closed += open_socket.recv(1) == b""
    return closed


def wait_until(condition: Callable[[], object], timeout: float) -> bool:
    """Poll `condition` every half second until it holds or `timeout` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.5)
    return bool(condition())


def kernel_processes(server: VoilaServer) -> dict[int, str]:
    """This server's kernel processes (children naming a kernel file): pid -> command line.
    A kernel exiting meanwhile (a zombie, or gone) is left out rather than raising."""
    import psutil

    assert server.pid is not None
    found: dict[int, str] = {}
    for child in psutil.Process(server.pid).children(recursive=True):
        try:
            line = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "kernel-" in line:
            found[child.pid] = line
    return found


class _Stay(urllib.request.HTTPRedirectHandler):
    """Answer a redirect as it is (its status and Location), without following it."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def door_opener(jar: http.cookiejar.CookieJar, source: str) -> urllib.request.OpenerDirector:
    """A browser at `source` with cookies `jar` that shows redirects instead of following."""
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar),
                                       FromAddress(source), _Stay())


def page_from(server: VoilaServer, path: str, source: str,
              jar: http.cookiejar.CookieJar) -> tuple[int, str, str]:
    """GET `path` as a browser does (cookies it is given are kept in `jar`); (status, body,
    Location)."""
    try:
        with door_opener(jar, source).open(server.url + path, timeout=120) as answer:
            return answer.status, answer.read().decode("utf-8", "replace"), ""
    except urllib.error.HTTPError as refused:
        return (refused.code, refused.read().decode("utf-8", "replace"),
                refused.headers.get("Location", ""))


def type_door_code(server: VoilaServer, waiting_page: str, code: str, source: str,
                   jar: http.cookiejar.CookieJar) -> tuple[int, str, str]:
    """Type `code` into the door field of `waiting_page` (its form as sent) and press the
    button; (status, body, Location)."""
    import html

    form = re.search(r'<form method="post" action="([^"]+)"', waiting_page)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"',
                             waiting_page))
    assert form is not None and "_xsrf" in fields, "no door field on the waiting page"
    body = urllib.parse.urlencode({**{k: html.unescape(v) for k, v in fields.items()},
                                   "code": code}).encode()
    target = server.url.rstrip("/") + html.unescape(form.group(1))
    try:
        with door_opener(jar, source).open(target, data=body, timeout=120) as answer:
            return answer.status, answer.read().decode("utf-8", "replace"), ""
    except urllib.error.HTTPError as refused:
        return (refused.code, refused.read().decode("utf-8", "replace"),
                refused.headers.get("Location", ""))
