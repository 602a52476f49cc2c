"""A light "browser" for a Voila dashboard: the page, its kernel websocket, widget messages.

It does what the dashboard page does, minus drawing: GET the page (Voila runs the notebook and
puts the kernel id in `jupyter-config-data`), open `/api/kernels/<id>/channels` with the page's
Origin, ask the widget control comm for every model's state, send a button click the way
ipywidgets' JavaScript does (`comm_msg` with `{"method": "custom", "content": {"event":
"click"}}`), and on close post Voila's `beforeunload` shutdown beacon. The security tests use it
to send what a browser should never be allowed to send; `bench/load.py` uses many of them at
once. Loopback only; nothing here runs inside a kernel.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import functools
import http.client
import http.cookiejar
import json
import re
import time
import urllib.parse
import urllib.request
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect

T = TypeVar("T")

_CONFIG = re.compile(
    r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S
)


def run_sync(coroutine: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run` in a worker thread: works even while this thread runs an event loop (the
    browser tests' sync Playwright keeps one running for the whole pytest session)."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


def kernel_id_of(html: str) -> str:
    """The kernel id Voila wrote into a rendered dashboard page."""
    found = _CONFIG.search(html)
    if found is None:
        raise ValueError("the page has no jupyter-config-data (did the notebook render?)")
    return str(json.loads(found.group(1))["kernelId"])


@dataclass
class Reply:
    """Everything the kernel sent in answer to one request, and how long it took."""

    msg_id: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    finished: bool = False  # saw the reply / the kernel going idle again

    def of_type(self, msg_type: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("msg_type") == msg_type]


class FromAddress(urllib.request.HTTPHandler):
    """urllib's HTTP handler sending from a chosen loopback address (another device: Linux
    routes all of 127/8 to `lo`)."""

    def __init__(self, source: str) -> None:
        super().__init__()
        self.source = source

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(functools.partial(http.client.HTTPConnection,
                                              source_address=(self.source, 0)), req)


class DashboardSession:
    """One open dashboard page, driven over HTTP and the kernel websocket (the page and its
    closing beacon sent from the address `source`)."""

    def __init__(self, server_url: str, notebook: str, query: str = "",
                 source: str = "127.0.0.1") -> None:
        self.server_url = server_url.rstrip("/") + "/"
        self.page_url = f"{self.server_url}voila/render/{notebook}.ipynb"
        if query:
            self.page_url += f"?{query}"
        self.session_id = uuid.uuid4().hex
        self.kernel_id = ""
        self.html = ""
        self.render_seconds = 0.0
        self.states: dict[str, dict[str, Any]] = {}
        self._cookies = http.cookiejar.CookieJar()
        self._opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self._cookies), FromAddress(source)
        )
        self._ws: ClientConnection | None = None
        self._waiting: dict[str, tuple[Reply, asyncio.Future[Reply], str]] = {}
        self._reader: asyncio.Task[None] | None = None
        self.unsolicited: list[dict[str, Any]] = []

    # -- page ---------------------------------------------------------------------------
    def _get(self, url: str, timeout: float) -> str:
        with self._opener.open(url, timeout=timeout) as answer:
            return answer.read().decode("utf-8", "replace")

    async def open(self, timeout: float = 120.0) -> DashboardSession:
        """GET the page (the notebook runs now) and connect to its kernel."""
        start = time.monotonic()
        self.html = await asyncio.to_thread(self._get, self.page_url, timeout)
        self.render_seconds = time.monotonic() - start
        self.kernel_id = kernel_id_of(self.html)
        await self.connect(timeout)
        return self

    async def connect(self, timeout: float = 60.0) -> None:
        """(Re)open the kernel websocket, with the page's Origin, as the page does."""
        if self._reader is not None:
            self._reader.cancel()
        ws_url = (
            self.server_url.replace("http://", "ws://", 1)
            + f"api/kernels/{self.kernel_id}/channels?session_id={self.session_id}"
        )
        origin = self.server_url.rstrip("/")
        cookies = "; ".join(f"{c.name}={c.value}" for c in self._cookies)  # a class login's
        self._ws = await connect(
            ws_url, origin=origin, max_size=None, open_timeout=timeout,  # type: ignore[arg-type]
            additional_headers={"Cookie": cookies} if cookies else None,
        )
        self._reader = asyncio.create_task(self._read())

    @property
    def connected(self) -> bool:
        """False once the server closed the websocket (or the reader stopped)."""
        return self._reader is not None and not self._reader.done()

    # -- messages -----------------------------------------------------------------------
    def _message(
        self, msg_type: str, content: dict[str, Any], channel: str, metadata: dict[str, Any]
    ) -> dict[str, Any]:
        return {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "msg_type": msg_type,
                "username": "learner",
                "session": self.session_id,
                "date": "",
                "version": "5.3",
            },
            "parent_header": {},
            "metadata": metadata,
            "content": content,
            "buffers": [],
            "channel": channel,
        }

    async def request(
        self,
        msg_type: str,
        content: dict[str, Any],
        *,
        channel: str = "shell",
        until: str = "idle",
        timeout: float = 30.0,
        metadata: dict[str, Any] | None = None,
    ) -> Reply:
        """Send one message; collect what comes back for it until `until` (a reply type, or
        "idle": the kernel's status going idle after handling it), the server closing the
        websocket (nothing more can come) or the timeout."""
        if self._ws is None:
            raise RuntimeError("open() the page first")
        message = self._message(msg_type, content, channel, metadata or {})
        reply = Reply(message["header"]["msg_id"])
        done: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._waiting[reply.msg_id] = (reply, done, until)
        start = time.monotonic()
        await self._ws.send(json.dumps(message))
        ended: set[asyncio.Future[Any]] = {done}
        if self._reader is not None:
            ended.add(self._reader)
        await asyncio.wait(ended, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        reply.seconds = time.monotonic() - start
        self._waiting.pop(reply.msg_id, None)
        return reply

    async def _read(self) -> None:
        assert self._ws is not None
        with contextlib.suppress(Exception):
            async for raw in self._ws:
                if isinstance(raw, bytes):
                    continue  # binary frames carry widget buffers; the lessons send none
                message = json.loads(raw)
                header = message.get("header", {})
                entry = {
                    "msg_type": header.get("msg_type"),
                    "channel": message.get("channel"),
                    "content": message.get("content", {}),
                }
                self._track_widgets(entry)
                parent = message.get("parent_header", {}).get("msg_id")
                waiting = self._waiting.get(parent or "")
                if waiting is None:
                    self.unsolicited.append(entry)
                    continue
                reply, done, until = waiting
                reply.messages.append(entry)
                ended = (
                    entry["msg_type"] == "status"
                    and entry["content"].get("execution_state") == "idle"
                    if until == "idle"
                    else entry["msg_type"] == until
                )
                if ended and not done.done():
                    reply.finished = True
                    done.set_result(reply)

    # -- widgets ------------------------------------------------------------------------
    def _track_widgets(self, entry: dict[str, Any]) -> None:
        """Keep `states` current as the kernel opens, updates and closes widget models."""
        content = entry["content"]
        comm_id = content.get("comm_id")
        if not comm_id:
            return
        data = content.get("data") or {}
        if entry["msg_type"] == "comm_open" and "state" in data:
            state = dict(data["state"])
            self.states[comm_id] = {"model_name": state.get("_model_name"), "state": state}
        elif entry["msg_type"] == "comm_msg" and data.get("method") == "update":
            known = self.states.setdefault(comm_id, {"model_name": None, "state": {}})
            known["state"].update(data.get("state") or {})
        elif entry["msg_type"] == "comm_close":
            self.states.pop(comm_id, None)

    def with_class(self, css: str, model_name: str | None = None) -> list[str]:
        """Model ids of widgets carrying the CSS class `css` (the apps' stable test hooks)."""
        return [
            model_id
            for model_id, known in self.states.items()
            if css in (known["state"].get("_dom_classes") or ())
            and (model_name is None or known.get("model_name") == model_name)
        ]

    def text_containing(self, needle: str) -> bool:
        """Whether any widget currently shows `needle` in its value (e.g. an error line)."""
        return any(
            needle in str(known["state"].get("value", ""))
            for known in self.states.values()
        )

    async def load_widgets(self, timeout: float = 30.0) -> dict[str, dict[str, Any]]:
        """Every widget model's state, as the page's widget manager first asks for it."""
        comm_id = uuid.uuid4().hex
        await self.request(
            "comm_open",
            {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
            metadata={"version": "1.0.0"},  # ipywidgets' control protocol version
            timeout=timeout,
        )
        reply = await self.request(
            "comm_msg",
            {"comm_id": comm_id, "data": {"method": "request_states"}},
            timeout=timeout,
        )
        for message in reply.of_type("comm_msg"):
            data = message["content"].get("data", {})
            if data.get("method") == "update_states":
                self.states = dict(data.get("states", {}))
        return self.states

    def buttons(self) -> dict[str, str]:
        """Enabled buttons on the page: model id -> its description."""
        return {
            model_id: str(state.get("state", {}).get("description", ""))
            for model_id, state in self.states.items()
            if state.get("model_name") == "ButtonModel"
            and not state.get("state", {}).get("disabled", False)
        }

    async def click(self, model_id: str, timeout: float = 30.0) -> Reply:
        """Click a button; the reply holds the widget updates the click caused."""
        return await self.request(
            "comm_msg",
            {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}},
            timeout=timeout,
        )

    async def set_value(self, model_id: str, name: str, value: Any, timeout: float = 30.0) -> Reply:
        """Change one synced trait, as typing into a text box does."""
        return await self.request(
            "comm_msg",
            {
                "comm_id": model_id,
                "data": {"method": "update", "state": {name: value}, "buffer_paths": []},
            },
            timeout=timeout,
        )

    # -- closing ------------------------------------------------------------------------
    def _shutdown_beacon(self) -> None:
        xsrf = next((c.value for c in self._cookies if c.name == "_xsrf"), "") or ""
        body = urllib.parse.urlencode({"_xsrf": xsrf}).encode()
        request = urllib.request.Request(
            f"{self.server_url}voila/api/shutdown/{self.kernel_id}", data=body, method="POST"
        )
        with contextlib.suppress(OSError), self._opener.open(request, timeout=30):
            pass

    async def close(self, shutdown: bool = True) -> None:
        """Close the page; like a browser tab, ask Voila to shut the kernel down."""
        if self._ws is not None:
            await self._ws.close()
            self._ws = None
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        if shutdown and self.kernel_id:
            await asyncio.to_thread(self._shutdown_beacon)
