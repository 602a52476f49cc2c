"""`ClassTable`: the live class view's table, one small anywidget (`class_table.js`).

Plain ipywidgets has no table, and thirty rows of buttons would be hundreds of widgets
re-sent every few seconds. This is one widget: Python sends the rows already sorted and worded;
the browser draws a real `<table>` whose column headers are sort buttons (with `aria-sort`) and
whose learner names are buttons that set `selected`. Python owns the sorting
(`sq_edu.practice.classroom.sort_rows`), so a test can sort without a browser.
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

_HERE = Path(__file__).parent


class ClassTable(anywidget.AnyWidget):
    """Rows are dicts `{"nickname": str, "stuck": bool, "cells": {column key: text}}`."""

    _esm = _HERE / "class_table.js"
    _css = _HERE / "class_table.css"

    columns: traitlets.List = traitlets.List(
        help="[{key, label, cell_label?}], in order; the first is the learner; cell_label "
             "names the column on a phone's card (default: label; \"\" for none)").tag(sync=True)
    rows: traitlets.List = traitlets.List(
        help="one dict per learner, in the order shown").tag(sync=True)
    sort_key = traitlets.Unicode("stuck", help="the column the rows are sorted by").tag(
        sync=True)
    descending = traitlets.Bool(True, help="largest first").tag(sync=True)
    selected = traitlets.Unicode("", help="the learner whose skills are open").tag(sync=True)
    caption = traitlets.Unicode("").tag(sync=True)
    sort_label = traitlets.Unicode(
        "", help="said before the sort buttons where they stand apart (a phone)").tag(sync=True)
    empty = traitlets.Unicode("", help="shown instead of the table when no learner is in").tag(
        sync=True)

    def sort_by(self, key: str) -> None:
        """What a click on a column header does (kept identical to class_table.js)."""
        with self.hold_sync():
            if self.sort_key == key:
                self.descending = not self.descending
            else:
                self.sort_key = key
                self.descending = key not in ("nickname", "lesson")
