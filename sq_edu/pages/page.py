"""A dashboard page: the app, with a friendly note above it for any refused link setting.

The pages are the top layer: they import the apps (widgets), nothing below imports them.
Kept apart from `params` so that reading the URL never imports ipywidgets.
"""

from __future__ import annotations

import html
import os

import ipywidgets as widgets

from sq_edu.links import PageParams


def notes_for(app: object, params: PageParams) -> tuple[str, ...]:
    """The link's refused settings, plus a level the lesson does not have (the app clamps it)."""
    level = getattr(app, "level", None)
    return params.level_note(level if isinstance(level, int) else None)


def offer_tickets(app: widgets.Widget) -> None:
    """A lesson opened from a class link with a ticket key shows the exit ticket button."""
    from sq_edu.practice.classroom.exit_ticket import key_in_query

    key = key_in_query(os.environ.get("QUERY_STRING", ""))   # page_params() has read it
    offer = getattr(app, "offer_exit_tickets", None)
    if key and callable(offer):
        offer(key)


def dashboard(app: widgets.Widget, params: PageParams, *, notes: bool = True) -> widgets.Widget:
    """What a dashboard notebook shows: the app, preceded by notes when the link was off, and
    the connection notice that tells the learner when the kernel behind the page is gone
    (`notes=False` for an app that shows the link's notes itself)."""
    from sq_edu.pages.connection import ConnectionNotice
    from sq_edu.pages.lockdown import refuse_page_widgets
    from sq_edu.pages.tab_lock import use_in_browser
    from sq_edu.practice.classroom.live import server_class

    offer_tickets(app)
    refuse_page_widgets()   # the app is built: the page may not build widgets of its own
    use_in_browser()   # the static site: learners' files saved under a lock across tabs

    class_code = params.class_code or server_class()
    join = getattr(app, "join_class", None)
    if callable(join):   # a lesson: the teacher's live view follows it in the link's class
        join(class_code, fixed=params.fixed)
    prefill = getattr(app, "prefill_nickname", None)
    if params.nickname and callable(prefill):   # typed on the index: not typed twice
        prefill(params.nickname)
    cheer = getattr(app, "cheer", None)
    if cheer is not None and hasattr(cheer, "class_mode"):
        cheer.class_mode = bool(class_code)   # a room of phones: sounds start off

    children: list[widgets.Widget] = [ConnectionNotice(params.lang)]
    found = notes_for(app, params) if notes else ()
    if found:
        text = "".join(f"<p>{html.escape(line)}</p>"
                       for line in PageParams(params.lang, notes=found).messages())
        note = widgets.HTML(f'<div role="status" style="color:#7c2d12">{text}</div>')
        note.add_class("sq-page-notes")
        children.append(note)
    from sq_edu.pages.first_plain import PlainFirstBox, drawn_plain

    return PlainFirstBox([*children, app], params.lang, drawn_plain(app))
