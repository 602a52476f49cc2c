"""Who a device is, for the page caps: the teacher, a learner's own device, or a new one.

A cookie costs a script one request, so the page caps cannot trust a device for having one;
they can trust what the device did with it. The guess counter (`guess_limit`) marks every
device that gave a right answer: the teacher password on the teacher page (`"teacher"`), a
learner's secret (`"owner"`: the child's own tablet) or the teacher's one-time door code
(`"owner"`: a late child's new device, `classroom.door_code`). The class password's mark is not
counted: every script of the class has it.

A learner's record is no proof by itself: a flooder can make one ("junk", any secret) on a page
it holds and then open it from every fresh cookie. So a record vouches for a device only

- once it is `SETTLE` seconds old (records made before the counter noted when, and every
  returning child's, are): a record made during a flood frees nobody in that flood;
- and for its first `VOUCHES` devices (a child's tablet, a laptop, a phone): one junk record
  cannot turn a hundred cookies into owners.

So a flood from one address can gain owners' pages only from records it made at least ten
minutes before, three devices each (each a name in the teacher's live list); a child who made
her record less than ten minutes ago waits like a new device there (docs/deploy.md, "Page caps
behind one address"). What was worked out is kept until the counter's file changes
(`guess_file`'s stamp) or a record comes of age.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sq_edu.practice.guess_limit import GuessLimit
from sq_edu.server.class_login import class_guesses

TEACHER = "teacher"
DOOR = "door"     # the guess counter's target for the teacher's door code
OWNER = "owner"
SETTLE = 600.0   # seconds before a record made here vouches for its devices
VOUCHES = 3      # devices one learner's record vouches for


class DeviceStanding:
    """`standing(device key)`: "teacher", "owner" or "" (a new device, or one with no cookie)."""

    def __init__(self, guesses: Callable[[], GuessLimit] = class_guesses,
                 clock: Callable[[], float] = time.time, settle: float = SETTLE) -> None:
        self.guesses, self.clock, self.settle = guesses, clock, settle
        self._seen: dict[str, Any] | None = None
        self._marks: dict[str, str] = {}
        self._vouched: dict[str, list[str]] = {}   # device -> learners that vouch once of age
        self._born: dict[str, float] = {}

    def __call__(self, device: str) -> str:
        if device.endswith("|-") or "|" not in device:
            return ""   # no cookie: every script at that address shares the key
        self._refresh()
        standing = self._marks.get(device, "")
        if standing or device not in self._vouched:
            return standing
        young = self.clock() - self.settle
        return OWNER if any(self._born.get(learner, 0.0) <= young
                            for learner in self._vouched[device]) else ""

    def _refresh(self) -> None:
        limit = self.guesses()
        counts = limit.counts()
        if counts is self._seen:
            return
        marks: dict[str, str] = {}
        firsts: dict[str, list[tuple[float, str]]] = {}
        for target, device, first in limit.opened():
            if target == TEACHER:
                marks[device] = TEACHER
            elif target == DOOR and marks.get(device) != TEACHER:
                marks[device] = OWNER   # came in with the teacher's one-time door code
            elif target.startswith("learner:"):
                firsts.setdefault(target, []).append((first, device))
        vouched: dict[str, list[str]] = {}
        for learner, devices in firsts.items():
            for _first, device in sorted(devices)[:VOUCHES]:
                if device not in marks:
                    vouched.setdefault(device, []).append(learner)
        self._marks, self._vouched, self._born = marks, vouched, limit.born()
        self._seen = counts
