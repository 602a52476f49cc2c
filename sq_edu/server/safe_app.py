"""Standalone Voila with the school's server kept safe: `python -m sq_edu.server.safe_app`.

Voila 0.5 as it comes answers any Host header (`allow_remote_access=True`, so a DNS-rebinding
page can drive a learner's dashboard), starts a kernel for every GET with no cap, keeps a
kernel whose page never connected for the whole idle timeout, takes 10 MiB websocket messages
and sets no `_xsrf` cookie, so its own page-close beacon fails the XSRF check (voila#1458).
`SafeVoila` is the same server with:

- the Host check: Jupyter's own (`allow_remote_access` off, `local_hostnames` = localhost plus
  `--SafeVoila.allowed_hosts`) on a loopback server; beyond loopback the identity provider
  (`class_login.py`) checks it so a bare IP address, which a rebinding page cannot send, is
  accepted too;
- the class password only through the login form or the `Authorization` header, wrong ones
  counted per device (`class_login.py`, `device_cookie.py`); `?token=` in an address refused;
- a kernel cap (`max_kernels`), a per-device cap (`max_pages_per_client`) and one for new
  devices at one address (`max_pages_per_address`), none of which holds the owner back
  (`page_book.py`): past one a friendly "full, try again in a minute" page instead of a
  kernel, with a field for the teacher's door code (`door.py`); "free the class" (`free_class.py`);
- a refusal, without a kernel, of cross-site subresource requests (an `<img>` or `fetch`
  from another site) for a dashboard; following a link from another site still works;
- page kernels with no websocket for `unconnected_timeout` seconds are shut down
  (`page_book.py`); a page being rendered is left alone;
- Voila's query websocket open only to the kernel it belongs to (`query_socket.py`);
- connections silent or half-sent for `connection_timeout` seconds closed, the open-file
  limit raised, new connections closed at once near it, repeated log lines and tracebacks
  rate-limited (`quiet_log.py`);
- no password in the log or the start-up line (`access_log.py`, `display_url`);
- websocket messages over `max_message_bytes` refused (a progress upload is at most 256 KB);
- the XSRF check on, with the cookie set on every dashboard page so the page-close beacon
  carries the token and no unauthenticated POST can shut a kernel down;
- `/logout` and missing template files answer a redirect or 404 instead of a 500;
- a failing cell (a broken lesson file) shows "This lesson could not be opened" and a link to
  the lesson list, not Voila's "--show_tracebacks=True" notice; the traceback goes to the log.

Private names of Voila still used (its kernel pools, the query handler's tables, the executor's
error hook) are listed in tests/security/test_security_private_names.py, which fails loudly
when a release drops one; pyproject.toml caps voila and jupyter_server below their next minor.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import os
import re
import sys
from typing import Any

import tornado.web
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.auth.identity import IdentityProvider
from tornado.ioloop import PeriodicCallback
from traitlets import Int, List, Type, Unicode
from voila.app import Voila
from voila.execute import VoilaExecutor
from voila.request_info_handler import RequestInfoSocketHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.voila_identity_provider import VoilaLoginHandler

from sq_edu.server.access_log import hide_secrets_in_logs, log_request, start_link
from sq_edu.server.class_login import ClassLoginHandler, ClassPasswordProvider, LogoutHandler
from sq_edu.server.class_report import ClassReportHandler
from sq_edu.server.classgame.mount import mount_class_game
from sq_edu.server.classgame.mount import start_ticking as start_class_game
from sq_edu.server.compress import AssetGZip
from sq_edu.server.device_cookie import DEVICE_HEADER, device_of
from sq_edu.server.device_standing import DeviceStanding
from sq_edu.server.door import DoorHandler, door_route, waiting_page
from sq_edu.server.free_class import FreeClassHandler
from sq_edu.server.friendly import friendly_cell_errors, friendly_page, page_lang
from sq_edu.server.idle_culler import guard_idle_culler
from sq_edu.server.page_book import PageBook
from sq_edu.server.query_socket import KernelQuerySocket, forget_kernels, make_server_key
from sq_edu.server.quiet_log import guarded_listen, quiet_repeated_lines, raise_open_file_limit
from sq_edu.server.server import CLASS_WORD_ENV
from sq_edu.server.tables.mount import kernel_env, mount, start_ticking

log = logging.getLogger(__name__)
CLIENT_HEADER = "X-Sq-Client"   # the kernel reads it as HTTP_X_SQ_CLIENT (guess_limit)
_KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9A-Za-z-]{8,64})"')


class SafeKernelSpecManager(KernelSpecManager):
    """Every Python kernel starts through `sq_edu.server.kernel` (memory cap, server log)."""

    def get_kernel_spec(self, kernel_name: str) -> Any:
        spec = super().get_kernel_spec(kernel_name)
        if spec.language == "python":
            spec.argv = [sys.executable, "-m", "sq_edu.server.kernel", "-f", "{connection_file}"]
            # Two malloc arenas instead of one per thread: the address space a kernel reserves
            # drops from 1.08 GB to 0.38 GB (measured), so the cap measures real use. One BLAS
            # thread: a many-core server would otherwise reserve buffers per core per kernel.
            spec.env = {**(spec.env or {}), "MALLOC_ARENA_MAX": "2",
                        "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                        **kernel_env()}   # class mode: where the class's tables are
        return spec


def pooled_kernel_ids(manager: Any) -> set[str]:
    """Preheated kernels waiting in Voila's pools (no page has them yet)."""
    found: set[str] = set()
    for pool in getattr(manager, "_pools", {}).values():
        for future in list(pool):
            if future.done() and not future.cancelled() and future.exception() is None:
                kernel_id = (future.result() or {}).get("kernel_id")
                if kernel_id:
                    found.add(str(kernel_id))
    return found


