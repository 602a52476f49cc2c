"""The comm bridge of the site's pages: Python's `comm` package <-> the page's widget manager.

Python runs in a Web Worker (lite/app/src/worker.mjs), the widgets are drawn in the page
(lite/app/src/page.mjs): no kernel and no Jupyter protocol beyond what @jupyter-widgets/base
reads (content.data, metadata, buffers). ipywidgets opens one comm per widget with
`comm.create_comm`; here that makes a `PageComm` whose messages go to a JavaScript function of
the worker, which posts them to the page. The worker calls `receive` for the messages the
page's widgets send back (a click, a changed value).
"""

from __future__ import annotations

import json
from typing import Any

import comm
from comm.base_comm import BaseComm

_to_page: Any = None    # the worker's function posting a batch of messages to the page
_schedule: Any = None   # the worker's function calling `flush` once Python's turn is over
# Messages for the page, in order, posted together: a lesson's app opens some 150 widgets as it
# starts (250 messages), and one crossing into JavaScript per message cost a third of its start.
# Each entry: [kind ("comm_open", "comm_msg", "comm_close" or "show"), comm or model id,
# content JSON, metadata JSON, buffers].
_outbox: list[list[Any]] = []


def _post(entry: list[Any]) -> None:
    _outbox.append(entry)
    if len(_outbox) == 1:
        _schedule()   # a widget changed by a timer or a callback reaches the page on its own


def flush() -> None:
    """Post every waiting message to the page (the worker calls this after each piece of
    Python it runs, and once a timer's or callback's turn is over)."""
    if not _outbox:
        return
    from pyodide.ffi import to_js

    batch = list(_outbox)
    _outbox.clear()
    _to_page(to_js(batch))


class PageComm(BaseComm):
    """A comm whose other end is the page's widget manager."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        content = {**keys, "data": {} if data is None else data, "comm_id": self.comm_id}
        _post([msg_type, self.comm_id, json.dumps(content, default=str),
               json.dumps(metadata or {}, default=str),
               [bytes(buffer) for buffer in buffers or ()]])


def _create_comm(*args: Any, **kwargs: Any) -> BaseComm:
    return PageComm(*args, **kwargs)


def install(to_page: Any, schedule: Any) -> None:
    """Route every comm through the page (called once, as the page starts)."""
    global _to_page, _schedule
    _to_page, _schedule = to_page, schedule
    comm.create_comm = _create_comm
    import ipywidgets

    ipywidgets.register_comm_target()


def receive(msg_type: str, comm_id: str, content: str, buffers: Any) -> None:
    """A message from the page's widgets to their Python side."""
    message = {"content": json.loads(content),
               "buffers": [memoryview(buffer.to_bytes()) for buffer in buffers]}
    manager = comm.get_comm_manager()
    if msg_type == "comm_open":
        message["content"]["comm_id"] = comm_id
        manager.comm_open(None, None, message)
        return
    found = manager.get_comm(comm_id)
    if found is None:
        return
    if msg_type == "comm_close":
        found.handle_close(message)
        manager.unregister_comm(found)
    else:
        found.handle_msg(message)


def show(obj: Any) -> None:
    """Draw a widget in the page; anything else is printed (the browser's console)."""
    bundle = getattr(obj, "_repr_mimebundle_", None)
    data = bundle() if callable(bundle) else None
    view = (data or {}).get("application/vnd.jupyter.widget-view+json")
    if view:
        _post(["show", view["model_id"], "{}", "{}", []])
    else:
        print(obj)
