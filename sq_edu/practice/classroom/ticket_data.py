"""What an exit ticket holds (nickname, lesson, levels, when, the items answered) and its
class key, shared by both ways of writing it: the short code (`ticket_short`, made now) and the
version 2 code (`exit_ticket`, still read). `exit_ticket` re-exports every name here.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache

VERSION = 2             # 1: scores signed with the key in the link; refused (`old_ticket`)
# Codes made now are version 3, the short code of `ticket_code` (version 2 codes still read).
MAC_BYTES = 5            # 40 bits: a typed guess is right once in a million million
KEY_ID_BYTES = 2         # tells a ticket of another class from a forged one
DAY_ZERO = date(2025, 1, 1).toordinal()
KEY_PARAM = "tk"         # the class link's parameter that carries the key
GROUP = 5
MAX_CODE = 2000          # characters of a typed code; longer is not a ticket
MAX_SKILLS = 12
MAX_ITEMS = 30           # items a ticket carries (the last ones answered)
MAX_ANSWER = 40          # bytes of one answer as typed
CARDS, TEXT = 1, 0       # how an answer was given: picked cards, or typed / chosen text
MAX_NUMBER = 100_000
MAX_SEED = 2**35          # an item's seed (`exercise_seed`: a deal's seed x 1000 + index)
_KEY = re.compile(r"^[0-9A-Za-z_-]{16,64}$")


class TicketError(ValueError):
    """A code that is not a good ticket; `key` is the catalogue message for the teacher and
    `params` its values (the group with a typo)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key, self.params = key, params


@dataclass(frozen=True)
class SkillDay:
    """One skill's answers today."""

    skill: str
    attempts: int
    right: int
    run: int = 0          # right answers in a row at the end
    level: int = 1        # the level of the last answer
    slip: str = ""        # the last misconception (its catalogue name, "" for none)


@dataclass(frozen=True)
class Item:
    """One item answered: the teacher's page makes it again from (lesson, `level`, `seed`)
    and checks `answer` (`cards`: picked cards "3,7"; else the text typed or the option)."""

    level: int
    seed: int
    answer: str
    cards: bool = False

    def given(self) -> object:
        """The answer as the lesson page handed it to `checking.check`."""
        return [c for c in self.answer.split(",") if c] if self.cards else self.answer


def item_of(level: int, seed: int, answer: object) -> Item:
    """The item as a ticket keeps it (a list of cards, or the answer's text, cut short)."""
    if isinstance(answer, (list, tuple)):
        return Item(level, seed, ",".join(str(c) for c in answer)[:MAX_ANSWER], True)
    return Item(level, seed, str(answer if answer is not None else "")[:MAX_ANSWER])


@dataclass(frozen=True)
class Ticket:
    """The data of one exit ticket (`key_id` says which class's key signed it). `skills` are
    what the items earn once checked (`ticket_proof.checked`); a decoded ticket has none."""

    nickname: str
    lesson: str
    level: int                     # the level the learner is on
    unlocked: int                  # the highest level opened
    day: int                       # date.toordinal()
    minute: int                    # minutes after midnight, local time
    skills: tuple[SkillDay, ...] = field(default=())
    key_id: bytes = b""
    items: tuple[Item, ...] = field(default=())

    @property
    def when(self) -> datetime:
        return datetime.combine(date.fromordinal(self.day), datetime.min.time()).replace(
            hour=self.minute // 60, minute=self.minute % 60)


def new_key() -> str:
    """A fresh random class ticket key (URL-safe, 22 characters)."""
    return secrets.token_urlsafe(16)


def clean_key(text: object) -> str:
    """The key as given in a link, or "" when it is not one."""
    return text.strip() if isinstance(text, str) and _KEY.match(text.strip()) else ""


def key_in_query(query: str) -> str:
    """The ticket key a page's query string carries (`tk=...`), or ""."""
    from urllib.parse import parse_qs

    return clean_key((parse_qs(query[:4000]).get(KEY_PARAM) or [""])[-1])


def key_id(key: str) -> bytes:
    return hashlib.sha256(b"sq-edu exit ticket key|" + key.encode()).digest()[:KEY_ID_BYTES]


@lru_cache(maxsize=1)
def lessons_order() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Shipped lessons and their skills, in a fixed order: a ticket names them by number."""
    from sq_edu.practice.lesson import load_lessons

    shipped = load_lessons().lessons
    return tuple((lesson_id, tuple(shipped[lesson_id].skills)) for lesson_id in sorted(shipped))


def slip_name(misconception: str) -> str:
    """The catalogue name of a misconception key (`lessons.ch.trap_odds` -> `lessons_ch_...`)."""
    return misconception.replace(".", "_")


def mac(key: str, payload: bytes) -> bytes:
    """The ticket's HMAC under the class key (MAC_BYTES of it)."""
    return hmac.new(key.encode(), payload, hashlib.sha256).digest()[:MAC_BYTES]
