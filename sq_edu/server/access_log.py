"""No password in the server's log: a `token=` in a logged address is written as `[hidden]`.

The class password comes only through the login form, and an address with `?token=` in it is
refused (`class_login.py`); but the refusal itself is logged, and tornado's access log
(Voila sets no `log_function`, so tornado's default one runs) writes the whole address, the
password included. Two guards, both through public hooks:

- `log_request`, the application's `log_function` setting (tornado calls it once per
  request): tornado's line and levels, with the address's secret values hidden;
- `HideSecrets`, a logging filter on the server's handlers (as `quiet_log` puts its own): any
  other line that quotes an address (tornado's "Uncaught exception GET /...?token=..." and
  warnings, jupyter_server's and our own lines) is rewritten before it is written.
"""

from __future__ import annotations

import logging
import re
import socket
from typing import Any

from tornado.log import access_log

HIDDEN = "[hidden]"
# A query parameter whose name has one of these in it: `token=`, `access_token=`, `password=`
_SECRET_PARAM = re.compile(r"(?i)(?<![\w-])([\w.-]*(?:token|password|passwd)[\w.-]*=)"
                           r"(?!\[hidden\])[^&;#\s\"'<>()\]]*")


def hide_secrets(text: str) -> str:
    """`text` with the value of every `token=`-like parameter replaced by `[hidden]`."""
    if "=" not in text:
        return text
    return _SECRET_PARAM.sub(lambda m: m.group(1) + HIDDEN, text)


def log_request(handler: Any) -> None:
    """Tornado's access-log line for a finished request, with secret values hidden."""
    if getattr(handler, "sq_edu_unlogged", False):   # counted and said once a minute instead
        return
    status = int(handler.get_status())
    if status < 400:
        log_method = access_log.info
    elif status < 500:
        log_method = access_log.warning
    else:
        log_method = access_log.error
    request = handler.request
    summary = f"{request.method} {hide_secrets(request.uri or '')} ({request.remote_ip})"
    log_method("%d %s %.2fms", status, summary, 1000.0 * request.request_time())


class HideSecrets(logging.Filter):
    """Rewrites a record whose text holds a `token=`-like value (the record is kept)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            text = record.getMessage()
        except Exception:   # a record that cannot format is logging's own business
            return True
        hidden = hide_secrets(text)
        if hidden != text:
            record.msg, record.args = hidden, ()
        return True


def hide_secrets_in_logs(app_log: logging.Logger | None = None) -> HideSecrets:
    """Put one HideSecrets filter on every handler of the root, tornado and app loggers."""
    hide = HideSecrets()
    loggers = [logging.getLogger(), *(logging.getLogger(name) for name in (
        "tornado", "tornado.access", "tornado.application", "tornado.general"))]
    if app_log is not None:
        loggers.append(app_log)
    for logger in loggers:
        for handler in logger.handlers:
            if hide not in handler.filters:
                handler.filters.insert(0, hide)   # before any filter that may copy the text
    return hide


def start_link(ip: str, port: int, base_url: str, custom: str = "") -> str:
    """The address to print at start: the plain class address, never a `?token=` link."""
    every = ip in ("", "0.0.0.0")  # noqa: S104 - a name to print, not to bind
    url = custom or f"http://{socket.gethostname() if every else ip}:{port}{base_url}"
    return url if url.endswith("/") else url + "/"
