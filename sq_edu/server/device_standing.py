"""Who a device is, for the page caps: the teacher, a learner's own device, or a new one.

A cookie costs a script one request, so the page caps cannot trust a device for having one;
they can trust what the device did with it. The guess counter (`guess_limit`) marks every
device that gave a right answer: the teacher password on the teacher page (`"teacher"`) or a
learner's secret (`"owner"`: the child's own tablet; a new learner's first save marks it too).
The class password's mark is not counted: every script of the class has it. The counter's
file is read again only when it changed, so a flood of refused pages costs a `stat` each.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from sq_edu.practice.guess_limit import GuessLimit
from sq_edu.server.class_login import class_guesses

TEACHER = "teacher"
OWNER = "owner"


class DeviceStanding:
    """`standing(device key)`: "teacher", "owner" or "" (a new device, or one with no cookie)."""

    def __init__(self, guesses: Callable[[], GuessLimit] = class_guesses) -> None:
        self.guesses = guesses
        self._seen: tuple[int, int] | None = None
        self._marks: dict[str, str] = {}

    def __call__(self, device: str) -> str:
        if device.endswith("|-") or "|" not in device:
            return ""   # no cookie: every script at that address shares the key
        self._refresh()
        return self._marks.get(device, "")

    def _refresh(self) -> None:
        limit = self.guesses()
        path = limit.path
        seen = (0, 0)
        if path is not None:
            with contextlib.suppress(OSError):
                stat = path.stat()
                seen = (stat.st_mtime_ns, stat.st_size)
        if path is not None and seen == self._seen:
            return
        marks: dict[str, str] = {}
        for target, device in limit.opened():
            if target == TEACHER:
                marks[device] = TEACHER
            elif target.startswith("learner:") and marks.get(device) != TEACHER:
                marks[device] = OWNER
        self._marks, self._seen = marks, seen
