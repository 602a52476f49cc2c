"""A lesson's first screen as plain HTML, drawn by the kernel for the class server's page.

On a phone Voila's page needs seconds of JupyterLab script before any widget is drawn (issue
#44: the kernel's websocket opened 13-15 s after the tap on the link). The kernel has built the
app long before that: its state is the task the child will get. So `dashboard` hands Voila, next
to the app's widget view, the app's first screen as HTML (`MIME`): the page's template
(sq_edu/server/templates/index.html.j2) shows it the moment the HTML stream brings it, takes
the child's card picks with a few lines of inline script, and hands them to the live cards when
they are drawn (as a click on the same card), then removes it.

Only what the first screen shows is drawn: headings and text (the app's own HTML values), the
answer hands (the markup of hand.js, from the same state), and the buttons, saved disabled
(a tap on "Check" that did nothing would teach the child that it is broken). Folded panels,
inputs and the other custom pieces wait for the live page. Drawing never raises: a widget it
does not know is left out, and any failure means no plain screen, never a traceback.
"""

from __future__ import annotations

import functools
import html
import json
import logging
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from sq_edu.i18n import t

log = logging.getLogger(__name__)
MIME = "application/vnd.sq-edu.first-screen+html"
# The lessons whose first screen is drawn before the live page, on the class server and on the
# static site (lite/first_screen.py): their whole first task is headings, text, cards, buttons.
LESSONS = ("equations",)
# Panels that are folded, below the fold, or need Python to do anything.
SKIP = frozenset({"sq-fold-body", "sq-progress-box", "sq-header-tools"})
# Shown, these come before the task (a class page asks the nickname first): no plain screen.
FIRST_THINGS = frozenset({"sq-class-nickname"})
_WIDGETS = Path(__file__).resolve().parents[1] / "widgets"
STYLE_FILES = ("app.css", "hand.css")
# What the plain screen needs that ipywidgets' own style sheet (not loaded yet) would give.
PLAIN_CSS = """
.sq-first-plain { padding: 0 16px; font-family: var(--jp-ui-font-family, sans-serif); }
.sq-first-plain .widget-vbox { display: flex; flex-direction: column; }
.sq-first-plain .widget-hbox { display: flex; flex-direction: row; flex-wrap: wrap; gap: 4px; }
.sq-first-plain .sq-first-button { min-height: 44px; min-width: 44px; margin: 2px;
  padding: 0 12px; font-size: 1em; border: 1px solid #9ca3af; border-radius: 4px;
  background: #f3f4f6; color: #374151; }
.sq-first-plain .sq-first-status { color: #374151; font-size: 0.95em; }
"""


class _NotFirst(Exception):
    """The task is not what the page shows first."""


def _classes(widget: widgets.Widget) -> list[str]:
    return list(getattr(widget, "_dom_classes", ()) or ())


def _hidden(widget: widgets.Widget) -> bool:
    layout = getattr(widget, "layout", None)
    return bool(layout is not None and layout.display == "none") or bool(
        SKIP.intersection(_classes(widget)))


def _class_attr(*names: str) -> str:
    return html.escape(" ".join(n for n in names if n), quote=True)


def _is_hand(widget: widgets.Widget) -> bool:
    """A hand of cards (sq_edu.widgets.hand.HandView, told by its traits: the pages layer does
    not import the widgets)."""
    return isinstance(getattr(widget, "cards", None), list) and hasattr(widget, "max_select")


