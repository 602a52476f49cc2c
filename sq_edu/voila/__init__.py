"""Serving the dashboards with standalone Voila, and what a dashboard reads from its URL.

`server` builds the one Voila command line used by `sq-edu serve`, `make serve` and the browser
tests, so they cannot drift apart; `params` turns `?lang=&seed=&level=` into checked values.
"""

from __future__ import annotations

from sq_edu.voila.params import PageParams, page_params, parse_query
from sq_edu.voila.server import DASHBOARDS, dashboards, notebooks_dir, voila_command

__all__ = [
    "DASHBOARDS",
    "PageParams",
    "dashboards",
    "notebooks_dir",
    "page_params",
    "parse_query",
    "voila_command",
]
