"""The whole class plays one game: 30 children answering and voting on one class game.

A real class server (`sq-edu serve --class`, the class game in its process beside the table
service) is started; the teacher's kernel starts a game against 2 bots; the projector is a
thread waiting on the class game (the long poll a projector page's kernel makes); 30 children
are 30 threads doing what a child's kernel does over loopback: wait, and on a new round think
a little, answer (right, mostly) and vote. Measured:

- answer to the projector: from a child's answer being sent until the projector's wait
  returns a view that counts it, p50 and p95 (target p95 <= 500 ms);
- last vote to the projector's next round: from the vote that completes a round until the
  projector shows the next round (the round closes on the server's next tick), p95;
- memory per child: the server's resident memory grown per child over the games (target
  <= 2 MiB), and the class game's SQLite file.

The last hop, kernel to browser over the page's websocket, is not in it (every widget update
takes it).
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

from sq_edu.pages.tables.wire import obs_from_wire
from sq_edu.practice.classgame.question import class_question
from sq_edu.server.server import VoilaServer
from sq_edu.server.tables import TableService

CHILDREN = 30
SECRET = "ef" * 32


def _key() -> str:
    return TableService(Path("/nonexistent"), bytes.fromhex(SECRET)).class_key("bench")


def _call(url: str, verb: str, key: str, timeout: float = 30.0, **data: Any) -> dict:
    request = urllib.request.Request(
        url + verb, data=json.dumps(data).encode(), method="POST",
        headers={"X-SQ-Class": "bench", "X-SQ-Key": key})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return dict(json.loads(answer.read()))


class Projector(threading.Thread):
    """Waits on the class game and notes when each view arrives."""

    def __init__(self, url: str, key: str) -> None:
        super().__init__(daemon=True)
        self.url, self.key = url, key
        self.views: list[tuple[float, int, int, str]] = []   # (arrived, round, answered, phase)
        self.stop = threading.Event()

    def run(self) -> None:
        version = -1
        while not self.stop.is_set():
            try:
                view = _call(self.url, "state", self.key, role="projector",
                             since=version)["view"]
            except (OSError, urllib.error.HTTPError):
                time.sleep(0.2)
                continue
            self.views.append((time.perf_counter(), view.get("round", -1),
                               view.get("answered", 0), view.get("phase", "")))
            version = view["version"]

    def first(self, after: float, done: Any) -> float | None:
        for arrived, round_no, answered, phase in list(self.views):
            if arrived >= after and done(round_no, answered, phase):
                return arrived - after
        return None


class Child(threading.Thread):
    """One child: on each new round thinks, answers, votes."""

    def __init__(self, url: str, key: str, name: str, rng: random.Random,
                 answers: list, votes: list) -> None:
        super().__init__(daemon=True)
        self.url, self.key, self.name, self.rng = url, key, name, rng
        self.answers, self.votes = answers, votes
        self.errors = 0
        # a third of the class votes for the second move: a majority, never a tie (a tie
        # would wait for a teacher this benchmark has not got)
        self.side = int(int(name.rsplit("x", 1)[1]) % 3 == 2)

    def run(self) -> None:
        version, done_round, at = -1, -1, None
        while True:
            try:
                view = _call(self.url, "state", self.key, role="child", name=self.name,
                             since=version, at=at)["view"]
            except (OSError, urllib.error.HTTPError):
                self.errors += 1
                time.sleep(0.5)
                continue
            version = view["version"]
            at = [view.get("round"), view.get("phase"), view.get("revealed"),
                  bool(view.get("tie"))]
            if view.get("phase") == "over":
                return
            round_no = view["round"]
            if view.get("phase") != "open" or round_no == done_round:
                continue
            time.sleep(self.rng.uniform(0.2, 1.5))
            question = class_question(obs_from_wire(view["obs"]), round_no,
                                      str(view.get("coach", "quiz")))
            right = question.exercise.answers[0]
            text = str(right if self.rng.random() < 0.8 else
                       question.exercise.traps[0][0] if question.exercise.traps else right)
            try:
                sent = time.perf_counter()
                said = _call(self.url, "answer", self.key, name=self.name, round=round_no,
                             text=text)
                self.answers.append((sent, round_no, said["view"]["answered"]))
                sent = time.perf_counter()
                voted = _call(self.url, "vote", self.key, name=self.name, round=round_no,
                              choice=self.side if len(view["choices"]) > 1 else 0)
                self.votes.append((sent, round_no, voted["view"]["voted"]))
            except urllib.error.HTTPError:   # the round closed meanwhile (a late child)
                self.errors += 1
            done_round = round_no


def run(quick: bool = False) -> list[dict]:
    games = 1 if quick else 3
    with tempfile.TemporaryDirectory() as folder:
        server = VoilaServer()
        server.env.update(SQ_EDU_CLASS="bench", SQ_EDU_TABLES_SECRET=SECRET,
                          SQ_EDU_PROGRESS_DIR=folder)
        with server:
            url, key = f"{server.url}sq-edu/classgame/api/", _key()
            process = psutil.Process(server.pid)
            _call(url, "start", key, rules="kids", bots=2, coach="quiz")   # warm the code
            rss_before = process.memory_info().rss
            answers: list = []
            votes: list = []
            projector = Projector(url, key)
            projector.start()
            children: list[Child] = []
            rounds = 0
            for game in range(games):
                _call(url, "start", key, rules="kids", bots=2, coach="quiz")
                batch = [Child(url, key, f"Kid{game}x{i}", random.Random(game * 100 + i),
                               answers, votes) for i in range(CHILDREN)]
                for child in batch:
                    _call(url, "join", key, name=child.name)
                for child in batch:
                    child.start()
                for child in batch:
                    child.join(600)
                children += batch
                rounds += _call(url, "state", key, role="teacher", since=-1)["view"]["round"]
            rss_after = process.memory_info().rss
            time.sleep(0.5)
            projector.stop.set()
            disk = sum(p.stat().st_size for p in
                       (Path(folder) / "classes" / "bench").glob("classgame.sqlite3*"))
        load = os.getloadavg()[0]
    to_count = [d for sent, r, n in answers if (d := projector.first(
        sent, lambda pr, pn, _ph, r=r, n=n: pr > r or (pr == r and pn >= n))) is not None]
    last_votes: dict[int, float] = {}
    for sent, round_no, voted in votes:
        if voted >= CHILDREN:
            last_votes[round_no] = max(last_votes.get(round_no, 0.0), sent)
    to_next = [d for r, sent in last_votes.items() if (d := projector.first(
        sent, lambda pr, _pn, ph, r=r: pr > r or ph == "over")) is not None]

    def p95(values: list[float]) -> float:
        values = sorted(values)
        return values[int(0.95 * (len(values) - 1))] * 1000 if values else float("nan")

    return [
        {"benchmark": "context: load average (1 min) at the end", "value": load,
         "unit": "", "target": "info"},
        {"benchmark": f"{games} game(s) x {CHILDREN} children: rounds played",
         "value": rounds, "unit": "rounds", "target": "info"},
        {"benchmark": "answer to projector count, p50", "value":
         statistics.median(to_count) * 1000 if to_count else float("nan"), "unit": "ms",
         "target": "info"},
        {"benchmark": "answer to projector count, p95", "value": p95(to_count), "unit": "ms",
         "target": "<= 500 ms"},
        {"benchmark": "last vote to projector's next round, p95", "value": p95(to_next),
         "unit": "ms", "target": "<= 500 ms"},
        {"benchmark": "server memory grown per child", "value":
         (rss_after - rss_before) / (CHILDREN * games) / 2**20, "unit": "MiB",
         "target": "<= 2 MiB"},
        {"benchmark": "class game file (SQLite)", "value": disk / 1024, "unit": "KiB",
         "target": "info"},
        {"benchmark": "refused or failed requests", "value":
         sum(child.errors for child in children), "unit": "", "target": "info"},
    ]


if __name__ == "__main__":
    for row in run(quick=True):
        print(row)
