"""A stand-in for IPython on the site's pages: what ipywidgets and comm import from it, no more.

There is no shell and no kernel in the page: `get_ipython()` is None (ipywidgets then logs a
widget callback's error instead of showing a traceback), and `display` hands a widget to the
page's widget manager (sq_page_bridge).
"""

from __future__ import annotations

from IPython.display import clear_output, display

version_info = (0, 0, 0, "sq_edu site")
__version__ = "0.0.0+sq.edu.site"
__all__ = ["clear_output", "display", "get_ipython"]


def get_ipython() -> None:
    """No IPython shell runs in the site's pages."""
    return None
