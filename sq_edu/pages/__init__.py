"""What every dashboard page runs, under Voila and on the static site.

`params` reads the page's link (`?lang=&seed=&level=&class=`) without importing ipywidgets;
`page` wraps an app with the link's notes and the connection notice; `connection` tells the
learner when the kernel behind the page is gone; `lockdown` stops a page building widgets of
its own; `page_address` keeps the browser's address in step with the app.

Names are imported on first use, so `from sq_edu.pages import page_params` loads no widget.
"""

from __future__ import annotations

from importlib import import_module

# Public name -> the module of this package that defines it.
_WHERE: dict[str, str] = {
    "PageParams": "params", "current_query": "params", "page_params": "params",
    "parse_query": "params", "served_alone": "params", "dashboard": "page",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    """Import the module that defines `name` when it is first asked for."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
