"""Tables of classmates on one class server: 10 tables of 3 (30 learners) playing at once.

A real class server (`sq-edu serve --class`, the table service in its process) is started;
30 learners are 30 threads doing exactly what a child's kernel does over loopback: wait on
their seat (the long poll) and, on their decision, think a little and send a move. Measured:

- move to other screens: from a move being sent until each other seat's wait returns with
  it (two per move), p50 and p95 (target p95 <= 500 ms). The last hop, kernel to browser
  over the page's websocket, is not in it (it is the same hop every widget update takes);
- memory per table: the server's resident memory grown per table while they play, and the
  size of a table on disk (SQLite row).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import psutil

from sq_edu.server.server import VoilaServer
from sq_edu.server.tables import TableService

TABLES, SEATS = 10, 3
SECRET = "cd" * 32


def _key() -> str:
    return TableService(Path("/nonexistent"), bytes.fromhex(SECRET)).class_key("bench")


def _call(url: str, verb: str, key: str, timeout: float = 30.0, client: str = "",
          **data: Any) -> dict:
    """One request as a kernel sends it (`client`: its page; a device holds 3 tables)."""
    request = urllib.request.Request(
        url + verb, data=json.dumps(data).encode(), method="POST",
        headers={"X-SQ-Class": "bench", "X-SQ-Key": key, "X-SQ-Client": client})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return dict(json.loads(answer.read()))


class Learner(threading.Thread):
    """One seat: waits, and on its decision thinks `think` seconds and moves."""

    def __init__(self, url: str, key: str, code: str, token: str, sent: dict,
                 seen: list, until: float, think: float, rng: random.Random) -> None:
        super().__init__(daemon=True)
        self.url, self.key, self.code, self.token = url, key, code, token
        self.sent, self.seen, self.until, self.think, self.rng = sent, seen, until, think, rng
        self.errors = 0

    def run(self) -> None:
        version, moves = -1, 0
        while time.monotonic() < self.until:
            try:
                view = _call(self.url, "state", self.key, code=self.code, token=self.token,
                             since=version)["view"]
            except (OSError, urllib.error.HTTPError):
                self.errors += 1
                time.sleep(0.5)
                continue
            now = time.perf_counter()
            version = view["version"]
            if view["moves"] > moves:
                sent = self.sent.get((self.code, view["moves"]))
                if sent is not None and sent[1] != view["seat"]:
                    self.seen.append(now - sent[0])
                moves = view["moves"]
            if view["obs"]["is_over"]:
                return
            if view["legal"]:
                time.sleep(self.think * self.rng.uniform(0.5, 1.5))
                move = self.rng.choice(view["legal"])
                self.sent[(self.code, moves + 1)] = (time.perf_counter(), view["seat"])
                try:
                    _call(self.url, "move", self.key, code=self.code, token=self.token,
                          move=move, moves=moves)
                except urllib.error.HTTPError:
                    self.errors += 1


def run(quick: bool = False) -> list[dict]:
    seconds = 20.0 if quick else 60.0
    with tempfile.TemporaryDirectory() as folder:
        server = VoilaServer()
        server.env.update(SQ_EDU_CLASS="bench", SQ_EDU_TABLES_SECRET=SECRET,
                          SQ_EDU_PROGRESS_DIR=folder, SQ_EDU_TABLE_AWAY_SECONDS="600",
                          SQ_EDU_TABLE_IDLE_SECONDS="600")
        with server:
            url, key = f"{server.url}sq-edu/tables/api/", _key()
            process = psutil.Process(server.pid)
            rss_before = process.memory_info().rss
            sent: dict = {}
            seen: list[float] = []
            until = time.monotonic() + seconds
            learners = []
            for t in range(TABLES):
                made = _call(url, "create", key, name="Host", size=SEATS, client=f"host-{t}")
                code, tokens = made["view"]["code"], [made["token"]]
                for s in range(1, SEATS):
                    tokens.append(_call(url, "join", key, code=code, name=f"Kid {s}")["token"])
                learners += [Learner(url, key, code, tok, sent, seen, until,
                                     0.5, random.Random(t * 10 + i))
                             for i, tok in enumerate(tokens)]
            for learner in learners:
                learner.start()
            for learner in learners:
                learner.join(seconds + 40)
            rss_after = process.memory_info().rss
            db = Path(folder) / "classes" / "bench" / "tables.sqlite3"
            disk = sum(p.stat().st_size for p in db.parent.glob("tables.sqlite3*"))
        load = os.getloadavg()[0]
    seen.sort()
    p95 = seen[int(0.95 * (len(seen) - 1))] if seen else float("nan")
    return [
        {"benchmark": "context: load average (1 min) at the end", "value": load,
         "unit": "", "target": "info"},
        {"benchmark": f"{TABLES} tables x {SEATS}: moves seen on other screens",
         "value": len(seen), "unit": "deliveries", "target": "info"},
        {"benchmark": "move to other screens, p50", "value": statistics.median(seen) * 1000
         if seen else float("nan"), "unit": "ms", "target": "info"},
        {"benchmark": "move to other screens, p95", "value": p95 * 1000, "unit": "ms",
         "target": "<= 500 ms"},
        {"benchmark": "server memory grown per table", "value":
         (rss_after - rss_before) / TABLES / 2**20, "unit": "MiB", "target": "info"},
        {"benchmark": "tables file per table (SQLite)", "value": disk / TABLES / 1024,
         "unit": "KiB", "target": "info"},
        {"benchmark": "refused or failed requests", "value":
         sum(learner.errors for learner in learners), "unit": "", "target": "0"},
    ]


if __name__ == "__main__":
    for row in run(quick=True):
        print(row)
