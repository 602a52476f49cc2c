"""A lesson's first screen as plain HTML, drawn by the kernel for the class server's page.

On a phone Voila's page needs seconds of JupyterLab script before any widget is drawn (issue
#44: the kernel's websocket opened 13-15 s after the tap on the link). The kernel has built the
app long before that: its state is the task the child will get. So `dashboard` hands Voila, next
to the app's widget view, the app's first screen as HTML (`MIME`): the page's template
(sq_edu/server/templates/index.html.j2) shows it the moment the HTML stream brings it, takes
the child's card picks (with hand.js itself, see below), and hands them to the live cards when
they are drawn (as a click on the same card), then removes it.

Only what the first screen shows is drawn, and where the live page will draw it (a card that
moved down when the live page came would be tapped wrongly): headings and text (the app's own
HTML values), the buttons, saved disabled (a tap on "Check" that did nothing would teach the
child that it is broken), the language buttons, and the kit's widgets above the task (the
answer hand, sound, "For grown-ups", "Read aloud") drawn by their own anywidget module in the
page (`RENDERED`: one source of their markup, so the plain screen cannot drift from the live
one), all but the cards disabled. Folded panels, inputs and the other custom pieces wait for
the live page. Drawing never raises: a widget it does not know is left out, and any failure
means no plain screen, never a traceback.
"""

from __future__ import annotations

import functools
import html
import json
import logging
import re
from pathlib import Path

import ipywidgets as widgets

from sq_edu.i18n import t

log = logging.getLogger(__name__)
MIME = "application/vnd.sq-edu.first-screen+html"
# The lessons whose first screen is drawn before the live page, on the class server and on the
# static site (lite/first_screen.py): their whole first task is headings, text, cards, buttons.
LESSONS = ("equations",)
# Panels that are folded, below the fold, or need Python to do anything.
SKIP = frozenset({"sq-fold-body", "sq-progress-box"})
# Shown, these come before the task (a class page asks the nickname first): no plain screen.
FIRST_THINGS = frozenset({"sq-class-nickname"})
_WIDGETS = Path(__file__).resolve().parents[1] / "widgets"
STYLE_FILES = ("app.css", "hand.css")
# The kit's widgets the plain screen draws with their own module (sq_edu.widgets: HandView,
# joy.Cheer, joy.Fold, read_aloud.ReadAloud), told by class name: the pages layer does not
# import the widgets. A fold that opens on a first visit is left out: drawing it would mark
# the page as seen, and the live page would then open folded.
RENDERED = frozenset({"HandView", "Cheer", "Fold", "ReadAloud"})
_EXPORT = re.compile(r"^export default \{ render \};\s*\Z", re.MULTILINE)
# What ipywidgets' own style sheet (not loaded yet) gives the live page's widgets, in the
# sizes of app.css (which comes after: its rules win), and the page's own margins (Voila's
# panel and cell: 20 px above the app, 15 px at its sides), so that each part of the plain
# screen sits where the live page will draw it.
PLAIN_CSS = """
.sq-first-plain { padding: 20px 15px 0; font-family: var(--jp-ui-font-family, sans-serif); }
.sq-first-plain .widget-vbox { display: flex; flex-direction: column; }
.sq-first-plain .widget-hbox { display: flex; flex-direction: row; }
.sq-first-plain .widget-html { display: flex; margin: 2px; }
.sq-first-plain .widget-html-content { flex: 1 1 auto; }
.sq-first-plain .jupyter-button { margin: 2px; border: 0; font-family: Arial;
  font-size: var(--jp-widgets-font-size); height: var(--jp-widgets-inline-height);
  line-height: var(--jp-widgets-inline-height); background: #eeeeee; color: rgba(0,0,0,.87); }
.sq-first-plain .jupyter-button:disabled { opacity: 0.6; }
.sq-first-plain .jupyter-button.mod-primary { background: #2196f3; color: #fff; }
.sq-first-plain .jupyter-button i.fa { margin-right: 4px; }
.sq-first-plain .widget-toggle-button { margin: 0 2px; }
.sq-first-plain .widget-toggle-button.mod-active { background: #bdbdbd; }
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


def _style_attr(widget: widgets.Widget) -> str:
    """The widget's layout as the live page applies it (`flex_flow` -> `flex-flow: ...`)."""
    layout = getattr(widget, "layout", None)
    rules = [f"{name.replace('_', '-')}: {value}" for name in
             (layout.keys if layout is not None else ())
             if not name.startswith("_") and name != "display"
             and isinstance(value := getattr(layout, name), str) and value]
    return f' style="{html.escape("; ".join(rules), quote=True)}"' if rules else ""


