"""Standalone Voila with the school's server kept safe: `python -m sq_edu.server.safe_app`.

Voila 0.5 as it comes answers any Host header (`allow_remote_access=True`, so a DNS-rebinding
page can drive a learner's dashboard), starts a kernel for every GET with no cap, keeps a
kernel whose page never connected for the whole idle timeout, takes 10 MiB websocket messages
and sets no `_xsrf` cookie, so its own page-close beacon fails the XSRF check (voila#1458).
`SafeVoila` is the same server with:

- the Host check on: loopback names, plus `--SafeVoila.allowed_hosts` for a classroom; a
  bare IP address is a Host a rebinding page cannot send, so it is accepted when the server
  listens beyond loopback;
- a kernel cap (`max_kernels` pages at once): past it a friendly "the class is full, try
  again in a minute" page (English or Russian) instead of a new kernel;
- a refusal, without a kernel, of cross-site subresource requests (an `<img>` or `fetch`
  from another site) for a dashboard; following a link from another site still works;
- kernels whose page never connected are shut down after `unconnected_timeout` seconds;
- websocket messages over `max_message_bytes` are refused (a progress upload is at most
  256 KB);
- the XSRF check on, with the cookie set on every dashboard page so the page-close beacon
  carries the token and no unauthenticated POST can shut a kernel down;
- `/logout` and missing template files answer a redirect or 404 instead of a 500;
- a cell that fails (a broken lesson file) shows "This lesson could not be opened" with a
  link to the lesson list, not Voila's "run Voilà with --show_tracebacks=True" notice; the
  traceback is in the server log.
"""

from __future__ import annotations

import html
import ipaddress
import logging
import os
import re
import sys
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import tornado.web
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_server.base.handlers import JupyterHandler
from tornado.escape import url_escape
from tornado.ioloop import PeriodicCallback
from traitlets import Int, List, Unicode
from voila.app import Voila
from voila.execute import VoilaExecutor
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.voila_identity_provider import VoilaLoginHandler

from sq_edu.i18n import LANGS, normalize_lang, t
from sq_edu.server.server import CLASS_WORD_ENV
from sq_edu.server.tables.mount import kernel_env, mount, start_ticking

log = logging.getLogger(__name__)
_HOST = re.compile(r"^(.*?)(:\d+)?$")


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


def page_lang(handler: tornado.web.RequestHandler) -> str:
    """The language of a server page: `?lang=` (also inside the `next` page of a login), else
    the server's default (`SQ_EDU_LANG`)."""
    wanted = handler.get_query_argument("lang", "")[:5].lower()
    if wanted not in LANGS:
        inner = parse_qs(urlsplit(handler.get_argument("next", "")[:2000]).query)
        wanted = (inner.get("lang") or [""])[-1][:5].lower()
    if wanted in LANGS:
        return wanted
    return normalize_lang(os.environ.get("SQ_EDU_LANG", "en"))


def friendly_page(lang: str, title_key: str, text_key: str, *, refresh: int = 0,
                  extra: str = "") -> str:
    """A small page a child can read on a projector (no Voila template, no script); `extra`
    is trusted HTML put under the text (a form)."""
    title, text = html.escape(t(title_key, lang)), html.escape(t(text_key, lang))
    again = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">{again}'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title></head>"
        '<body style="font-family:sans-serif;font-size:1.6rem;max-width:40rem;margin:3rem auto;'
        'line-height:1.5;color:#1f2937">'
        f'<main><h1 style="font-size:2.2rem">{title}</h1><p role="status">{text}</p>{extra}'
        "</main></body></html>"
    )


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
    """A dashboard page: refused politely when the class is full or the request is cross-site."""

    opening = 0   # pages being rendered right now (their kernels may not be listed yet)

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        app: SafeVoila = self.settings["sq_edu_safe_voila"]
        lang = page_lang(self)
        if (self.request.headers.get("Sec-Fetch-Site") == "cross-site"
                and self.request.headers.get("Sec-Fetch-Mode", "navigate") != "navigate"):
            log.warning("refused a cross-site %s request for %s",
                        self.request.headers.get("Sec-Fetch-Dest", "?"), self.request.path)
            self.set_status(403)
            self.finish(friendly_page(lang, "safety.cross_site_title", "safety.cross_site_text"))
            return
        if path and path.endswith(".ipynb") and app.class_is_full(SafeVoilaHandler.opening):
            log.warning("the class is full (%d pages): refused %s", app.max_kernels, path)
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.finish(friendly_page(lang, "safety.class_full_title", "safety.class_full_text",
                                      refresh=60))
            return
        self.xsrf_token   # noqa: B018 - sets the _xsrf cookie the page-close beacon sends back
        SafeVoilaHandler.opening += 1
        try:
            await super().get(path)
        finally:
            SafeVoilaHandler.opening -= 1


