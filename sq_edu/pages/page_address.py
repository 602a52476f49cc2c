"""`PageAddress`: the page's own address, as the teacher's browser shows it.

A kernel cannot know which host name the teacher typed (a preheated kernel even starts before
anyone asks for the page, and Voila's request variables then name an earlier visitor). The
browser does: this invisible widget reports `window.location.href` once it is drawn.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import anywidget
import traitlets


class PageAddress(anywidget.AnyWidget):
    """Invisible; `href` is filled by the browser (empty until the page is drawn)."""

    _esm = Path(__file__).with_name("page_address.js")
    href = traitlets.Unicode("", help="the page address the browser shows").tag(sync=True)


def sibling_link(page: str, notebook: str, query: str) -> str:
    """The absolute address of another dashboard beside `page`, with `query`; "" when `page`
    is not an http(s) address of a notebook."""
    parts = urlsplit(page)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    folder, _slash, name = parts.path.rpartition("/")
    if not name.endswith(".ipynb"):
        return ""
    return urlunsplit((parts.scheme, parts.netloc, f"{folder}/{notebook}.ipynb", query, ""))


def site_link(page: str, name: str, query: str) -> str:
    """On the serverless site the app runs in `<site>/app.html` (framed by the site's page): the
    absolute address of the site's page `name` (`<site>/equations.html?query`); "" anywhere
    else."""
    parts = urlsplit(page)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return ""
    folder, _slash, app = parts.path.rpartition("/")
    if app != "app.html":
        return ""
    return urlunsplit((parts.scheme, parts.netloc, f"{folder}/{name}.html", query, ""))
