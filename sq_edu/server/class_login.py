"""The class password: a login form, then a cookie; never in the address, never guessed fast.

Jupyter's identity provider (`ServerApp.identity_provider_class`, the documented hook for
authentication) also takes the password as `?token=` in any URL, where it lands in browser
histories, shared links and logs, and counts no wrong tries. `ClassPasswordProvider`:

- reads a password only from the login form or an `Authorization: token` header (which no
  link can carry); an address with `token=` in it is refused with a 400 before anything else.
  Jupyter's login cookie carries no password (a user id signed with the server's secret), so
  the form and the header are the two routes a password can be guessed through, and both go
  through one check, `try_password`, and one counter;
- on a server listening beyond loopback (where Jupyter's `allow_remote_access` is on, since
  its own Host check refuses every bare IP address), checks the Host itself: the names of
  `local_hostnames` (`--allow-host`) or a bare IP address, which a DNS-rebinding page cannot
  send; any other name gets a 403 before a page or a kernel is touched;
- counts wrong passwords in the server-wide guess counter (`sq_edu.practice.guess_limit`, per
  device: address and device cookie, `device_cookie.py`), so after five the guessing device
  waits, longer and longer (the login page, or a 429 with Retry-After on the header route,
  says how long), while the right password from a device that has not been guessing opens at
  once. The right password writes to the counter only where the device or its address has a
  count on it: a flood of fresh devices logging in then writes nothing (a write of a full
  file held the server's one event loop for 13-30 ms, and every other page waited).
"""

from __future__ import annotations

import hmac
import html
import ipaddress
import logging
import re

import tornado.web
from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.base.handlers import JupyterHandler
from tornado.escape import url_escape
from voila.voila_identity_provider import VoilaLoginHandler

from sq_edu.i18n import t
from sq_edu.practice.guess_limit import GuessLimit
from sq_edu.practice.progress import default_progress_dir
from sq_edu.server.device_cookie import device_of
from sq_edu.server.friendly import friendly_page, page_lang

log = logging.getLogger(__name__)
_HOST = re.compile(r"^(.*?)(:\d+)?$")


def host_allowed(handler: tornado.web.RequestHandler) -> bool:
    """The request's Host is a listed name or a bare IP address."""
    match = _HOST.match(handler.request.host or "")
    host = (match.group(1) if match else "").strip("[]").lower()
    if host in handler.settings.get("local_hostnames", ["localhost"]):
        return True
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def class_guesses() -> GuessLimit:
    """The guess counter in the class data folder (shared with the kernels)."""
    try:
        folder = default_progress_dir()
    except (RuntimeError, KeyError, OSError):   # no home folder: this process only
        return GuessLimit(None)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return GuessLimit(None)
    return GuessLimit(folder)


class ClassPasswordProvider(PasswordIdentityProvider):
    """Jupyter's password/token identity provider without tokens in URLs, with a guess limit."""

    def get_token(self, handler: tornado.web.RequestHandler) -> str | None:
        """Only the Authorization header: a URL's `?token=` is never a password here."""
        match = self.auth_header_pat.match(handler.request.headers.get("Authorization", ""))
        return match.group(2) if match else ""

    def try_password(self, handler: tornado.web.RequestHandler, typed: str) -> bool:
        """One try at the class password by any route, counted for this device; a device
        that must wait is not even checked (`handler.sq_edu_wait` says how long)."""
        guesses, device = class_guesses(), device_of(handler)
        wait = guesses.wait_left("class", device)
        if not wait:
            if hmac.compare_digest(typed.encode("utf-8"), str(self.token).encode("utf-8")):
                if guesses.in_play("class", device):   # else nothing to clear or get past:
                    guesses.succeeded("class", device)   # a login flood writes no file
                return True
            wait = guesses.failed("class", device)
        handler.sq_edu_wait = wait  # type: ignore[attr-defined]  # read by the login page
        return False

    async def get_user_token(self, handler: tornado.web.RequestHandler) -> User | None:
        """The `Authorization: token` route, through the same check as the login form: a
        device that must wait gets a 429 with Retry-After, the right word included."""
        typed = self.get_token(handler)
        if not typed or not self.token:
            return None
        if not self.try_password(handler, typed):
            wait = int(getattr(handler, "sq_edu_wait", 0))
            if wait:
                handler.set_status(429)
                handler.set_header("Retry-After", str(wait))
                handler.finish(t("safety.password_wait", page_lang(handler), n=wait))
                raise tornado.web.Finish()
            return None
        return await super().get_user_token(handler)

    async def get_user(self, handler: tornado.web.RequestHandler) -> User | None:
        if handler.settings.get("sq_edu_check_hosts") and not host_allowed(handler):
            log.warning("refused a request for the foreign Host %s", handler.request.host[:80])
            raise tornado.web.HTTPError(403)
        if "token" in handler.request.query_arguments:
            log.warning("refused an address with a password in it (%s)", handler.request.path)
            handler.set_status(400)
            handler.finish(friendly_page(page_lang(handler), "safety.password_title",
                                         "safety.password_in_address"))
            raise tornado.web.Finish()
        # jupyter_server types get_user as maybe-awaitable; this provider's base is async.
        return await super().get_user(handler)  # type: ignore[misc]

    def process_login_form(self, handler: tornado.web.RequestHandler) -> User | None:
        if not self.token:   # no class password: nothing to count
            return super().process_login_form(handler)
        if self.try_password(handler, handler.get_argument("password", default="")):
            return super().process_login_form(handler)
        return None


class ClassLoginHandler(VoilaLoginHandler):
    """The class password page, in the child's language (Jupyter's page speaks of tokens and
    `jupyter server list`). The check itself is Jupyter's, with its XSRF protection."""

    def _render(self, message: dict[str, str] | None = None) -> None:
        device_of(self)   # the device cookie, before the first try
        lang = page_lang(self)
        wait = int(getattr(self, "sq_edu_wait", 0))
        if wait:
            self.set_status(429)
            self.set_header("Retry-After", str(wait))
            text = t("safety.password_wait", lang, n=wait)
        else:
            text = t("safety.password_wrong", lang) if message else ""
        wrong = (f'<p role="alert" style="color:#b91c1c">{html.escape(text)}</p>'
                 if text else "")
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
