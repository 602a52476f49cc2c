"""The teacher's "free the class" control, as a route only the teacher page's kernel can call.

The teacher page runs in a kernel that has already checked the teacher password; that kernel
asks the server (loopback, `POST /sq-edu/free-class`) to shut down every lesson page kernel
but its own, so a class held full by forgotten tabs or by one device starts afresh at once. The
request carries `params.query_key("free-class:<own kernel id>", server key)`: only a kernel of
this server knows the key, and no browser can reach the route (loopback, no cookie accepted).
"""

from __future__ import annotations

import hmac
import json
import logging
from typing import Any

import tornado.web

from sq_edu.pages.params import query_key
from sq_edu.pages.server_calls import FREE_KEY_HEADER, ROUTE

log = logging.getLogger(__name__)


class FreeClassHandler(tornado.web.RequestHandler):
    """`POST /sq-edu/free-class?keep=<kernel id>` from a kernel of this server."""

    route = ROUTE

    def check_xsrf_cookie(self) -> None:
        """No cookie is involved: the kernel key below is the proof (and no browser has it)."""

    async def post(self) -> None:
        import ipaddress

        keep = self.get_query_argument("keep", "")[:64]
        key = self.settings.get("sq_edu_query_key", "")
        sent = self.request.headers.get(FREE_KEY_HEADER, "")
        try:
            loopback = ipaddress.ip_address(self.request.remote_ip or "").is_loopback
        except ValueError:
            loopback = False
        if not (loopback and key and keep
                and hmac.compare_digest(sent, query_key(f"free-class:{keep}", key))):
            raise tornado.web.HTTPError(403)
        app: Any = self.settings["sq_edu_safe_voila"]
        freed = await app.free_class(keep=keep)
        log.warning("the teacher freed the class: %d page kernel(s) shut down", freed)
        self.set_header("Content-Type", "application/json")
        self.finish(json.dumps({"freed": freed}))
