"""The device cookie: which browser is guessing, so a lock falls on it and not on the owner.

A lock on the class password, the teacher password or a learner's secret used to fall on the
target (five wrong tries by anyone and a late child could not come in), because the server
could not tell devices apart: a whole class may share one address. Each browser gets a random
id in a cookie signed with the server's cookie secret (tornado's `set_signed_cookie`, so it
cannot be made up), `sq-device`, HttpOnly, kept for a year. The guess counter
(`sq_edu.practice.guess_limit`) counts wrong tries per device and per address, and the page's
kernel learns its device from the `X-Sq-Device` header the server writes (as it does the
address), never from one the browser sent.
"""

from __future__ import annotations

import secrets

import tornado.web

from sq_edu.practice.guess_limit import Device

COOKIE = "sq-device"
DEVICE_HEADER = "X-Sq-Device"   # the kernel reads it as HTTP_X_SQ_DEVICE (guess_limit)
KEPT_DAYS = 365


def device_of(handler: tornado.web.RequestHandler) -> Device:
    """This request's device; a browser without the cookie is given one for its next
    request (this one counts as a device without a cookie)."""
    found = getattr(handler, "_sq_device", None)
    if isinstance(found, Device):
        return found
    raw = handler.get_signed_cookie(COOKIE, max_age_days=KEPT_DAYS)
    device = Device.parse(handler.request.remote_ip or "",
                          raw.decode("ascii", "replace") if raw else "")
    if not device.cookie and not handler._finished:
        handler.set_signed_cookie(COOKIE, secrets.token_hex(12), expires_days=KEPT_DAYS,
                                  httponly=True, samesite="Lax")
    handler._sq_device = device  # type: ignore[attr-defined]  # once per request
    return device
