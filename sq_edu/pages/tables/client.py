"""The kernel's side of the table service (the table page, the teacher's list): JSON POSTs
over loopback, nothing else.

The address and the class key come from the kernel's environment (the class server puts
them there); without them there is no table service and the app says so. A refusal comes back
as `Refused(key)`, a catalogue message the app shows as it is.
"""

from __future__ import annotations

import http.client
import json
import os
import threading
import urllib.parse
from typing import Any

from sq_edu.practice.classroom.live import server_class

# Where a kernel finds its class's tables (the server writes them into its environment).
URL_ENV = "SQ_EDU_TABLES_URL"
KEY_ENV = "SQ_EDU_TABLES_KEY"
# A kept connection the server closed meanwhile (its idle timeout): send once more, afresh.
_STALE = (http.client.RemoteDisconnected, http.client.CannotSendRequest, BrokenPipeError,
          ConnectionResetError)


class Refused(Exception):
    """The service said no; `key` is the message for the child."""

    def __init__(self, key: str, status: int = 0) -> None:
        super().__init__(key)
        self.key, self.status = key, status


class TableClient:
    """Talks to the class's table service for one page (one kernel). Each thread keeps one
    HTTP/1.1 connection and reuses it: a page clicking fast used to open a socket (and a
    thread) a click, and the kernel ran out of both."""

    def __init__(self, url: str, class_name: str, key: str, client: str = "") -> None:
        self.url, self.class_name, self.key, self.client = url, class_name, key, client
        parts = urllib.parse.urlsplit(url)
        self._host, self._port, self._path = parts.hostname or "127.0.0.1", parts.port or 80, \
            parts.path
        self._local = threading.local()

    @classmethod
    def from_env(cls, api: str = "") -> TableClient | None:
        """The service this kernel's server runs, or None (not a class server)."""
        url, key, class_name = os.environ.get(URL_ENV, ""), os.environ.get(KEY_ENV, ""), \
            server_class()
        if not (url.startswith("http://") and key and class_name):
            return None
        if api:   # another service beside the tables (the class game): its own route
            url = url.replace("/sq-edu/tables/api/", f"/sq-edu/{api}/api/")
        return cls(url, class_name, key, os.environ.get("VOILA_KERNEL_ID", "")[:64])

    def _connection(self, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
        """This thread's connection (made now: True) with `timeout` for the next answer."""
        conn = getattr(self._local, "conn", None)
        fresh = conn is None
        if conn is None:
            conn = http.client.HTTPConnection(self._host, self._port, timeout=timeout)
            self._local.conn = conn
        conn.timeout = timeout
        if conn.sock is not None:
            conn.sock.settimeout(timeout)
        return conn, fresh

    def _drop(self) -> None:
        conn = getattr(self._local, "conn", None)
        self._local.conn = None
        if conn is not None:
            conn.close()

    def close(self) -> None:
        """Close this thread's connection (the next call opens another)."""
        self._drop()

    def call(self, verb: str, timeout: float = 10.0, **data: Any) -> dict[str, Any]:
        """One request; Refused on a refusal, OSError when the server cannot be reached."""
        body = json.dumps(data).encode()
        headers = {"Content-Type": "application/json", "X-SQ-Class": self.class_name,
                   "X-SQ-Key": self.key, "X-SQ-Client": self.client}
        while True:
            conn, fresh = self._connection(timeout)
            try:
                conn.request("POST", self._path + verb, body=body, headers=headers)
                answer = conn.getresponse()
                status, raw = answer.status, answer.read()
                break
            except _STALE as lost:
                self._drop()
                if fresh:
                    raise OSError(f"the table service closed the connection: {lost}") from None
            except (OSError, http.client.HTTPException) as lost:
                self._drop()
                raise OSError(f"the table service did not answer: {lost}") from None
        if status < 400:
            return dict(json.loads(raw))
        try:
            key = str(json.loads(raw).get("error", "table.err_server"))
        except (ValueError, AttributeError):
            key = "table.err_server"
        raise Refused(key if key.startswith(("table.", "classgame.")) else "table.err_server",
                      status)
