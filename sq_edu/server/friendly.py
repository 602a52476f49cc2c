"""Small pages the server writes itself (class full, class password, refusals): a child can
read them on a projector, in the page's language; no Voila template, no script."""

from __future__ import annotations

import html
import os
from typing import Any
from urllib.parse import parse_qs, urlsplit

import tornado.web

from sq_edu.i18n import LANGS, normalize_lang, t


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
        'padding:0 1.25rem;line-height:1.5;color:#1f2937">'   # a phone's edge: not on the text
        f'<main><h1 style="font-size:2.2rem">{title}</h1><p role="status">{text}</p>{extra}'
        "</main></body></html>"
    )


def friendly_cell_errors(_executor: object, cell: dict[str, Any]) -> dict[str, Any]:
    """Replace a failed cell's error output with a message for the child (server language);
    Voila calls it as its executor's `strip_code_cell_errors` (safe_app.py)."""
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
