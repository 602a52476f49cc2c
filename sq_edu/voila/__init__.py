"""Former home of the page and server modules, kept so old notebooks and deployments work.

The page side moved to `sq_edu.pages`, the server to `sq_edu.server`
(docs/architecture.md). `from sq_edu.voila import page_params` still works and loads only what
the name needs; `python -m sq_edu.voila.kernel` and `python -m sq_edu.voila.launch` (folders with a
`__main__`, so git follows the modules to `server/`) still start
the kernel and the server.
"""

from __future__ import annotations

from importlib import import_module

# Public name -> the module that now defines it.
_WHERE: dict[str, str] = {
    "PageParams": "sq_edu.pages.params", "current_query": "sq_edu.pages.params",
    "page_params": "sq_edu.pages.params", "parse_query": "sq_edu.pages.params",
    "served_alone": "sq_edu.pages.params", "dashboard": "sq_edu.pages.page",
    "DASHBOARDS": "sq_edu.server.server", "dashboards": "sq_edu.server.server",
    "notebooks_dir": "sq_edu.server.server", "voila_command": "sq_edu.server.server",
}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> object:
    """Import the module that now defines `name` when it is first asked for."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_WHERE[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_WHERE})
