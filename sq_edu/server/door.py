"""The waiting page with a door: a late child's new device comes in with the teacher's code.

When new devices at one address hold that address's share of the class (`page_book`: a page
flood behind a school's NAT), a brand-new device there is refused like the flood's next cookie,
since nothing the server sees tells them apart. The waiting page ("Too many new pages from
here") therefore carries a field, "Ask your teacher for a door code": the teacher page shows a
one-time code of 6 digits (`sq_edu.practice.classroom.door_code`), the teacher tells it to that
child, and the right code makes the device an owner (`device_standing`), so the next request
for the page gets it at once. The code is then spent. Wrong codes count in the class's guess
counter (target "door": waits per device and per address, never a class-wide lock).

- `waiting_page`: the page a refused request gets (503), with the door field when the address's
  share is what refused it. It reloads itself every minute while the field is empty and not
  being typed into (a `<meta refresh>` would wipe a half-typed code);
- `DoorHandler`: `POST /sq-edu/door` (the class password's cookie and the XSRF token, as every
  form here) checks the code and sends the device back to its page, or shows the waiting page
  again with what went wrong; `GET` shows the field (a child who was given a code at the door).
"""

from __future__ import annotations

import html
import json
import logging
from urllib.parse import urlsplit

import tornado.web
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join

from sq_edu.i18n import t
from sq_edu.practice.classroom.door_code import OPEN, SPENT, WAIT, DoorCode
from sq_edu.server.class_login import class_guesses
from sq_edu.server.device_cookie import device_of
from sq_edu.server.friendly import friendly_page, page_lang

log = logging.getLogger(__name__)
ROUTE = "/sq-edu/door"
FIELD = "door-code"
BIG = "font-size:1.6rem;min-height:48px;box-sizing:border-box"   # a child's finger: >= 44 px


def door_route(server_url: str) -> str:
    return url_path_join(server_url or "/", ROUTE)


def door_codes() -> DoorCode:
    """The door code in the class data folder (the one the teacher page shows)."""
    return DoorCode(class_guesses().folder)


def back_to(handler: tornado.web.RequestHandler, wanted: str) -> str:
    """Where the device goes after the right code: a lesson page of this server, else the
    lesson list (never another site)."""
    base = str(handler.settings.get("base_url", "/") or "/")
    parts = urlsplit(wanted[:2000])
    if (parts.scheme or parts.netloc or "\\" in wanted or "//" in parts.path
            or not parts.path.startswith(url_path_join(base, "voila/render/"))):
        return base
    return wanted[:2000]


def door_form(handler: tornado.web.RequestHandler, lang: str, page: str,
              said: str = "") -> str:
    """The door field under the waiting page's text: label, field and button (keyboard and
    touch alike), `said` (what went wrong) above it; the self-reload script after it."""
    action = url_path_join(str(handler.settings.get("base_url", "/") or "/"), ROUTE)
    alert = (f'<p role="alert" style="color:#b91c1c;font-weight:bold">{html.escape(said)}</p>'
             if said else "")
    return (
        f'{alert}<form method="post" action="{html.escape(action)}?lang={lang}" '
        'style="margin-top:1.5rem;padding:1rem 1.25rem;border:3px solid #1d4ed8;'
        'border-radius:12px;background:#eff6ff">'
        f"{handler.xsrf_form_html()}"
        f'<input type="hidden" name="next" value="{html.escape(page)}">'
        f'<label for="{FIELD}" style="display:block;font-weight:bold;margin-bottom:.5rem">'
        f'{html.escape(t("safety.door_label", lang))}</label>'
        f'<input id="{FIELD}" name="code" type="text" inputmode="numeric" maxlength="11" '
        f'autocomplete="one-time-code" required style="{BIG};width:7.5em;'
        'letter-spacing:.12em;padding:0 .4em;margin:0 .5rem .5rem 0"> '
        f'<button type="submit" style="{BIG};min-width:48px;padding:0 1em">'
        f'{html.escape(t("safety.password_enter", lang))}</button>'
        f'<p style="font-size:1.2rem;margin:.25rem 0 0">{html.escape(t("safety.door_hint", lang))}'
        "</p></form>"
        f"<script>setInterval(function(){{var f=document.getElementById({_js(FIELD)});"
        f"if(!f.value&&document.activeElement!==f)location.replace({_js(page)})"
        "}, 60000)</script>")


def _js(text: str) -> str:
    """`text` as a script's string: no `</script>` or `<!--` can end the script early (the
    page address is the asker's to choose)."""
    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e").replace(
        "&", "\\u0026")


def waiting_page(handler: tornado.web.RequestHandler, lang: str, full: str,
                 page: str = "", said: str = "") -> str:
    """The page for a refused request (`full`: `PageBook.refusal`'s "class", "device" or
    "address"); the address's carries the door field for `page` (default: the page asked
    for)."""
    if full != "address":
        return friendly_page(lang, f"safety.{full}_full_title", f"safety.{full}_full_text",
                             refresh=60)
    page = back_to(handler, page or handler.request.uri or "")
    return friendly_page(lang, "safety.place_full_title", "safety.place_full_text",
                         extra=door_form(handler, lang, page, said))


class DoorHandler(JupyterHandler):
    """`POST /sq-edu/door` (code, next): the right code sends the device to its page."""

    @tornado.web.authenticated
    def get(self) -> None:
        device_of(self)   # the device cookie, before the first try
        self.finish(waiting_page(self, page_lang(self), "address",
                                 self.get_argument("next", "")[:2000]))

    @tornado.web.authenticated
    def post(self) -> None:
        lang, device = page_lang(self), device_of(self)
        page = back_to(self, self.get_body_argument("next", ""))
        if not device.cookie:   # a browser that keeps no cookie cannot be let in as a device
            self.set_status(400)
            self.finish(waiting_page(self, lang, "address", page, t("safety.door_again", lang)))
            return
        result, wait = door_codes().open_with(self.get_body_argument("code", "")[:40], device)
        if result == OPEN:
            log.warning("a door code let a new device in at %s", device.address or "?")
            self.redirect(page)   # its own query string kept (?lang=ru)
            return
        if result == WAIT:
            self.set_status(429)
            self.set_header("Retry-After", str(wait))
            said = t("safety.door_wait", lang, n=wait)
        else:
            self.set_status(403)
            said = t("safety.door_spent" if result == SPENT else "safety.door_wrong", lang)
        self.finish(waiting_page(self, lang, "address", page, said))
