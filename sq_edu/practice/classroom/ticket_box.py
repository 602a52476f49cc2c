"""Both ends of an exit ticket: the child's day summed up into a `Ticket`, and the teacher's box
of tickets read (camera or typed) turned into the class's `Activity` list, so the teacher page
draws the same skill grid and class CSV as the live class view under Voila
(`classroom.diagnosis`).

The box keeps one ticket per learner and lesson: the same ticket read twice counts once (the
camera sees it in many frames, a child may show it twice); a later ticket of the same learner
and lesson replaces the earlier one (it carries more answers). What a ticket counts is what its
answers earn, checked here (`ticket_proof`). A ticket's nickname is checked and folded as the
server's (`clean_nickname`, `learner_file_name`): HTML, a spreadsheet formula, invisible or
mixed-alphabet letters and over-long names are refused, "Anna" and "ANNA " are one learner. A
ticket dated after this page's clock (more than `FUTURE_MINUTES`) is refused, as is one whose
answers and minute are another learner's (a copy under another name). Widget-free,
browser-safe.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from sq_edu.practice.classroom.exit_ticket import (
    Item,
    Ticket,
    TicketError,
    clean_key,
    decode,
    new_key,
)
from sq_edu.practice.classroom.live import Activity, Try
from sq_edu.practice.classroom.ticket_proof import checked
from sq_edu.practice.mastery import Mastery
from sq_edu.practice.progress import ProgressError, clean_nickname, learner_file_name

log = logging.getLogger(__name__)
KEY_FILE = "exit-ticket-key.txt"
FUTURE_MINUTES = 10   # a teacher's clock a little behind a child's is no reason to refuse


def class_ticket_key(folder: str | os.PathLike[str] | None, server_key: str = "") -> str:
    """The class's ticket key: derived from the teacher password's hash on a server that has
    one, else kept in the teacher's own folder (on the static site the teacher's browser
    storage), made the first time. Without a folder it lives as long as the page."""
    if server_key:
        return hmac.new(server_key.encode(), b"sq-edu exit tickets", hashlib.sha256
                        ).hexdigest()[:32]
    if folder is None:
        return new_key()
    path = os.path.join(folder, KEY_FILE)
    try:
        with open(path, encoding="utf-8") as stored:
            key = clean_key(stored.read())
        if key:
            return key
    except (OSError, UnicodeDecodeError):
        pass
    key = new_key()
    try:
        os.makedirs(folder, exist_ok=True)
        with open(path, "w", encoding="utf-8") as stored:
            stored.write(key)
    except OSError:
        log.warning("could not keep the exit ticket key in %s", folder, exc_info=True)
    return key


def ticket_of(nickname: str, lesson: str, mastery: Mastery, items: Iterable[Item],
              now: datetime | None = None) -> Ticket:
    """The child's exit ticket now: where they stand in `lesson` and today's items, with
    the skills those items earn (what the teacher's page will count)."""
    now = now or datetime.now()
    record = mastery.lessons.get(lesson)
    level = record.level if record is not None else 1
    unlocked = record.unlocked if record is not None else 1
    return checked(Ticket(nickname, lesson, level, max(level, unlocked), now.date().toordinal(),
                          now.hour * 60 + now.minute, items=tuple(items)))


def activity_of(ticket: Ticket) -> Activity:
    """The ticket as the live view's trace of that learner: the answers of each skill as tries
    (the wrong ones before the final right run, the last wrong one with the misconception), so
    the grid's cells read the same attempts, right answers, state and misconception."""
    at = time.mktime(ticket.when.timetuple())
    tries: list[Try] = []
    for day in ticket.skills:
        early_right, wrong = day.right - day.run, day.attempts - day.right
        tries += [(at, ticket.lesson, day.level, day.skill, True, "", "first")] * early_right
        tries += [(at, ticket.lesson, day.level, day.skill, False,
                   day.slip if n == wrong - 1 else "", "first") for n in range(wrong)]
        tries += [(at, ticket.lesson, day.level, day.skill, True, "", "first")] * day.run
    return Activity(ticket.nickname, ticket.lesson, ticket.level, joined=at, seen=at,
                    answers=[(one[0], one[4]) for one in tries], tries=tries)


@dataclass(frozen=True)
class Reading:
    """What reading one code did: `key` is the catalogue message for the teacher, `tone`
    good / info / bad, `ticket` the ticket read (None when refused)."""

    key: str
    tone: str
    ticket: Ticket | None = None
    params: dict[str, object] = field(default_factory=dict)   # the group with a typo


@dataclass
class TicketBox:
    """The tickets a teacher has read, one per learner and lesson."""

    key: str
    tickets: dict[tuple[str, str], tuple[str, Ticket]] = field(default_factory=dict)

    def read(self, code: object, now: datetime | None = None) -> Reading:
        """Read one code (`now`: this page's clock); never raises (a bad code is a refusal
        with a reason)."""
        if not clean_key(self.key):
            return Reading("exit_ticket.no_key", "bad")
        try:
            ticket = decode(code, self.key)
            nickname = clean_nickname(ticket.nickname)
            learner = learner_file_name(nickname)
        except TicketError as refused:
            return Reading(refused.key, "bad", params=refused.params)
        except ProgressError:
            return Reading("exit_ticket.bad_nickname", "bad")
        except (ValueError, OverflowError, IndexError):   # a code no rule above foresaw
            return Reading("exit_ticket.damaged", "bad")
        if ticket.when > (now or datetime.now()) + timedelta(minutes=FUTURE_MINUTES):
            return Reading("exit_ticket.from_future", "bad", ticket)
        ticket = checked(replace(ticket, nickname=nickname))
        mark = learner, ticket.lesson
        signed = str(code).upper()
        before = self.tickets.get(mark)
        if before is not None and (before[1] == ticket or before[0] == signed):
            return Reading("exit_ticket.again", "info", ticket)
        copied = next((other for (name, lesson), (_c, other) in self.tickets.items()
                       if name != learner and lesson == ticket.lesson and ticket.items
                       and (other.items, other.day, other.minute)
                       == (ticket.items, ticket.day, ticket.minute)), None)
        if copied is not None:
            return Reading("exit_ticket.copied", "bad", copied)
        if before is not None and before[1].when > ticket.when:
            return Reading("exit_ticket.older", "info", before[1])
        self.tickets[mark] = (signed, ticket)
        return Reading("exit_ticket.updated" if before else "exit_ticket.added", "good", ticket)

    def activities(self) -> list[Activity]:
        """The class's traces, one per learner (their lessons' tickets together)."""
        found: dict[str, Activity] = {}
        for _code, ticket in sorted(self.tickets.values(), key=lambda item: item[1].when):
            one = activity_of(ticket)
            learner = learner_file_name(ticket.nickname)
            known = found.get(learner)
            if known is None:
                found[learner] = one
            else:
                known.tries += one.tries
                known.answers += one.answers
                known.lesson, known.level, known.seen = one.lesson, one.level, one.seen
        return list(found.values())
