"""A dashboard page: the app, with a friendly note above it for any refused link setting.

Kept apart from `params` so that reading the URL never imports ipywidgets.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from sq_edu.voila.params import PageParams


def notes_for(app: object, params: PageParams) -> tuple[str, ...]:
    """The link's refused settings, plus a level the lesson does not have (the app clamps it)."""
    notes = list(params.notes)
    level = getattr(app, "level", None)
    if params.level is not None and isinstance(level, int) and level != params.level:
        notes.append("bad_level")
    return tuple(notes)


def dashboard(app: widgets.Widget, params: PageParams) -> widgets.Widget:
    """What a dashboard notebook shows: the app, preceded by notes when the link was off."""
    notes = notes_for(app, params)
    if not notes:
        return app
    text = "".join(f"<p>{html.escape(line)}</p>"
                   for line in PageParams(params.lang, notes=notes).messages())
    note = widgets.HTML(f'<div role="status" style="color:#7c2d12">{text}</div>')
    note.add_class("sq-page-notes")
    return widgets.VBox([note, app])