class SafeTemplateStaticFileHandler(TemplateStaticFileHandler):
    """Template files; a path without `<template>/static/` is a 404, not an AssertionError."""

    def parse_url_path(self, path: str) -> str:
        parts = path.split("/", 2)
        if len(parts) < 3 or parts[1] != "static":
            raise tornado.web.HTTPError(404)
        return str(super().parse_url_path(path))


class ClassLoginHandler(VoilaLoginHandler):
    """The class password page, in the child's language (Jupyter's page speaks of tokens and
    `jupyter server list`). The check itself is Jupyter's, with its XSRF protection."""

    def _render(self, message: dict[str, str] | None = None) -> None:
        lang = page_lang(self)
        wrong = (f'<p role="alert" style="color:#b91c1c">'
                 f'{html.escape(t("safety.password_wrong", lang))}</p>' if message else "")
        target = html.escape(url_escape(self.get_argument("next", default=self.base_url)))
        form = (
            f'{wrong}<form method="post" action="{html.escape(self.base_url)}login?next='
            f'{target}">{self.xsrf_form_html()}'
            f'<label for="password">{html.escape(t("safety.password_label", lang))}</label> '
            '<input id="password" name="password" type="password" autofocus required '
            'autocomplete="current-password" style="font-size:1.6rem;width:10em"> '
            f'<button type="submit" style="font-size:1.6rem">'
            f'{html.escape(t("safety.password_enter", lang))}</button></form>')
        self.write(friendly_page(lang, "safety.password_title", "safety.password_text",
                                 extra=form))


class LogoutHandler(JupyterHandler):
    """Forget the class password cookie and go back to the start (Jupyter's page needs
    templates Voila does not ship, so it answered 500)."""

    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        self.redirect(self.base_url)


def _friendly_cell_errors(_executor: VoilaExecutor, cell: dict[str, Any]) -> dict[str, Any]:
    """Replace a failed cell's error output with a message for the child (server language)."""
    if cell.get("cell_type") != "code":
        return cell
    lang = normalize_lang(os.environ.get("SQ_EDU_LANG", "en"))
    title = html.escape(t("safety.lesson_broken_title", lang))
    text = html.escape(t("safety.lesson_broken_text", lang))
    back = html.escape(t("safety.lesson_broken_back", lang))
    page = (f'<div class="sq-lesson-broken" role="alert" style="font-size:1.3em;'
            f'max-width:40em"><h2>{title}</h2><p>{text}</p>'
            f'<p><a href="index.ipynb">{back}</a></p></div>')
    cell["outputs"] = [
        output if output.get("output_type") != "error" else
        {"output_type": "display_data", "metadata": {},
         "data": {"text/html": page, "text/plain": f"{title}. {text}"}}
        for output in cell.get("outputs", [])
    ]
    return cell


def _check_host(handler: JupyterHandler) -> bool:
    """Jupyter's Host check, plus any bare IP address on a server listening beyond loopback
    (the browser sends the address typed, and a rebinding page can only send its own name)."""
    if _jupyter_check_host(handler):
        return True
    if not handler.settings.get("sq_edu_ip_hosts", False):
        return False
    match = _HOST.match(handler.request.host)
    host = (match.group(1) if match else "").strip("[]")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


