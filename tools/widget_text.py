"""Every string a widget tree shows, as a reader sees it: for the text audit and the tests that
hold every app to the proofreader's checks (`sq_edu.i18n.proof`)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import ipywidgets as widgets

SKIP = {"_esm", "_css", "_model_name", "_view_name", "_model_module", "_view_module",
        "_model_module_version", "_view_module_version", "_dom_classes", "layout", "style",
        "href", "accept", "icon", "button_style", "bar_style"}   # a colour name is not text


def texts(widget: object, seen: set[int] | None = None) -> Iterator[str]:
    """Every string a widget tree shows: values, descriptions, options, tooltips, placeholders."""
    seen = set() if seen is None else seen
    if id(widget) in seen or not isinstance(widget, widgets.Widget):
        return
    seen.add(id(widget))
    for name in widget.keys:
        if name in SKIP or (name.startswith("_") and name != "_options_labels"):
            continue
        value = getattr(widget, name, None)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, widgets.Widget):
                yield from texts(item, seen)
            elif isinstance(item, tuple):   # a dropdown's (label, value)
                yield from (str(x) for x in item if isinstance(x, str))
            elif isinstance(item, str) and item.strip():
                yield item
    for child in getattr(widget, "children", ()):
        yield from texts(child, seen)


def widget_lines(widget: object) -> list[str]:
    """The widget tree's text as a reader sees it: tags dropped, entities read, one per line."""
    out = []
    for text in texts(widget):
        plain = html.unescape(re.sub(r"<(style|script)\b.*?</\1>|<[^>]+>", "\n", text,
                                     flags=re.S))
        out += [line.strip() for line in plain.splitlines() if line.strip()]
    return out
