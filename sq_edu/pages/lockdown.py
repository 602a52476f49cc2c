"""Once a dashboard's app is built, the page may not build widgets of its own in the kernel.

ipywidgets lets the browser open a `jupyter.widget` comm and so create any widget model in the
kernel with any state: fifteen 8 MiB Text widgets took a kernel from 72 to 223 MB. The
dashboards never need that (every widget is made by the app, in Python), so after the app is
built the target is replaced by one that closes the comm at once and writes one log line.
Clicks, typing and the page's state request (`jupyter.widget.control`) are untouched.
"""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)
TARGET = "jupyter.widget"


def _refuse(comm: Any, message: dict[str, Any]) -> None:
    state = ((message.get("content") or {}).get("data") or {}).get("state") or {}
    log.warning("refused a %s the page tried to create in the kernel",
                str(state.get("_model_name", "widget"))[:40])
    comm.close()


def refuse_page_widgets() -> bool:
    """Close every widget comm the page opens from now on; False outside a kernel."""
    from ipywidgets import comm as widget_comm

    manager = widget_comm.get_comm_manager()
    if manager is None:
        return False
    manager.register_target(TARGET, _refuse)
    return True
