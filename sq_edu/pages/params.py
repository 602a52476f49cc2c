"""What a dashboard reads from its URL under Voila: `?lang=ru&seed=12&level=2`, checked.

The settings themselves (ranges, the level policy, links) are `sq_edu.links`; this module only
finds the page's query string. Without preheating Voila puts it in the `QUERY_STRING`
environment variable. A preheated kernel runs the notebook before anyone asks for the page, so
the query string only arrives when Voila hands the kernel to a request: Voila sends the request
info as one JSON message on its websocket `voila/query/<kernel id>` (what
`voila.utils.wait_for_request` reads). It is read here with the small `websockets` client that
Voila itself depends on, not through `voila.utils`, which would load jupyter_server and
jupyterlab_server into every kernel (about 45 MB each). Outside Voila (nbval, a plain notebook)
there is none and the defaults apply.

The server (`sq_edu.server.query_socket`) answers that websocket only to the kernel itself: the
kernel sends `query_key(its id, the server's key)` in a header. A connection that is dropped is
opened again (the server keeps a request that arrived meanwhile), and a server that refuses
or cannot be reached leaves the page on its defaults instead of hanging it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import os
import time

from sq_edu.links import (
    DEFAULT_PORT,
    MAX_LEVEL,
    MAX_SEED,
    PageParams,
    default_lang,
    parse_query,
)

log = logging.getLogger(__name__)
REQUEST_TIMEOUT = 5.0   # seconds to open Voila's websocket, as voila.utils waits
LISTEN_SECONDS = 15.0   # then the connection is opened again (a request may be waiting there)
CLOSED_FOR = 60.0       # seconds of closed connections (a flood fills the server) before giving up
REFUSED_FOR = 3.0       # seconds with nothing listening on the port (no Voila there) before it
QUERY_KEY_ENV = "SQ_EDU_QUERY_KEY"
QUERY_KEY_HEADER = "X-Sq-Query-Key"
__all__ = [
    "MAX_LEVEL",
    "MAX_SEED",
    "PageParams",
    "current_query",
    "default_lang",
    "page_params",
    "parse_query",
    "query_key",
    "request_info_url",
    "served_alone",
]


def request_info_url(env: dict[str, str] | None = None) -> str:
    """Voila's websocket that hands a preheated kernel its request (as voila.utils builds it)."""
    env = dict(os.environ) if env is None else env
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", str(DEFAULT_PORT))
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    return f"{protocol}://{host}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"


def query_key(kernel_id: str, server_key: str) -> str:
    """The key a kernel shows to read its own request: an HMAC of its id (hex)."""
    return hmac.new(server_key.encode(), kernel_id.encode(), hashlib.sha256).hexdigest()


def _wait_for_request() -> None:
    """Block until Voila gives this preheated kernel a page request; put its info (QUERY_STRING
    and friends) in the environment, as Voila does for a kernel started for the request.

    A preheated kernel may wait for hours before a page takes it, so there is no overall
    deadline; the connection is reopened every LISTEN_SECONDS instead, which also recovers a
    request the server kept while no connection was listening. A server that closes the
    connection (a flood fills its open files) is asked again after a short wait, for up to
    CLOSED_FOR seconds, so that the page still gets its own query afterwards; a port with
    nothing listening (no Voila) is given up after REFUSED_FOR.
    """
    from websockets.exceptions import ConnectionClosed, InvalidMessage
    from websockets.sync.client import connect

    kernel_id = os.environ.get("VOILA_KERNEL_ID", "")
    headers = {QUERY_KEY_HEADER: query_key(kernel_id, os.environ.get(QUERY_KEY_ENV, ""))}
    info: str | bytes | None = None
    closed = 0
    failing_since: float | None = None
    while info is None:
        try:
            socket = connect(request_info_url(), open_timeout=REQUEST_TIMEOUT,
                             additional_headers=headers)
        except (OSError, EOFError, InvalidMessage, ConnectionClosed) as error:
            now = time.monotonic()
            failing_since = now if failing_since is None else failing_since
            patience = REFUSED_FOR if isinstance(error, ConnectionRefusedError) else CLOSED_FOR
            if now - failing_since > patience:
                raise ConnectionError(f"no connection for {patience:.0f} s: {error!r}") from error
            time.sleep(0.5)
            continue
        failing_since = None
        with socket:
            try:
                info = socket.recv(timeout=LISTEN_SECONDS)
            except TimeoutError:
                closed = 0
            except ConnectionClosed:
                closed += 1
                if closed >= 3:   # the server keeps closing it: use the defaults
                    raise
    for key, value in json.loads(info).items():
        if isinstance(key, str) and isinstance(value, str):
            os.environ[key] = value


def current_query() -> str:
    """The page's query string under Voila (preheated or not); empty elsewhere."""
    if os.environ.get("VOILA_PREHEAT", "False") == "True":
        try:
            _wait_for_request()
        except ConnectionError as error:   # the server went away: one line, no traceback
            log.warning("could not reach Voila for the query string: %s", error)
            return ""
        except Exception:  # a page must open even if Voila changed its internals
            log.exception("could not read the query string from Voila")
            return ""
    return os.environ.get("QUERY_STRING", "")


def served_alone() -> bool:
    """True when Voila serves this one notebook by itself (`voila notebooks/index.ipynb`).

    Voila then answers every other path with its own file handler, which refuses notebooks
    (403), so links to the other dashboards cannot work. It names the request path in
    `SCRIPT_NAME`: the notebook's own address (`.../voila/render/index.ipynb`) when a folder is
    served, `/` when a notebook is served alone. A preheated kernel (`sq-edu serve`) ran before
    any request and has no `SCRIPT_NAME`; it always serves a folder.
    """
    script = os.environ.get("SCRIPT_NAME")
    return script is not None and not script.endswith(".ipynb")


def page_params() -> PageParams:
    """Checked settings of the page being shown (a changed class link keeps its level fixed:
    `link_seal`)."""
    from sq_edu.pages.link_seal import checked_seal

    query = current_query()
    return checked_seal(parse_query(query), query)
