"""Small control builders every app uses: a control is found by its CSS class (tests, styles)."""

from __future__ import annotations

import ipywidgets as widgets


def button(css: str, **kwargs: object) -> widgets.Button:
    """A button as wide as its words, with the class tests and the stylesheet find it by."""
    control = widgets.Button(layout=widgets.Layout(width="auto"), **kwargs)
    control.add_class(css)
    return control


def html_box(css: str) -> widgets.HTML:
    """An empty HTML area with its CSS class."""
    box = widgets.HTML()
    box.add_class(css)
    return box


def text_box(**kwargs: object) -> widgets.Text:
    """A text box that sends its words when the child leaves it (a tap on "Check", Tab).

    Never while typing: ipywidgets holds a box's later keystrokes back until the kernel has
    answered the first, but sends a button's click at once, so on a busy server "Check" right
    after typing "3/20" could be judged on "3/2". Sent on leaving, the words always go first.
    """
    return widgets.Text(continuous_update=False, **kwargs)
