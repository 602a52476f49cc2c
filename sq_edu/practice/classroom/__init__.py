"""The classroom side of the lessons: the live class (`live`), the teacher's report
(`report`), printable worksheets (`worksheet`) and the teacher's password (`teacher_key`).
No widgets; the teacher app draws them.

`from sq_edu.practice.classroom import ActivityLog` still works: names are read from `live.py`
on first use.
"""

from __future__ import annotations

from importlib import import_module


def __getattr__(name: str) -> object:
    """Names of the former `sq_edu.practice.classroom` module, from `...classroom.live`."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(import_module(".live", __name__), name)