def module_view(esm: str) -> str:
    """An anywidget module (ending `export default { render };`) as an expression whose value
    is its `render`, for a classic script in the page."""
    if not _EXPORT.search(esm):
        raise ValueError("a kit module that does not end in `export default { render };`")
    return "(function () {\n" + _EXPORT.sub("return render;\n", esm) + "})()"


def rendered_html(widget: widgets.Widget, modules: dict[str, str]) -> str:
    """A kit widget as a place for its own module to draw in (first_plain.js runs it with the
    widget's state); its module goes into `modules` by the widget's class name."""
    name = type(widget).__name__
    if name == "Fold" and getattr(widget, "mode", "") == "first-visit":
        return ""
    modules.setdefault(name, str(getattr(widget, "_esm", "")))
    state = {key: value for key, value in widget.get_state().items()
             if not key.startswith("_") and key not in ("layout", "tooltip", "tabbable")}
    data = json.dumps(state, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return (f'<div class="{_class_attr(*_classes(widget))}" data-sq-render="{name}">'
            f'<script type="application/json">{data}</script></div>')


def _toggle_buttons(widget: widgets.ToggleButtons) -> str:
    """ipywidgets' toggle buttons (the language), as its view draws them (from the labels it
    is sent, `_options_labels`), disabled."""
    buttons = "".join(
        f'<button type="button" class="widget-toggle-button jupyter-button'
        f'{" mod-active" if i == widget.index else ""}" disabled>{html.escape(str(label))}'
        '</button>' for i, label in enumerate(widget._options_labels))
    kind = _class_attr("widget-toggle-buttons", *_classes(widget))
    return f'<div class="{kind}"{_style_attr(widget)}><div>{buttons}</div></div>'


def widget_html(widget: widgets.Widget, modules: dict[str, str]) -> str:
    """`widget` as plain HTML ("" for what the first screen leaves to the live page); the kit
    modules it needs go into `modules`."""
    if _hidden(widget):
        return ""
    if FIRST_THINGS.intersection(_classes(widget)):
        raise _NotFirst
    if type(widget).__name__ in RENDERED:
        return rendered_html(widget, modules)
    style = _style_attr(widget)
    if isinstance(widget, widgets.Box):
        kind = "widget-hbox" if isinstance(widget, widgets.HBox) else "widget-vbox"
        inner = "".join(widget_html(child, modules) for child in widget.children)
        return f'<div class="{_class_attr(kind, *_classes(widget))}"{style}>{inner}</div>' \
            if inner else ""
    if isinstance(widget, widgets.Label | widgets.HTML):   # the app's own HTML, as shown live
        value = html.escape(widget.value) if isinstance(widget, widgets.Label) else widget.value
        return (f'<div class="{_class_attr("widget-html", *_classes(widget))}"{style}>'
                f'<div class="widget-html-content">{value}</div></div>')
    if isinstance(widget, widgets.ToggleButtons):
        return _toggle_buttons(widget)
    if isinstance(widget, widgets.Button) and widget.description:
        kind = f"mod-{widget.button_style}" if widget.button_style else ""
        icon = f'<i class="fa fa-{html.escape(widget.icon, quote=True)}"></i>' \
            if widget.icon else ""
        names = _class_attr("jupyter-button", kind, *_classes(widget))
        return (f'<button type="button" class="{names}"{style} disabled>{icon}'
                f'{html.escape(widget.description)}</button>')
    return ""


@functools.cache
def style() -> str:
    """The apps' own style sheets (scoped to `.sq-app`) and the few plain-screen rules; read
    once per kernel, not at every page's display."""
    sheets = [(_WIDGETS / name).read_text(encoding="utf-8") for name in STYLE_FILES]
    return "<style>" + "\n".join([PLAIN_CSS, *sheets]) + "</style>"


def views_script(modules: dict[str, str]) -> str:
    """The kit modules the screen uses, as `window.sqPlainViews` (class name -> render)."""
    views = ",\n".join(f"{json.dumps(name)}: {module_view(esm)}"
                       for name, esm in sorted(modules.items()))
    return f"<script>\nwindow.sqPlainViews = {{{views}}};\n</script>"


def first_screen(page: widgets.Widget, lang: str) -> str:
    """The page's first screen as plain HTML in `lang`, or "" when it has no answer hand or
    could not be drawn (the page then waits for the live widgets, as before)."""
    try:
        modules: dict[str, str] = {}
        body = widget_html(page, modules)
        if "sq-answer-cards" not in body or "HandView" not in modules:
            return ""
        status = html.escape(t("first_screen.waking", lang))
        return (f'<div class="sq-first-plain" lang="{html.escape(lang, quote=True)}">'
                f'{style()}{views_script(modules)}{body}'
                f'<p class="sq-first-status" role="status">{status}</p></div>')
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