def hand_html(hand: Any) -> str:
    """The hand as hand.js draws it before a pick (same classes, names and data-index), plus
    what the page's script needs to take picks: the cards' names picked and not."""
    on = not hand.disabled
    buttons = []
    for i, card in enumerate(hand.cards):
        key = str(i + 1) if i < 9 and on else ""
        name = (f"{key}: " if key else "") + str(card.get("label_off", ""))
        buttons.append(
            f'<button type="button" class="sq-card" data-index="{i}" aria-pressed="false"'
            f'{"" if on else " disabled"}>{card.get("svg", "")}'
            f'<span class="sq-card-name">{html.escape(name)}</span>'
            '<span class="sq-card-tick" aria-hidden="true">✔</span>'
            f'<span class="sq-card-key" aria-hidden="true">{key}</span></button>')
    names = json.dumps([[c.get("label_on", ""), c.get("label_off", "")] for c in hand.cards],
                       ensure_ascii=False)
    title = html.escape(hand.title, quote=True)
    return (
        f'<div class="{_class_attr(*_classes(hand))}"><div class="sq-hand'
        f'{"" if on else " sq-hand-disabled"}"><div class="sq-hand-title">{title}</div>'
        f'<div class="sq-hand-row" role="group" aria-label="{title}" '
        f'data-max="{int(hand.max_select)}" data-names="{html.escape(names, quote=True)}">'
        f'{"".join(buttons)}</div>'
        f'<div class="sq-hand-summary">{html.escape(hand.summary)}</div>'
        f'<div class="sq-hand-help" data-touch="{html.escape(hand.touch_help, quote=True)}">'
        f'{html.escape(hand.help)}</div></div></div>')


def widget_html(widget: widgets.Widget) -> str:
    """`widget` as plain HTML ("" for what the first screen leaves to the live page)."""
    if _hidden(widget):
        return ""
    if FIRST_THINGS.intersection(_classes(widget)):
        raise _NotFirst
    if _is_hand(widget):
        return hand_html(widget)
    if isinstance(widget, widgets.Box):
        kind = "widget-hbox" if isinstance(widget, widgets.HBox) else "widget-vbox"
        inner = "".join(widget_html(child) for child in widget.children)
        return f'<div class="{_class_attr(kind, *_classes(widget))}">{inner}</div>' if inner \
            else ""
    if isinstance(widget, widgets.Label):
        return f'<div class="{_class_attr(*_classes(widget))}">{html.escape(widget.value)}</div>'
    if isinstance(widget, widgets.HTML):   # the app's own HTML, as the live widget shows it
        return f'<div class="{_class_attr(*_classes(widget))}">{widget.value}</div>' \
            if widget.value else ""
    if isinstance(widget, widgets.Button) and widget.description:
        return (f'<button type="button" class="{_class_attr("sq-first-button", *_classes(widget))}"'
                f' disabled>{html.escape(widget.description)}</button>')
    return ""


@functools.cache
def style() -> str:
    """The apps' own style sheets (scoped to `.sq-app`) and the few plain-screen rules; read
    once per kernel, not at every page's display."""
    sheets = [(_WIDGETS / name).read_text(encoding="utf-8") for name in STYLE_FILES]
    return "<style>" + "\n".join([*sheets, PLAIN_CSS]) + "</style>"


def first_screen(page: widgets.Widget, lang: str) -> str:
    """The page's first screen as plain HTML in `lang`, or "" when it has no answer hand or
    could not be drawn (the page then waits for the live widgets, as before)."""
    try:
        body = widget_html(page)
        if "sq-answer-cards" not in body:
            return ""
        status = html.escape(t("first_screen.waking", lang))
        return (f'<div class="sq-first-plain" lang="{html.escape(lang, quote=True)}">'
                f'{style()}{body}<p class="sq-first-status" role="status">{status}</p></div>')
    except _NotFirst:
        return ""
    except Exception:   # a plain screen is a bonus; never a traceback
        log.warning("sq_edu: no plain first screen", exc_info=True)
        return ""


def drawn_plain(app: widgets.Widget) -> bool:
    """True for an app whose first screen `first_screen` draws whole (a lesson of LESSONS)."""
    return getattr(getattr(app, "lesson", None), "id", None) in LESSONS


class PlainFirstBox(widgets.VBox):
    """The dashboard's box: its display carries the plain first screen beside the view
    (`plain`: False for an app whose first screen is not drawn plain)."""

    def __init__(self, children: list[widgets.Widget], lang: str, plain: bool) -> None:
        super().__init__(children)
        self._plain_lang = lang
        self._plain = plain

    def _repr_mimebundle_(self, **kwargs: object) -> dict | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None and self._plain:
            plain = first_screen(self, self._plain_lang)
            if plain:
                bundle[MIME] = plain
        return bundle