class SafeVoilaHandler(TornadoVoilaHandler):
    """A dashboard page: refused politely when full (`PageBook.refusal`) or cross-site; the
    kernel learns the client's address and device."""

    opening = 0   # pages being rendered right now (their kernels may not be listed yet)
    _sq_kernel = ""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        app: SafeVoila = self.settings["sq_edu_safe_voila"]
        lang = page_lang(self)
        address = self.request.remote_ip or ""
        device = device_of(self)
        if (self.request.headers.get("Sec-Fetch-Site") == "cross-site"
                and self.request.headers.get("Sec-Fetch-Mode", "navigate") != "navigate"):
            log.warning("refused a cross-site %s request for %s",
                        self.request.headers.get("Sec-Fetch-Dest", "?"), self.request.path)
            self.set_status(403)
            self.finish(friendly_page(lang, "safety.cross_site_title", "safety.cross_site_text"))
            return
        full = "" if not (path and path.endswith(".ipynb")) else app.pages.refusal(
            device.key, set(app.page_kernels()), app.class_is_full(SafeVoilaHandler.opening))
        if full:
            log.warning("the %s is full: refused %s for %s (held: %d)", full, path,
                        address, len(app.pages.pages_of(device.key)))
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.finish(waiting_page(self, lang, full))   # "address": with the door field
            return
        # Voila hands these headers to the kernel (`http_header_envs`): a browser's are replaced.
        self.request.headers[CLIENT_HEADER] = address
        self.request.headers[DEVICE_HEADER] = device.cookie
        self.xsrf_token   # noqa: B018 - sets the _xsrf cookie the page-close beacon sends back
        SafeVoilaHandler.opening += 1
        app.pages.opening(device.key, +1)
        try:
            await super().get(path)
        finally:
            SafeVoilaHandler.opening -= 1
            app.pages.opening(device.key, -1)
            if self._sq_kernel:
                app.pages.rendered(self._sq_kernel)

    def write(self, chunk: str | bytes | dict[str, Any]) -> None:
        """Note the page's kernel (in its config data) as this client's page."""
        if not self._sq_kernel and isinstance(chunk, str | bytes):
            text = chunk.decode("utf-8", "replace") if isinstance(chunk, bytes) else chunk
            found = _KERNEL_ID.search(text)
            if found:
                self._sq_kernel = found.group(1)
                app: SafeVoila = self.settings["sq_edu_safe_voila"]
                app.pages.claimed(self._sq_kernel, device_of(self).key)
        super().write(chunk)


