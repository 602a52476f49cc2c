"""A phone's line and CPU for `bench phone`: a pacing TCP proxy and CDP's CPU slowdown.

The link: every connection the browser opens to a server goes through one asyncio proxy
in front of it. Each chunk going up waits half the round trip; each chunk coming down takes its
turn on ONE shared downstream link of `rate` bits a second (a FIFO over all connections, as a
phone's cell is shared by a page, its workers and its service worker), then half the round
trip. Chromium's own network emulation does not slow workers (docs: DESIGN.md section 5), so
the pacing is done outside the browser. The proxy counts the bytes it sends down.

The CPU: a second DevTools client (Chromium started with `--remote-debugging-port`) auto-attaches
to every target, pages, dedicated workers and service workers alike, sets
`Emulation.setCPUThrottlingRate` on each one that accepts it, and lets it run. `kinds` notes which
kinds of target took the slowdown, so the report can say what was slowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from websockets.sync.client import connect


class PacedLink:
    """A TCP proxy on 127.0.0.1 to `target_port`, paced as one shared phone line."""

    def __init__(self, target_port: int, rate_bits: float = 10e6, rtt: float = 0.040) -> None:
        self.target_port = target_port
        self.rate = rate_bits / 8   # bytes a second, shared by every connection
        self.half = rtt / 2
        self.down_bytes = 0
        self._free_at = 0.0   # when the shared downstream link is next idle
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self.port = 0
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)

    def start(self) -> PacedLink:
        self._thread.start()
        started = asyncio.run_coroutine_threadsafe(self._listen(), self._loop)
        self.port = started.result(10)
        return self

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    async def _listen(self) -> int:
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        return int(self._server.sockets[0].getsockname()[1])

    async def _connection(self, client_r: asyncio.StreamReader,
                          client_w: asyncio.StreamWriter) -> None:
        try:
            server_r, server_w = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_w.close()
            return
        await asyncio.gather(self._pump(client_r, server_w, down=False),
                             self._pump(server_r, client_w, down=True),
                             return_exceptions=True)

    async def _pump(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    down: bool) -> None:
        """Chunks in order, each delivered at its time (a queue keeps the order)."""
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while True:
                due, chunk = await queue.get()
                wait = due - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not chunk:
                    break
                writer.write(chunk)
                if down:
                    self.down_bytes += len(chunk)
                await writer.drain()

        sender = asyncio.ensure_future(deliver())
        try:
            while True:
                chunk = await reader.read(16384)
                now = time.monotonic()
                if down and chunk:
                    self._free_at = max(self._free_at, now) + len(chunk) / self.rate
                    due = self._free_at + self.half
                else:
                    due = now + self.half
                await queue.put((due, chunk))
                if not chunk:
                    break
            await sender
        except (ConnectionError, OSError):
            sender.cancel()
        finally:
            with contextlib.suppress(Exception):
                writer.close()


class CpuSlowdown:
    """Sets CDP's CPU slowdown on every target of a Chromium started with a debugging port,
    including the ones it starts later (workers, the service worker)."""

    def __init__(self, profile: Path, rate: float = 4) -> None:
        port, path = (profile / "DevToolsActivePort").read_text().split()[:2]
        self.rate = rate
        self.kinds: Counter[str] = Counter()     # target kinds that took the slowdown
        self.refused: Counter[str] = Counter()   # target kinds that did not
        self.reasons: set[str] = set()   # what those said
        self._ids = itertools.count(1)
        self._kinds: dict[int, tuple[str, str | None]] = {}
        self._socket = connect(f"ws://127.0.0.1:{port}{path}", max_size=None)
        self._thread = threading.Thread(target=self._listen, daemon=True)
        self._thread.start()
        self._send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True,
                                            "flatten": True})

    def _send(self, method: str, params: dict[str, Any], session: str | None = None,
              kind: str = "") -> None:
        ident = next(self._ids)
        if kind:
            self._kinds[ident] = (kind, session)
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        with contextlib.suppress(Exception):
            self._socket.send(json.dumps(message))

    def _listen(self) -> None:
        with contextlib.suppress(Exception):
            for raw in self._socket:
                message = json.loads(raw)
                if message.get("method") == "Target.attachedToTarget":
                    params = message["params"]
                    session, kind = params["sessionId"], params["targetInfo"]["type"]
                    self._send("Emulation.setCPUThrottlingRate", {"rate": self.rate},
                               session, kind=kind)
                    self._send("Target.setAutoAttach", {"autoAttach": True,
                               "waitForDebuggerOnStart": True, "flatten": True}, session)
                    self._send("Runtime.runIfWaitingForDebugger", {}, session)
                elif message.get("id") in self._kinds:
                    kind, _ = self._kinds.pop(message["id"])
                    (self.refused if "error" in message else self.kinds)[kind] += 1
                    if "error" in message:
                        self.reasons.add(f"{kind}: {message['error'].get('message')}")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._socket.close()
