"""The kernel's side of the table service (the table page, the teacher's list): JSON POSTs
over loopback, nothing else.

The address and the class key come from the kernel's environment (the class server puts
them there); without them there is no table service and the app says so. A refusal comes back
as `Refused(key)`, a catalogue message the app shows as it is.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any

from sq_edu.practice.classroom.live import server_class

# Where a kernel finds its class's tables (the server writes them into its environment).
URL_ENV = "SQ_EDU_TABLES_URL"
KEY_ENV = "SQ_EDU_TABLES_KEY"


class Refused(Exception):
    """The service said no; `key` is the message for the child."""

    def __init__(self, key: str, status: int = 0) -> None:
        super().__init__(key)
        self.key, self.status = key, status


class TableClient:
    """Talks to the class's table service for one page (one kernel)."""

    def __init__(self, url: str, class_name: str, key: str, client: str = "") -> None:
        self.url, self.class_name, self.key, self.client = url, class_name, key, client

    @classmethod
    def from_env(cls) -> TableClient | None:
        """The service this kernel's server runs, or None (not a class server)."""
        url, key, class_name = os.environ.get(URL_ENV, ""), os.environ.get(KEY_ENV, ""), \
            server_class()
        if not (url.startswith("http://") and key and class_name):
            return None
        return cls(url, class_name, key, os.environ.get("VOILA_KERNEL_ID", "")[:64])

    def call(self, verb: str, timeout: float = 10.0, **data: Any) -> dict[str, Any]:
        """One request; Refused on a refusal, OSError when the server cannot be reached."""
        request = urllib.request.Request(  # noqa: S310 - from_env takes http:// only
            self.url + verb, data=json.dumps(data).encode(), method="POST",
            headers={"Content-Type": "application/json", "X-SQ-Class": self.class_name,
                     "X-SQ-Key": self.key, "X-SQ-Client": self.client})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:  # noqa: S310
                return dict(json.loads(answer.read()))
        except urllib.error.HTTPError as refusal:
            try:
                key = str(json.loads(refusal.read()).get("error", "table.err_server"))
            except ValueError:
                key = "table.err_server"
            raise Refused(key if key.startswith("table.") else "table.err_server",
                          refusal.code) from None
