"""On the static site, a lock across the browser's tabs around a learner's progress file.

Under Voila two tabs are two kernels on one disk, and `learner_guard.locked` takes a file lock.
In the browser each tab runs its own Python (Pyodide) over the same stored `/drive`, with no
file locks: two tabs of one learner saving at the same moment would each re-read the file
before the other wrote, and one tab's answers would be lost. The site's service worker holds
a Web Lock (`navigator.locks`) per file for whichever tab asks first (lite/pwa/service-worker.js);
Python's thread can only wait on it with a synchronous request, answered once the lock is held.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path

from sq_edu.practice.learner_guard import use_tab_lock

log = logging.getLogger(__name__)
# Any address ending so, inside the service worker's scope: relative, it resolves beside the
# page's Python worker (sq-python.js, at the site's root), which the service worker controls.
LOCK_ADDRESS = "sq-edu-lock"


def _ask(op: str, name: str, token: str) -> str:
    """The worker's answer ("held", "released", "busy"...) to a synchronous request."""
    from js import XMLHttpRequest  # type: ignore[import-not-found]  # Pyodide's bridge to JS

    request = XMLHttpRequest.new()
    request.open("POST", LOCK_ADDRESS, False)   # synchronous: this thread waits for the lock
    request.setRequestHeader("Content-Type", "application/json")
    request.send(json.dumps({"op": op, "name": name, "token": token}))
    return str(request.responseText) if request.status == 200 else f"HTTP {request.status}"


@contextlib.contextmanager
def tab_lock(path: Path) -> Iterator[None]:
    """Hold the file's lock across tabs; without a worker to hold it (a page opened before the
    worker was ready), save unlocked as before rather than stop the child's page."""
    token = secrets.token_hex(8)
    try:
        answer = _ask("acquire", str(path), token)
    except Exception as exc:   # any failure of the browser's request: save unlocked
        answer = repr(exc)
    if answer != "held":
        log.warning("no lock across tabs for %s (%s): saving without it", path, answer)
    try:
        yield
    finally:
        if answer == "held":
            with contextlib.suppress(Exception):
                _ask("release", str(path), token)


def use_in_browser() -> None:
    """In the browser's Python, save learners' files under the lock across tabs."""
    if sys.platform == "emscripten":
        use_tab_lock(tab_lock)
