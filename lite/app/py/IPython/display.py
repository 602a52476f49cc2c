"""`display` and `clear_output` for the site's pages: a widget is drawn into the page."""

from __future__ import annotations

from typing import Any


def display(*objs: Any, **_kwargs: Any) -> None:
    """Draw each widget in the page (anything else goes to the browser's console)."""
    import sq_page_bridge

    for obj in objs:
        sq_page_bridge.show(obj)


def clear_output(wait: bool = False) -> None:
    """Nothing to clear: the page has no output area."""
