"""The exit ticket's items of the day, kept across page reloads, per learner and class.

A ticket carries each item answered (level, seed, the child's answer) so that the teacher's
page judges the work itself (`ticket_proof`). The items lived in the page's kernel only, so a
reload (a phone's tab closed and opened again, the browser's "back") emptied the ticket, where
the old ticket read the whole day's answers. Each learner's items of the day are now kept in a
small file beside their class activity (`<progress folder>/classes/<class>/.tickets/<learner
file>`: the dot keeps it out of the activity files the teacher's page reads), written by the
page serving the child: on a class server in its data folder, on the static site in the
browser's storage, where that page keeps the learner's progress. A page reads the lesson's
items back for its ticket; items of another day are dropped. A file that cannot be read or
written costs the ticket those items, never the lesson.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from sq_edu.practice.classroom.exit_ticket import MAX_ITEMS, Item
from sq_edu.practice.classroom.live import class_folder
from sq_edu.practice.learner_guard import locked
from sq_edu.practice.progress import learner_file_name

log = logging.getLogger(__name__)
FORMAT = "sq_edu.ticket_items"
FOLDER = ".tickets"
KEEP = 4 * MAX_ITEMS        # a day's items over every lesson (a ticket takes its lesson's last)
MAX_BYTES = 64 * 1024


def _day(now: float) -> str:
    return time.strftime("%Y-%m-%d", time.localtime(now))


def _item(row: object) -> tuple[str, Item]:
    """(lesson, item) from a stored row; ValueError for anything else."""
    if not (isinstance(row, list) and len(row) == 5):
        raise ValueError("an item is [lesson, level, seed, answer, cards]")
    lesson, level, seed, answer, cards = row
    if not (isinstance(lesson, str) and len(lesson) <= 80 and isinstance(answer, str)
            and len(answer) <= 200 and isinstance(cards, bool)
            and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2**31
                    for n in (level, seed))):
        raise ValueError("an item has the wrong types")
    return lesson, Item(level, seed, answer, cards)


class TicketItems:
    """One learner's ticket items of the day in one class."""

    def __init__(self, progress_dir: str | os.PathLike[str], code: str, nickname: str,
                 clock: Callable[[], float] = time.time) -> None:
        self.path = class_folder(progress_dir, code) / FOLDER / learner_file_name(nickname)
        self.clock = clock

    def _rows(self) -> list[tuple[str, Item]]:
        """Today's items, oldest first ([] for none, another day's, or an unreadable file)."""
        try:
            data = self.path.read_bytes()
            if len(data) > MAX_BYTES:
                raise ValueError("too big")
            stored = json.loads(data.decode("utf-8"))
            if not (isinstance(stored, dict) and stored.get("format") == FORMAT
                    and isinstance(stored.get("items"), list)):
                raise ValueError("not a ticket items file")
            if stored.get("day") != _day(self.clock()):
                return []
            return [_item(row) for row in stored["items"][-KEEP:]]
        except FileNotFoundError:
            return []
        except (OSError, ValueError, UnicodeDecodeError, RecursionError):
            log.warning("ticket items %s unreadable; starting them again", self.path,
                        exc_info=True)
            return []

    def items(self, lesson: str) -> list[Item]:
        """Today's items of `lesson`, in the order answered."""
        return [item for was, item in self._rows() if was == lesson]

    def add(self, lesson: str, item: Item) -> None:
        """Keep an item's first answer (a second answer to the same item is not kept)."""
        path = self.path
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with locked(path):   # two tabs of one learner take turns
                rows = self._rows()
                if any((was, one.level, one.seed) == (lesson, item.level, item.seed)
                       for was, one in rows):
                    return
                rows = [*rows, (lesson, item)][-KEEP:]
                text = json.dumps({"format": FORMAT, "day": _day(self.clock()), "items": [
                    [was, one.level, one.seed, one.answer, one.cards] for was, one in rows]})
                temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
                temp.write_text(text, encoding="utf-8")
                os.replace(temp, path)
        except OSError:
            log.warning("could not keep a ticket item in %s", path, exc_info=True)


def kept_items(progress_dir: str | os.PathLike[str] | None, code: str,
               nickname: str) -> TicketItems | None:
    """The learner's kept items, or None where nothing can be kept (no folder, no name)."""
    if progress_dir is None or not nickname:
        return None
    return TicketItems(Path(progress_dir), code, nickname)
