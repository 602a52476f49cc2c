"""sq_edu: Sleeping Queens as arithmetic and probability lessons for children."""

from __future__ import annotations

__version__ = "0.1.0"
