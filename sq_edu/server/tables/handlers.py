"""The table service over HTTP: small JSON POSTs from the children's kernels, on loopback.

Every request names its class and shows the class key (headers `X-SQ-Class`, `X-SQ-Key`),
which only the class's kernels hold: a browser, even logged in to the class, cannot call
this API, and a cross-site page cannot set those headers. Bodies over `MAX_BODY` bytes are
refused unread, a body nested too deep to read is a 400. Answers are `{"ok": true, ...}`
or `{"error": "<catalogue key>"}` with a 4xx status; nothing else (no traceback) ever goes
back. Bad requests are throttled per address (`throttle.py`).

A kernel names itself (`X-SQ-Client`, its kernel id); `device_of` turns that into the device
(the address that opened its page), so limits count devices, not pages, which are cheap.

`POST .../state` waits (up to `POLL_SECONDS`) until the table changes past the version the
kernel already has: that is how a move reaches the other screens at once, and while it
waits, the seat counts as present.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from typing import Any

import tornado.web
from tornado.locks import Condition

from .service import TableError, TableService
from .table import Table
from .throttle import BadRequests

log = logging.getLogger(__name__)

MAX_BODY = 8 * 1024
POLL_SECONDS = 15.0
API_PATH = "sq-edu/tables/api"


class TableApi(tornado.web.RequestHandler):
    """`POST <base>sq-edu/tables/api/<verb>`."""

    service: TableService
    conditions: dict[tuple[str, str], Condition]
    sq_edu_unlogged = False   # the access log leaves a throttled refusal out (access_log.py)

    def initialize(self, service: TableService, conditions: dict,
                   bad: BadRequests, device_of: Callable[[str], str | None]) -> None:
        self.service = service
        self.conditions = conditions
        self.bad = bad
        self.device_of = device_of
        self._closed = False

    def check_xsrf_cookie(self) -> None:
        """No cookie is involved: the class key in a header is the proof (a form or an image
        from another site cannot send headers)."""

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")

    def _answer(self, status: int, data: dict[str, Any]) -> None:
        self.set_status(status)
        self.finish(json.dumps(data, separators=(",", ":")))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps({"error": "table.err_server"}))

    def get(self, verb: str) -> None:
        self._answer(405, {"error": "table.err_bad_request"})

    def on_connection_close(self) -> None:
        self._closed = True
        for condition in self.conditions.values():
            condition.notify_all()

    def _bad(self, status: int, key: str) -> None:
        self.bad.count(self.request.remote_ip or "")
        self._answer(status, {"error": key})

    async def post(self, verb: str) -> None:
        address = self.request.remote_ip or ""
        headers = self.request.headers
        try:
            class_name = self.service.check_class(headers.get("X-SQ-Class"),
                                                  headers.get("X-SQ-Key"))
        except TableError as why:
            if self.bad.over(address):
                self.sq_edu_unlogged = True
                self._answer(429, {"error": "table.err_bad_request"})
            else:
                self._bad(why.status, why.key)
            return
        if len(self.request.body) > MAX_BODY:
            self._bad(413, "table.err_too_big")
            return
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, RecursionError):   # RecursionError: `[[[[...` thousands deep
            data = None
        if not isinstance(data, dict):
            self._bad(400, "table.err_bad_request")
            return
        try:
            if verb == "state":
                answer = await self._state(class_name, data)
            else:
                answer = self._act(verb, class_name, data)
        except TableError as why:
            self._answer(why.status, {"error": why.key, "params": why.params})
            return
        if answer is not None and not self._closed:
            self._answer(200, {"ok": True, **answer})

    def _act(self, verb: str, class_name: str, data: dict[str, Any]) -> dict[str, Any]:
        service, code, token = self.service, data.get("code"), data.get("token")
        if verb == "create":
            token, view = service.create(class_name, data.get("name"), data.get("size"),
                                         data.get("rules", "official"), self._device(),
                                         data.get("checked"))
            return {"token": token, "view": view}
        if verb == "join":
            token, view = service.join(class_name, code, data.get("name"), self._device(),
                                       data.get("checked"))
            return {"token": token, "view": view}
        if verb == "start":
            return {"view": service.start(class_name, code, token)}
        if verb == "move":
            return {"view": service.move(class_name, code, token, data.get("move"),
                                         data.get("moves"))}
        if verb == "back":
            return {"view": service.back(class_name, code, token)}
        if verb == "list":
            return {"tables": service.listing(class_name)}
        raise TableError("table.err_bad_request", 404)

    def _device(self) -> str:
        """The device whose page sent this (its kernel's owner), else the kernel itself."""
        client = str(self.request.headers.get("X-SQ-Client", ""))[:64]
        return self.device_of(client) or f"page:{client}"

    async def _state(self, class_name: str, data: dict[str, Any]) -> dict[str, Any] | None:
        """The seat's view once the table is past `since` (at once if it already is)."""
        service = self.service
        since = data.get("since", -1)
        if type(since) is not int:
            raise TableError("table.err_bad_request", 400)
        table, seat = service._seated(class_name, data.get("code"), data.get("token"))
        key = (class_name, table.code)
        deadline = time.monotonic() + POLL_SECONDS
        service.wait_started(table, seat)
        try:
            while (table.version <= since and not self._closed
                   and service.tables.get(key) is table and time.monotonic() < deadline):
                condition = self.conditions.setdefault(key, Condition())
                await condition.wait(timeout=deadline - time.monotonic())
        finally:
            service.wait_ended(table, seat)
        if self._closed:
            return None
        if service.tables.get(key) is not table:
            raise TableError("table.err_no_table", 404)
        return {"view": table.view(seat)}


def table_handlers(service: TableService, base_url: str = "/",
                   device_of: Callable[[str], str | None] = lambda _kernel: None
                   ) -> list[tuple]:
    """The tornado routes; every change to a table wakes the pages waiting on it.
    `device_of(kernel id)`: the address that opened that kernel's page (None: unknown)."""
    conditions: dict[tuple[str, str], Condition] = {}

    def wake(table: Table) -> None:
        condition = conditions.get((table.class_name, table.code))
        if condition is not None:
            condition.notify_all()

    service.listeners.append(wake)
    return [(f"{base_url.rstrip('/')}/{API_PATH}/([a-z]+)", TableApi,
             {"service": service, "conditions": conditions, "bad": BadRequests(),
              "device_of": device_of})]
