"""The hardened Voila server that serves the dashboards; it imports no app.

`server` builds the one Voila command line used by `sq-edu serve`, `make serve` and the tests,
so they cannot drift apart; `launch` is the Voila application it starts (`safe_app` holds the
hardening: host and origin checks, class mode, kernel limits); `kernel` is the kernel process
each page runs in; `templates/` is the page template.

Importing this package loads `server` only: not Voila, not jupyter_server.
"""

from __future__ import annotations

from sq_edu.server.server import DASHBOARDS, dashboards, notebooks_dir, voila_command

__all__ = ["DASHBOARDS", "dashboards", "notebooks_dir", "voila_command"]
