"""`get_ipython` where IPython keeps it."""

from __future__ import annotations

from IPython import get_ipython

__all__ = ["get_ipython"]
