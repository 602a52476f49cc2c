"""Calls a page's kernel makes to its own server (`sq_edu.server.free_class`), over loopback.

The teacher page, once its password is given, asks the server to shut down every other page
kernel (`ask_to_free_the_class`), and signs short-lived links to the class report the server
streams (`report_link`). Both use the key the server gave its kernels (`params.query_key`); no
browser has that key.
"""

from __future__ import annotations

import json
import logging
import os
import time
import urllib.request

from sq_edu.pages.params import QUERY_KEY_ENV, query_key, request_info_url

log = logging.getLogger(__name__)
FREE_KEY_HEADER = "X-Sq-Free-Key"
ROUTE = "/sq-edu/free-class"
REPORT_ROUTE = "/sq-edu/class-report.csv"
TICKET_SECONDS = 8 * 3600   # a school day: the link lives in the teacher's open page


def ask_to_free_the_class(environ: dict[str, str] | os._Environ[str] = os.environ) -> int:
    """From the teacher page's kernel: free every other page; the number freed (-1: this
    page is not served by `sq-edu serve`, or the server refused)."""
    kernel_id, key = environ.get("VOILA_KERNEL_ID", ""), environ.get(QUERY_KEY_ENV, "")
    if not kernel_id or not key:
        return -1
    base = request_info_url(dict(environ)).replace("ws://", "http://", 1).replace(
        "wss://", "https://", 1)
    url = base.split("voila/query/", 1)[0] + ROUTE.lstrip("/") + f"?keep={kernel_id}"
    request = urllib.request.Request(url, data=b"", method="POST", headers={  # noqa: S310
        FREE_KEY_HEADER: query_key(f"free-class:{kernel_id}", key)})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:  # noqa: S310 - loopback
            return int(json.loads(answer.read()).get("freed", 0))
    except (OSError, ValueError):
        log.warning("could not free the class", exc_info=True)
        return -1


def report_link(lang: str, environ: dict[str, str] | os._Environ[str] = os.environ,
                now: float | None = None) -> str:
    """A link (relative to the page, valid TICKET_SECONDS) to the class report as a CSV file
    streamed by the server; "" when this page is not served by `sq-edu serve`."""
    key = environ.get(QUERY_KEY_ENV, "")
    if not key or not environ.get("VOILA_KERNEL_ID"):
        return ""
    expiry = int(time.time() if now is None else now) + TICKET_SECONDS
    base = environ.get("VOILA_BASE_URL", environ.get("VOILA_SERVER_URL", "/")) or "/"
    ticket = f"{expiry}.{query_key(f'report:{expiry}', key)}"
    return f"{base.rstrip('/')}{REPORT_ROUTE}?ticket={ticket}&lang={lang}"
