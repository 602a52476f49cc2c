"""`Outbox`: a child's answer and vote stay in the browser until the class game has them.

A tap on "Answer" or on a move is kept in the browser's storage at once (outbox.js), then
sent to this kernel; the kernel hands each to the page (`deliver`) and says which are done,
and only those leave the browser. A phone whose connection drops keeps what it sent, says so
("kept on this device"), and sends it again when the connection is back, also from a page
opened again after a reload. Sending one twice is harmless: the class game keeps one answer
per child and round (a second is marked `again` and not counted), and a vote is set, not
added. Each item carries the question it answered (`at`: nickname, game and round), so an
answer kept past its round is not given to another question.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import anywidget
import traitlets

MAX_ITEMS = 8   # what one page may hand in at once (a round has one answer and one vote)
MAX_TEXT = 40


@dataclass(frozen=True)
class Sent:
    """One tap as the browser kept it: an answer (typed `text`, or the `choice`-th option)
    or a vote for the `choice`-th move, for the question `at`."""

    id: str
    at: str
    kind: str
    text: str = ""
    choice: int = -1


def sent_items(content: object) -> list[Sent]:
    """The browser's items, checked (the page may send anything): the rest is dropped."""
    items = content.get("items") if isinstance(content, dict) else None
    if not isinstance(items, list):
        return []
    out = []
    for item in items[:MAX_ITEMS]:
        if not isinstance(item, dict) or item.get("kind") not in ("answer", "vote"):
            continue
        ident, at, choice = item.get("id"), item.get("at"), item.get("choice", -1)
        text = item.get("text", "")
        if not (isinstance(ident, str) and isinstance(at, str) and isinstance(text, str)
                and isinstance(choice, int) and not isinstance(choice, bool)):
            continue
        if len(ident) > 40 or len(at) > 120:
            continue
        out.append(Sent(ident, at, item["kind"], text[:MAX_TEXT], choice))
    return out


class Outbox(anywidget.AnyWidget):
    """Shows only "kept on this device" while something waits. `at` names the question on
    the page; `deliver(item)` is True when the item is done with (taken, or refused for good)
    and False when the class game could not be reached (the browser sends it again)."""

    _esm = Path(__file__).with_name("outbox.js")
    key = traitlets.Unicode("sq-edu-classgame-outbox", help="localStorage key").tag(sync=True)
    at = traitlets.Unicode("", help="nickname, game and round of the question shown").tag(
        sync=True)
    kept_text = traitlets.Unicode("", help="said while an item waits").tag(sync=True)
    wait_ms = traitlets.Int(3000, help="an item unanswered this long is said kept").tag(
        sync=True)
    retry_ms = traitlets.Int(3000, help="ms between tries while items wait").tag(sync=True)

    def __init__(self, deliver: Callable[[Sent], bool]) -> None:
        super().__init__()
        self.deliver = deliver
        self.done: set[str] = set()   # ids already delivered: a resend is only acknowledged
        self.on_msg(self._got)

    def _got(self, _widget: object, content: object, _buffers: object) -> None:
        done = []
        for item in sent_items(content):
            if item.id in self.done or self.deliver(item) is not False:   # None: it failed
                self.done.add(item.id)
                done.append(item.id)
        if done:
            self.send({"done": done})
