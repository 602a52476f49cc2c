"""A download link every app gives (progress, worksheets, class reports, CSV tables).

An `a[download]` whose file travels inside the link as a data URI, so it works under Voila, on
Binder and on the static site without a server route. Plain HTML of data: no ipywidgets.
"""

from __future__ import annotations

import base64
from html import escape


def download_link(data: bytes, filename: str, mime: str, label: str, help_text: str = "",
                  css: str = "") -> str:
    """An `a[download]` with a data URI: works in Voila and on Binder without a server route."""
    name = escape(filename.replace(" ", "_"))
    payload = base64.b64encode(data).decode("ascii")
    css_attr = f' class="{escape(css)}"' if css else ""
    note = f'<div style="color:#444">{escape(help_text)}</div>' if help_text else ""
    return (f'<a{css_attr} download="{name}" href="data:{mime};base64,{payload}" '
            f'style="font-size:1.05em">⬇ {escape(label)}</a>{note}')