_jupyter_check_host = JupyterHandler.check_host


class SafeVoila(Voila):
    """Voila with the settings above (the traits are this server's command-line options)."""

    max_kernels = Int(40, config=True, help="dashboard pages (kernels) open at once; 0: no cap")
    unconnected_timeout = Int(
        150, config=True, help="seconds before a kernel whose page never connected is shut down")
    max_message_bytes = Int(1024 * 1024, config=True, help="largest websocket message")
    allowed_hosts = List(Unicode(), config=True,
                         help="host names the server answers to besides localhost")

    _first_seen: dict[str, float]
    _connected: set[str]

    def init_settings(self) -> dict[str, Any]:
        password = os.environ.get(CLASS_WORD_ENV, "")
        if password and not self.token:   # `sq-edu serve --class-password`, kept off argv
            self.token = password
        settings = dict(super().init_settings())
        loopback = _is_loopback(self.ip)
        settings.update(
            allow_remote_access=False,
            local_hostnames=["localhost", *[h.strip().lower() for h in self.allowed_hosts]],
            sq_edu_ip_hosts=not loopback,
            websocket_max_message_size=self.max_message_bytes,
            sq_edu_safe_voila=self,
        )
        JupyterHandler.check_host = _check_host   # type: ignore[method-assign]
        VoilaExecutor.strip_code_cell_errors = _friendly_cell_errors   # type: ignore[method-assign]
        return settings

    def init_handlers(self) -> list[Any]:
        swap = {TornadoVoilaHandler: SafeVoilaHandler, VoilaLoginHandler: ClassLoginHandler,
                TemplateStaticFileHandler: SafeTemplateStaticFileHandler}
        self._tables, handlers = mount(self.server_url or self.base_url, self.ip, self.port)
        handlers.append((r"/logout", LogoutHandler))
        for entry in super().init_handlers():
            pattern, handler, *rest = entry
            if pattern.endswith("/logout"):
                continue
            handlers.append((pattern, swap.get(handler, handler), *rest))
        return handlers

    def listen(self) -> None:
        self._first_seen, self._connected = {}, set()
        if self.unconnected_timeout > 0:
            every = max(1.0, min(30.0, self.unconnected_timeout / 4)) * 1000
            PeriodicCallback(self.cull_unconnected, every).start()
        start_ticking(getattr(self, "_tables", None))
        super().listen()

    # -- kernels -----------------------------------------------------------------------------
    def page_kernels(self) -> list[str]:
        """Kernels that belong to a page (not the preheated ones waiting in a pool)."""
        pooled = pooled_kernel_ids(self.kernel_manager)
        return [k for k in self.kernel_manager.list_kernel_ids() if k not in pooled]

    def class_is_full(self, opening: int = 0) -> bool:
        return self.max_kernels > 0 and len(self.page_kernels()) + opening >= self.max_kernels

    async def cull_unconnected(self) -> None:
        """Shut down kernels whose page has not connected within the timeout (a cross-site
        GET, a crawler, a tab closed while loading); a page that did connect is left to the
        ordinary idle culling."""
        now = time.monotonic()
        connections = getattr(self.kernel_manager, "_kernel_connections", {})
        alive = set(self.page_kernels())
        for kernel_id in alive:
            if connections.get(kernel_id, 0) > 0:
                self._connected.add(kernel_id)
            if kernel_id in self._connected:
                continue
            since = self._first_seen.setdefault(kernel_id, now)
            if now - since >= self.unconnected_timeout:
                log.warning("shutting down kernel %s: its page never connected", kernel_id)
                self._first_seen.pop(kernel_id, None)
                try:
                    await self.kernel_manager.shutdown_kernel(kernel_id)
                except Exception:   # already gone: nothing to free
                    log.info("kernel %s was already gone", kernel_id, exc_info=True)
        for gone in set(self._first_seen) - alive:
            del self._first_seen[gone]
        self._connected &= alive


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
