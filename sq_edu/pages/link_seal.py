"""The teacher's class link is sealed, so a child who deletes `&fixed=1` is noticed.

On a server with a teacher password, the teacher page signs the settings of a class link
(class, level, deal number, "level fixed") with an HMAC under the teacher password's stored
hash, which every kernel of that server has and no browser does: `&sig=...`. A page opened
from a class link whose seal does not match (a deleted `fixed=1`, an edited level, a removed
seal) keeps the level fixed and says the link was changed. Without a teacher password (the
static site, a lone computer) there is nothing to sign with and links work as before.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import logging
import os
from urllib.parse import parse_qs

from sq_edu.links import PageParams

log = logging.getLogger(__name__)
KEY_ENV = "SQ_EDU_TEACHER_KEY"   # sq_edu.practice.classroom.teacher_key.TEACHER_KEY_ENV
SEAL_LENGTH = 16


def _mac(params: PageParams, key: str) -> str:
    text = f"{params.class_code}|{params.level}|{params.seed}|{int(params.fixed)}"
    return hmac.new(key.encode(), text.encode(), hashlib.sha256).hexdigest()[:SEAL_LENGTH]


def sealed_query(params: PageParams, environ: dict[str, str] | None = None) -> str:
    """The link's query string, with its seal when this server can sign class links."""
    key = (os.environ if environ is None else environ).get(KEY_ENV, "").strip()
    query = params.to_query()
    if not key or not params.class_code:
        return query
    return f"{query}&sig={_mac(params, key)}"


def checked_seal(params: PageParams, query: str,
                 environ: dict[str, str] | None = None) -> PageParams:
    """`params` as given when the seal matches (or nothing is sealed here); otherwise with
    the level fixed and the `link_changed` note."""
    key = (os.environ if environ is None else environ).get(KEY_ENV, "").strip()
    if not key or not params.class_code:
        return params
    sent = (parse_qs(query[:4000]).get("sig") or [""])[-1]
    if hmac.compare_digest(sent.encode(), _mac(params, key).encode()):
        return params
    log.info("a class link was changed (class %s): the level stays fixed", params.class_code)
    notes = params.notes if "link_changed" in params.notes else (*params.notes, "link_changed")
    return dataclasses.replace(params, fixed=True, notes=notes)
