"""Voila's `voila/query/<kernel id>` websocket, open only to the kernel it belongs to.

A preheated kernel learns its page's query string (`?lang=ru&level=2`) from this websocket
(`sq_edu.pages.params`). Voila 0.5's handler takes any connection, with no login and no Host
check, and its `on_close` deletes the *last* waiter in its table when the closing connection is
not in it, so a few stray connections left other kernels waiting forever and every new lesson
page incomplete. This handler

- answers only loopback clients whose Host is a loopback name, that send the per-kernel key
  (`params.query_key`, an HMAC of the kernel id under a key made at server start and handed to
  the kernels in their environment), for a kernel this server runs; anything else gets a 403
  before the upgrade;
- removes only its own waiter when it closes.

Voila's handler keeps its waiters and cached payloads in class dictionaries and hands a page's
request to them through `RequestInfoSocketHandler.send_updates`; this subclass uses the same
dictionaries (private names, checked by tests/security/test_security_private_names.py, with the
voila version pinned below the next minor in pyproject.toml).
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import os
import re
import secrets
from typing import Any

import tornado.web
from voila.request_info_handler import RequestInfoSocketHandler

from sq_edu.pages.params import QUERY_KEY_ENV, QUERY_KEY_HEADER, query_key

log = logging.getLogger(__name__)
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})
_HOST = re.compile(r"^(.*?)(:\d+)?$")


def make_server_key() -> str:
    """A fresh key for this server run, put where the kernels it starts will find it."""
    key = secrets.token_hex(32)
    os.environ[QUERY_KEY_ENV] = key
    return key


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def _host_name(host: str) -> str:
    """The name in a Host header, without port or IPv6 brackets."""
    match = _HOST.match(host)
    return (match.group(1) if match else "").strip("[]").lower()


class KernelQuerySocket(RequestInfoSocketHandler):
    """Voila's request-info websocket for this server's kernels only."""

    _kernel_id = ""

    async def get(self, *args: Any, **kwargs: Any) -> None:
        kernel_id = str(args[0] if args else kwargs.get("kernel_id", ""))
        problem = self._refusal(kernel_id)
        if problem:
            log.debug("refused a query websocket for %s: %s", kernel_id[:40], problem)
            raise tornado.web.HTTPError(403)
        await super().get(*args, **kwargs)

    def _refusal(self, kernel_id: str) -> str:
        """Why this connection is not the kernel's own ("" if it is)."""
        if not _loopback(self.request.remote_ip or ""):
            return "not from this computer"
        if _host_name(self.request.host or "") not in LOOPBACK_NAMES:
            return "a foreign Host"
        key = self.settings.get("sq_edu_query_key", "")
        sent = self.request.headers.get(QUERY_KEY_HEADER, "")
        if not key or not hmac.compare_digest(sent, query_key(kernel_id, key)):
            return "no kernel key"
        manager = self.settings.get("kernel_manager")
        if manager is None or kernel_id not in manager.list_kernel_ids():
            return "no such kernel"
        return ""

    def open(self, kernel_id: str) -> None:
        self._kernel_id = kernel_id
        super().open(kernel_id)

    def on_close(self) -> None:
        """Forget this connection's waiter, never another's."""
        waiters = RequestInfoSocketHandler._waiters
        if waiters.get(self._kernel_id) is self:
            del waiters[self._kernel_id]


def forget_kernels(alive: set[str]) -> None:
    """Drop cached request infos of kernels that are gone (the table would only grow)."""
    cache = RequestInfoSocketHandler._cache
    for kernel_id in [k for k in cache if k not in alive]:
        del cache[kernel_id]
