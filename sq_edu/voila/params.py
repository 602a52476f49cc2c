"""What a dashboard reads from its URL: `?lang=ru&seed=12&level=2&class=5b&fixed=1`, checked
and never trusted.

Under a preheated kernel the notebook runs before anyone asks for the page, so the query string
is only known once Voila hands it over (`voila.utils.get_query_string`, which waits for it);
without preheating Voila puts it in the `QUERY_STRING` environment variable. Outside Voila
(nbval, a plain notebook) there is none and the defaults apply.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from urllib.parse import parse_qs

from sq_edu.i18n import DEFAULT_LANG, LANGS, normalize_lang, t

log = logging.getLogger(__name__)

MAX_SEED = 999_999  # as LessonApp, so every link names exactly one deal
MAX_LEVEL = 20
MAX_QUERY = 2000  # characters; anything longer is not a link a teacher shared


@dataclass(frozen=True)
class PageParams:
    """Checked page settings; `notes` are friendly message keys for values that were refused."""

    lang: str = DEFAULT_LANG
    seed: int | None = None
    level: int | None = None
    notes: tuple[str, ...] = field(default=())
    class_code: str = ""      # the class of a teacher's link ("" : the server's class)
    fixed: bool = False       # the teacher's link fixes the level (a test)

    def messages(self, lang: str | None = None) -> list[str]:
        """The refusal notes as sentences in the page language."""
        return [t(f"apps.{key}", lang or self.lang) for key in self.notes]


def default_lang() -> str:
    """The server's default language (`sq-edu serve --lang ru` sets `SQ_EDU_LANG`)."""
    return normalize_lang(os.environ.get("SQ_EDU_LANG", DEFAULT_LANG))


def _int_in_range(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_query(query: str | None, default: str | None = None) -> PageParams:
    """Settings from a raw query string; a bad value falls back to the default with a note."""
    lang = default or default_lang()
    if not query:
        return PageParams(lang=lang)
    query = query.lstrip("?")[:MAX_QUERY]
    values = {key: items[-1] for key, items in parse_qs(query).items() if items}
    notes: list[str] = []
    seed = level = None
    if "lang" in values:
        wanted = values["lang"].strip().lower()
        if wanted in LANGS:
            lang = wanted
        else:
            notes.append("bad_lang")
    if "seed" in values:
        seed = _int_in_range(values["seed"], 0, MAX_SEED)
        if seed is None:
            notes.append("bad_seed")
    if "level" in values:
        level = _int_in_range(values["level"], 1, MAX_LEVEL)
        if level is None:
            notes.append("bad_level")
    class_code = _class_code(values.get("class"), notes)
    fixed = values.get("fixed", "").strip() in ("1", "true", "yes")
    return PageParams(lang=lang, seed=seed, level=level, notes=tuple(notes),
                      class_code=class_code, fixed=fixed)


def _class_code(text: str | None, notes: list[str]) -> str:
    """The class code of a link (checked like `sq-edu serve --class`); a bad one is noted."""
    if text is None:
        return ""
    from sq_edu.practice.classroom import ClassCodeError, clean_class_code

    try:
        return clean_class_code(text)
    except ClassCodeError:
        notes.append("bad_class")
        return ""


def current_query() -> str:
    """The page's query string under Voila (preheated or not); empty elsewhere."""
    if os.environ.get("VOILA_PREHEAT", "False") == "True":
        try:
            from voila.utils import get_query_string

            return get_query_string() or ""
        except Exception:  # a page must open even if Voila changed its internals
            log.exception("could not read the query string from Voila")
            return ""
    return os.environ.get("QUERY_STRING", "")


def page_params() -> PageParams:
    """Checked settings of the page being shown."""
    return parse_query(current_query())
