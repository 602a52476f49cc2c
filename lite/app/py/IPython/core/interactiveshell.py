"""`InteractiveShell`, which ipywidgets' Output widget imports (only its `append_display_data`
uses it, to format an object; the lesson pages never call that)."""

from __future__ import annotations

from typing import Any


class _Formatter:
    def format(self, obj: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        bundle = getattr(obj, "_repr_mimebundle_", None)
        data = bundle() if callable(bundle) else {"text/plain": repr(obj)}
        return data, {}


class InteractiveShell:
    """No shell: only what ipywidgets reaches for."""

    display_formatter = _Formatter()

    @classmethod
    def initialized(cls) -> bool:
        return False

    @classmethod
    def instance(cls) -> InteractiveShell:
        return cls()
