"""The class game over HTTP: JSON POSTs from the class's kernels on loopback, with the table
service's proof (the class key in headers), body limit, throttle and refusals
(`tables/handlers.TableApi`, whose request handling this reuses).

`POST .../state` waits (up to the tables' poll time) until the class game changes past the
version the page already has: the projector and the teacher hear of an answer, a vote or a
closed round at once. A child's page names the stage it shows (`at`: round, phase, revealed, tied)
and is woken only when that changes: 30 children need not hear of every classmate's answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tornado.locks import Condition

from sq_edu.practice.classgame.state import ClassGameError

from ..tables.handlers import POLL_SECONDS, TableApi
from ..tables.service import TableError
from ..tables.throttle import BadRequests
from .service import ROLES, ClassGameService

API_PATH = "sq-edu/classgame/api"
TEACHER_VERBS = ("pause", "resume", "skip", "close", "end", "spread", "reveal", "decide")


class ClassGameApi(TableApi):
    """`POST <base>sq-edu/classgame/api/<verb>`."""

    games: ClassGameService

    def initialize(self, games: ClassGameService,  # type: ignore[override]
                   conditions: dict, bad: BadRequests,
                   device_of: Callable[[str], str | None]) -> None:
        super().initialize(games.tables, conditions, bad, device_of)
        self.games = games

    def _act(self, verb: str, class_name: str, data: dict[str, Any]) -> dict[str, Any]:
        try:
            return self._verb(verb, class_name, data)
        except ClassGameError as why:
            raise TableError(why.key, why.status) from None

    def _verb(self, verb: str, class_name: str, data: dict[str, Any]) -> dict[str, Any]:
        games, name, round_no = self.games, data.get("name"), data.get("round")
        if verb == "start":
            return {"view": games.start(class_name, data.get("rules"), data.get("bots"),
                                        data.get("coach"), data.get("timer", 0))}
        if verb in TEACHER_VERBS:
            return {"view": games.teacher(class_name, verb, data.get("show"),
                                                 data.get("choice"))}
        if verb == "join":
            return {"view": games.join(class_name, name), "seat": games.seat(class_name, name)}
        if verb == "rejoin":
            return {"view": games.rejoin(class_name, name, data.get("seat"))}
        if verb == "answer":
            return games.answer(class_name, name, round_no, data.get("text"))
        if verb == "vote":
            return {"view": games.vote(class_name, name, round_no, data.get("choice"))}
        raise ClassGameError("classgame.err_bad_request", 404)

    async def _state(self, class_name: str, data: dict[str, Any]) -> dict[str, Any] | None:
        """The page's view once the game is past `since` (at once if it already is)."""
        since, role = data.get("since", -1), data.get("role")
        if type(since) is not int or role not in ROLES:
            raise TableError("classgame.err_bad_request", 400)
        name = data.get("name") if role == "child" else ""
        nickname = ""
        if isinstance(name, str) and name:
            try:
                nickname = self.games._nickname(name)
            except ClassGameError as why:
                raise TableError(why.key, why.status) from None
        at = data.get("at")   # a child's page: only a new round, a pause or a reveal wake it
        deadline = time.monotonic() + POLL_SECONDS
        while ((self.games.version(class_name) <= since or self.games.stage(class_name) == at)
               and not self._closed and time.monotonic() < deadline):
            condition = self.conditions.setdefault(("classgame", class_name), Condition())
            await condition.wait(timeout=deadline - time.monotonic())
        if self._closed:
            return None
        return {"view": self.games.view(class_name, str(role), nickname)}


def classgame_handlers(games: ClassGameService, base_url: str = "/",
                       device_of: Callable[[str], str | None] = lambda _kernel: None
                       ) -> list[tuple]:
    """The tornado route; every change to a class game wakes the pages waiting on it."""
    conditions: dict[tuple[str, str], Condition] = {}

    def wake(class_name: str) -> None:
        condition = conditions.get(("classgame", class_name))
        if condition is not None:
            condition.notify_all()

    games.listeners.append(wake)
    return [(f"{base_url.rstrip('/')}/{API_PATH}/([a-z]+)", ClassGameApi,
             {"games": games, "conditions": conditions, "bad": BadRequests(),
              "device_of": device_of})]
