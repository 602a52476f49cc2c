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
