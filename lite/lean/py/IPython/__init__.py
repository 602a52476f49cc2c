"""A stand-in for IPython on the lean page: what ipywidgets and comm import from it, no more.

There is no shell and no kernel in the page: `get_ipython()` is None (ipywidgets then logs a
widget callback's error instead of showing a traceback), and `display` hands a widget to the
page's widget manager (sq_lean_bridge).
"""

from __future__ import annotations

from IPython.display import clear_output, display

version_info = (0, 0, 0, "lean")
__version__ = "0.0.0+lean"
__all__ = ["clear_output", "display", "get_ipython"]


def get_ipython() -> None:
    """No IPython shell runs in the lean page."""
    return None
