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

_to_page: Any = None   # the page: (msg_type, comm_id, content json, metadata json, buffers)
_show: Any = None      # the page's function drawing a widget's view (model_id)


class PageComm(BaseComm):
    """A comm whose other end is the page's widget manager."""

    def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        from pyodide.ffi import to_js

        content = {**keys, "data": {} if data is None else data, "comm_id": self.comm_id}
        views = [to_js(bytes(buffer)) for buffer in buffers or ()]
        _to_page(msg_type, self.comm_id, json.dumps(content, default=str),
                 json.dumps(metadata or {}, default=str), to_js(views))


def _create_comm(*args: Any, **kwargs: Any) -> BaseComm:
    return PageComm(*args, **kwargs)


def install(to_page: Any, show_view: Any) -> None:
    """Route every comm through the page (called once, as the page starts)."""
    global _to_page, _show
    _to_page, _show = to_page, show_view
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
        _show(view["model_id"])
    else:
        print(obj)
