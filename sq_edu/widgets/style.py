"""`AppStyle`: the one stylesheet every dashboard app shares (headings, spacing, buttons).

Styles reach the page the way the other custom pieces already bring theirs (HandView,
ConnectionNotice): an anywidget's `_css`, which the page loads once however many apps use it.
`AppStyle` draws nothing; an app puts one among its children and adds the class `sq-app`, the
hook `app.css` is scoped to, so a notebook's other output is never restyled.
"""

from __future__ import annotations

from pathlib import Path

import anywidget

_HERE = Path(__file__).parent


class AppStyle(anywidget.AnyWidget):
    """Invisible carrier of `app.css` (one per app; duplicates are harmless)."""

    _esm = "export default { render({ el }) { el.hidden = true; } };"
    _css = _HERE / "app.css"

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.add_class("sq-app-style")