class SafeTemplateStaticFileHandler(TemplateStaticFileHandler):
    """Template files; a path without `<template>/static/`, or one that climbs out of it
    (`lab/static/../..`), is a 404, not an AssertionError (a 500)."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/", 2)
        climbs = any(part in ("..", ".") for part in path.replace("\\", "/").split("/"))
        if len(parts) < 3 or parts[1] != "static" or climbs or not parts[2]:
            raise tornado.web.HTTPError(404)
        return str(super().parse_url_path(path))


class SafeVoila(Voila):
    """Voila with the settings above (the traits are this server's command-line options)."""

    max_kernels = Int(40, config=True, help="dashboard pages (kernels) open at once; 0: no cap")
    max_pages_per_client = Int(
        0, config=True, help="dashboard pages one device may hold at once; 0: no cap")
    max_pages_per_address = Int(
        0, config=True, help="pages new devices at one address may hold together (with a "
                             "device cap); 0: half of max_kernels")
    unconnected_timeout = Int(
        120, config=True, help="seconds a page kernel may go without any websocket before it "
                               "is shut down")
    connection_timeout = Int(
        30, config=True, help="seconds a connection may stay silent or half-sent")
    max_message_bytes = Int(1024 * 1024, config=True, help="largest websocket message")
    allowed_hosts = List(Unicode(), config=True,
                         help="host names the server answers to besides localhost")
    identity_provider_class = Type(
        default_value=ClassPasswordProvider, klass=IdentityProvider, config=True,
        help="who may come in: the class password (a form, then a cookie) and the Host check")

    pages: PageBook

    @property
    def display_url(self) -> str:
        """The address printed at start: the plain class address (the login page follows),
        not Voila's `?token=...` link, which this server refuses."""
        return start_link(self.ip, self.port, self.base_url, self.custom_display_url)

    def init_settings(self) -> dict[str, Any]:
        password = os.environ.get(CLASS_WORD_ENV, "")
        if password and not self.token:   # `sq-edu serve --class-password`, kept off argv
            self.token = password
        headers = self.voila_configuration.http_header_envs
        self.voila_configuration.http_header_envs = [   # the page's kernel learns its client
            *headers, *(h for h in (CLIENT_HEADER, DEVICE_HEADER) if h not in headers)]
        query_key = make_server_key()   # before the pools start: kernels inherit it
        settings = dict(super().init_settings())
        loopback = _is_loopback(self.ip)
        settings.update(
            # Jupyter's own Host check (`local_hostnames`) on a loopback server; beyond
            # loopback the identity provider checks it, to also take bare IP addresses.
            allow_remote_access=not loopback,
            local_hostnames=["localhost", *[h.strip().lower() for h in self.allowed_hosts]],
            sq_edu_check_hosts=not loopback,
            websocket_max_message_size=self.max_message_bytes,
            sq_edu_safe_voila=self,
            sq_edu_query_key=query_key,
            log_function=log_request,   # tornado's access log, with `token=` values hidden
        )
        VoilaExecutor.strip_code_cell_errors = friendly_cell_errors   # type: ignore[method-assign]
        return settings

    def init_handlers(self) -> list[Any]:
        swap = {TornadoVoilaHandler: SafeVoilaHandler, VoilaLoginHandler: ClassLoginHandler,
                TemplateStaticFileHandler: SafeTemplateStaticFileHandler,
                RequestInfoSocketHandler: KernelQuerySocket}
        self._tables, handlers = mount(self.server_url or self.base_url, self.ip, self.port,
                                       self.page_device)
        self._class_game, more = mount_class_game(self._tables, self.server_url or self.base_url,
                                                  self.page_device)
        handlers += more
        handlers += [(r"/logout", LogoutHandler), (FreeClassHandler.route, FreeClassHandler),
                     (ClassReportHandler.route, ClassReportHandler),
                     (door_route(self.server_url or self.base_url), DoorHandler)]
        for entry in super().init_handlers():
            pattern, handler, *rest = entry
            if pattern.endswith("/logout"):
                continue
            handlers.append((pattern, swap.get(handler, handler), *rest))
        return handlers

    def page_device(self, kernel_id: str) -> str | None:
        """The device (address and cookie) that opened the page of `kernel_id` (the table
        service counts wrong codes and tables per device with it). None for an unknown
        kernel, and with no device cap (`max_pages_per_client` 0: loopback): then each page
        counts for itself."""
        pages = getattr(self, "pages", None)
        if pages is None or not kernel_id or self.max_pages_per_client <= 0:
            return None
        return pages.owner.get(kernel_id)

    def listen(self) -> None:
        self.pages = PageBook(
            self.max_pages_per_client, self.unconnected_timeout,
            per_address=self.max_pages_per_address or max(self.max_pages_per_client,
                                                          self.max_kernels // 2),
            standing=DeviceStanding())
        tidy_class_folder()
        hide_secrets_in_logs(self.log)
        quiet_repeated_lines(self.log)
        raise_open_file_limit()
        guard_idle_culler(self.kernel_manager)
        if self.unconnected_timeout > 0:
            every = max(1.0, min(15.0, self.unconnected_timeout / 4)) * 1000
            PeriodicCallback(self.cull_unconnected, every).start()
        start_ticking(getattr(self, "_tables", None))
        start_class_game(getattr(self, "_class_game", None))
        self.app.add_transform(AssetGZip)   # the front end in a third of its bytes
        # Tornado's connection limits: no whole request head in time, or silence, closes it.
        self.app.listen = functools.partial(   # type: ignore[method-assign]
            guarded_listen, self.app,
            idle_connection_timeout=self.connection_timeout,
            body_timeout=self.connection_timeout, max_header_size=64 * 1024)
        super().listen()

    # -- kernels -----------------------------------------------------------------------------
    def page_kernels(self) -> list[str]:
        """Kernels that belong to a page (not the preheated ones waiting in a pool)."""
        pooled = pooled_kernel_ids(self.kernel_manager)
        return [k for k in self.kernel_manager.list_kernel_ids() if k not in pooled]

    def class_is_full(self, opening: int = 0) -> bool:
        return self.max_kernels > 0 and len(self.page_kernels()) + opening >= self.max_kernels

    def connections(self, kernel_id: str) -> int:
        """Websockets open to a kernel now (Jupyter's public kernel model)."""
        try:
            return int(self.kernel_manager.kernel_model(kernel_id).get("connections", 0))
        except Exception:   # the kernel went away meanwhile
            return 0

    async def cull_unconnected(self) -> None:
        """Shut down page kernels with no websocket for `unconnected_timeout` seconds (a
        closed tab, a GET that never became a page), so nobody's pages hold a class full."""
        alive = set(self.page_kernels())
        forget_kernels(set(self.kernel_manager.list_kernel_ids()))
        for kernel_id in self.pages.idle_kernels(alive, self.connections):
            await self.free_kernel(kernel_id, "its page has no connection")

    async def free_kernel(self, kernel_id: str, why: str) -> None:
        log.info("shutting down kernel %s: %s", kernel_id, why)
        self.pages.forget(kernel_id)
        try:
            await self.kernel_manager.shutdown_kernel(kernel_id)
        except Exception:   # already gone: nothing to free
            log.info("kernel %s was already gone", kernel_id, exc_info=True)

    async def free_class(self, keep: str = "") -> int:
        """The teacher's "free the class": every page kernel but `keep` shut down."""
        gone = self.pages.freeable(self.page_kernels(), keep)
        for kernel_id in gone:
            await self.free_kernel(kernel_id, "the teacher freed the class")
        return len(gone)


def tidy_class_folder() -> None:
    """At start: temporary files that saves killed mid-write left in the class data folder
    (a kernel killed with -9 never renames its `.tmp`); none can be in progress yet."""
    from sq_edu.practice.learner_guard import remove_stale_temp_files
    from sq_edu.practice.progress import default_progress_dir

    try:
        remove_stale_temp_files(default_progress_dir(), max_age=0)
    except (RuntimeError, KeyError, OSError):   # no home folder: nothing to tidy
        log.info("no class data folder to tidy", exc_info=True)


def _is_loopback(ip: str) -> bool:
    if ip in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


main = SafeVoila.launch_instance

if __name__ == "__main__":  # pragma: no cover - runs as the server process
    main()
