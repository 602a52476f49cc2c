"""The table service while one child's script floods it (issue 39): how long another child
waits to create a table and to join one.

A real class server (`sq-edu serve --class`'s Voila with the table service) is started; the
floods are threads doing what a page's kernel can do over loopback with the class key:

- wrong codes: 11 pages each sending wrong table codes as fast as they are answered (the
  attack that refused every join in the class for 52 s);
- creates: 11 pages each clicking "create" as fast as they are answered (one page filled the
  class's 200 tables in 27 s);
- bad requests: 10,000 requests with a wrong class key, and the log bytes they cost.

During each flood another child creates a table and a classmate joins it with its code, again
and again; measured: the slowest create and join (target <= 5 s, refused counts as failed).
Pages are told apart by `X-SQ-Client` (on loopback each page counts for itself; a class server
reachable from other devices counts per device address, the same code path).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from sq_edu.server.server import VoilaServer
from sq_edu.server.tables import TableService

SECRET = "ef" * 32
PAGES = 11
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


class Page:
    """One kernel's connection to the table API (kept open, as `TableClient` keeps it)."""

    def __init__(self, port: int, client: str, key: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"X-SQ-Class": "bench", "X-SQ-Key": key, "X-SQ-Client": client,
                        "Content-Type": "application/json"}

    def call(self, verb: str, **data: Any) -> tuple[int, dict]:
        self.conn.request("POST", f"/sq-edu/tables/api/{verb}", json.dumps(data),
                          self.headers)
        answer = self.conn.getresponse()
        return answer.status, json.loads(answer.read())


def _flood(port: int, key: str, verb: str, until: float, counts: list[int]) -> None:
    """PAGES threads sending `verb` until `until` (bounded by the clock)."""
    def one(n: int) -> None:
        page, rng = Page(port, f"flooder-{n}", key), random.Random(n)
        while time.monotonic() < until:
            if verb == "join":
                code = "".join(rng.choice(LETTERS) for _ in range(6))
                page.call("join", code=code, name="Eve")
            else:
                page.call("create", name="Eve", size=5)
            counts[n] += 1

    threads = [threading.Thread(target=one, args=(n,), daemon=True) for n in range(PAGES)]
    for thread in threads:
        thread.start()


def _child_waits(port: int, key: str, rounds: int, tag: str) -> tuple[float, float, int]:
    """The slowest create and join of `rounds` (seconds) and how many were refused."""
    worst_create = worst_join = 0.0
    refused = 0
    for n in range(rounds):
        maker, friend = Page(port, f"{tag}-maker-{n}", key), Page(port, f"{tag}-friend-{n}", key)
        start = time.monotonic()
        status, made = maker.call("create", name="Masha", size=2)
        worst_create = max(worst_create, time.monotonic() - start)
        if status != 200:
            refused += 1
            continue
        start = time.monotonic()
        status, _joined = friend.call("join", code=made["view"]["code"], name="Petya")
        worst_join = max(worst_join, time.monotonic() - start)
        refused += status != 200
        time.sleep(0.3)
    return worst_create, worst_join, refused


def run(quick: bool = False) -> list[dict]:
    seconds, rounds, bad = (6.0, 5, 2000) if quick else (20.0, 15, 10_000)
    key = TableService(Path("/nonexistent"), bytes.fromhex(SECRET)).class_key("bench")
    rows: list[dict] = []
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "server.log"
        server = VoilaServer(log_path=log)
        server.env.update(SQ_EDU_CLASS="bench", SQ_EDU_TABLES_SECRET=SECRET,
                          SQ_EDU_PROGRESS_DIR=folder)
        with server:
            for verb, name in (("join", "wrong-code flood"), ("create", "create flood")):
                counts = [0] * PAGES
                _flood(server.port, key, verb, time.monotonic() + seconds, counts)
                time.sleep(1.0)   # the flood is on
                create, join, refused = _child_waits(server.port, key, rounds, verb)
                time.sleep(max(0.0, seconds - 1.0 - rounds * 0.3) + 1.0)
                rows += [
                    {"benchmark": f"{name}: requests a minute ({PAGES} pages)",
                     "value": sum(counts) * 60 / seconds, "unit": "/min", "target": "info"},
                    {"benchmark": f"{name}: another child's create, slowest of {rounds}",
                     "value": create, "unit": "s", "target": "<= 5 s"},
                    {"benchmark": f"{name}: a classmate's join, slowest of {rounds}",
                     "value": join, "unit": "s", "target": "<= 5 s"},
                    {"benchmark": f"{name}: another child refused", "value": refused,
                     "unit": "", "target": "0"},
                ]
            before = log.stat().st_size
            page = Page(server.port, "wrong-key", "0" * 64)
            statuses = [page.call("list")[0] for _ in range(bad)]
            grown = log.stat().st_size - before
    rows += [
        {"benchmark": f"wrong-key requests: answered 429 (of {bad})",
         "value": statuses.count(429), "unit": "", "target": "info"},
        {"benchmark": "wrong-key requests: log bytes per 10,000", "value":
         grown * 10_000 / bad, "unit": "B", "target": "info"},
        {"benchmark": "context: load average (1 min) at the end",
         "value": os.getloadavg()[0], "unit": "", "target": "info"},
    ]
    return rows


if __name__ == "__main__":
    from bench.__main__ import table

    print(table(run()))
