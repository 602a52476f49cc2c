"""Putting the table service into the class server (`sq-edu serve --class NAME`).

The service lives in the server process. Its address and the class key reach the class's
kernels through their environment (`kernel_env`), the only place they are written: never a
page, never a command line.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from typing import Any

from tornado.ioloop import PeriodicCallback

from sq_edu.pages.tables.client import KEY_ENV, URL_ENV
from sq_edu.practice.classroom.live import server_class
from sq_edu.practice.progress import default_progress_dir

from .handlers import API_PATH, table_handlers
from .service import TableService

log = logging.getLogger(__name__)

SECRET_ENV = "SQ_EDU_TABLES_SECRET"   # noqa: S105 - a fixed secret (hex) keeps keys across restarts
TICK_MS = 200

_kernel_env: dict[str, str] = {}


def kernel_env() -> dict[str, str]:
    """What a kernel started by this server needs to reach its class's tables ({} if none)."""
    return dict(_kernel_env)


def service_secret() -> bytes | None:
    text = os.environ.get(SECRET_ENV, "")
    try:
        return bytes.fromhex(text) if len(text) >= 32 else None
    except ValueError:
        log.warning("ignoring $%s: not hex", SECRET_ENV)
        return None


def mount(server_url: str, ip: str, port: int,
          device_of: Callable[[str], str | None] = lambda _kernel: None
          ) -> tuple[TableService | None, list[Any]]:
    """The service and its routes in class mode; (None, []) otherwise. `device_of(kernel
    id)` names the device that opened that kernel's page."""
    class_name = server_class()
    if not class_name:
        return None, []
    service = TableService(default_progress_dir(), service_secret())
    host = "127.0.0.1" if ip in ("", "0.0.0.0", "localhost", "::") else ip  # noqa: S104
    if ":" in host:
        host = f"[{host}]"
    base = "/" + server_url.strip("/") + "/" if server_url.strip("/") else "/"
    _kernel_env.update({URL_ENV: f"http://{host}:{port}{base}{API_PATH}/",
                        KEY_ENV: service.class_key(class_name)})
    return service, table_handlers(service, base, device_of)


def start_ticking(service: TableService | None) -> None:
    if service is not None:
        PeriodicCallback(service.tick, TICK_MS).start()
