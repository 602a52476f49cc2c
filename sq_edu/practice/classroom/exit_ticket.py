"""Exit tickets: what a child did today, as a short signed code a teacher reads without a server.

In a class with no server (the static site) each child's progress lives in their own browser.
At the end of a lesson the child's page shows an exit ticket: a QR code and the same data typed
as a short code (`K7QM5-2XH9A-...`) carrying nickname, lesson, the level reached and today's
answers per skill (attempts, right, the right run at the end, the last misconception). The
teacher's page reads tickets (camera or typed) into the same class report as under Voila.

A ticket is signed: an HMAC-SHA256 under the class's ticket key, which reaches the children's
pages in the teacher's class link (`&tk=...`). A child who edits a digit of the code gets a
ticket the teacher's page refuses; making a better one needs the key *and* this format, which
is out of reach of a 6-12 year old (the key is in the link, so this guards against typing a
better score, not against an adult who reads the source).

The code is Crockford's base32 (digits and capitals without I, L, O, U): a child may type it in
lower case, with or without dashes, O for 0, I or L for 1, or Russian letters that look like
Latin ones. Browser-safe: no widgets, nothing but the standard library and the lessons.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import lru_cache

from sq_edu.i18n import catalog

VERSION = 1
MAC_BYTES = 5            # 40 bits: a typed guess is right once in a million million
KEY_ID_BYTES = 2         # tells a ticket of another class from a forged one
DAY_ZERO = date(2025, 1, 1).toordinal()
KEY_PARAM = "tk"         # the class link's parameter that carries the key
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
GROUP = 5
MAX_CODE = 400           # characters of a typed code; longer is not a ticket
MAX_SKILLS = 12
MAX_NUMBER = 100_000
_KEY = re.compile(r"^[0-9A-Za-z_-]{16,64}$")
# What a child may type for a letter of the alphabet: look-alikes, Russian letters included.
_TYPED = str.maketrans({"O": "0", "I": "1", "L": "1", "А": "A", "В": "B", "Е": "E", "К": "K",
                        "М": "M", "Н": "H", "О": "0", "Р": "P", "С": "C", "Т": "T", "Х": "X",
                        "З": "3", "Б": "6"})


class TicketError(ValueError):
    """A code that is not a good ticket; `key` is the catalogue message for the teacher."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


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
class Ticket:
    """The data of one exit ticket (`key_id` says which class's key signed it)."""

    nickname: str
    lesson: str
    level: int                     # the level the learner is on
    unlocked: int                  # the highest level opened
    day: int                       # date.toordinal()
    minute: int                    # minutes after midnight, local time
    skills: tuple[SkillDay, ...] = field(default=())
    key_id: bytes = b""

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
def _lessons() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Shipped lessons and their skills, in a fixed order: a ticket names them by number."""
    from sq_edu.practice.lesson import load_lessons

    shipped = load_lessons().lessons
    return tuple((lesson_id, tuple(shipped[lesson_id].skills)) for lesson_id in sorted(shipped))


@lru_cache(maxsize=1)
def _slips() -> tuple[str, ...]:
    """The misconceptions the catalogue can name, in a fixed order (a ticket keeps a number)."""
    return tuple(sorted(key[len("mistakes.name_"):] for key in catalog()
                        if key.startswith("mistakes.name_")))


def slip_name(misconception: str) -> str:
    """The catalogue name of a misconception key (`lessons.ch.trap_odds` -> `lessons_ch_...`)."""
    return misconception.replace(".", "_")


# --- bytes <-> code -------------------------------------------------------------------------

def to_code(data: bytes) -> str:
    """Bytes as base32 in groups of five, e.g. `K7QM5-2XH9A-...`."""
    number, bits = int.from_bytes(data, "big"), len(data) * 8
    pad = -bits % 5
    number <<= pad
    chars = [ALPHABET[(number >> shift) & 31] for shift in range(bits + pad - 5, -1, -5)]
    text = "".join(chars)
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def from_code(code: object) -> bytes:
    """The bytes of a typed or scanned code; TicketError("...bad_chars") for anything else."""
    if not isinstance(code, str) or len(code) > MAX_CODE:
        raise TicketError("exit_ticket.not_a_ticket")
    text = re.sub(r"[\s\-_.]+", "", code.upper().translate(_TYPED))
    if not text:
        raise TicketError("exit_ticket.empty")
    if any(char not in ALPHABET for char in text):
        raise TicketError("exit_ticket.bad_chars")
    size = len(text) * 5 // 8
    pad = len(text) * 5 - size * 8
    number = 0
    for char in text:
        number = number << 5 | ALPHABET.index(char)
    if pad >= 5 or number & ((1 << pad) - 1):
        raise TicketError("exit_ticket.damaged")
    return (number >> pad).to_bytes(size, "big")


# --- ticket <-> bytes -----------------------------------------------------------------------

def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise TicketError("exit_ticket.damaged")
        self.at += 1
        return self.data[self.at - 1]

    def number(self, high: int = MAX_NUMBER) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
            if shift > 28:
                raise TicketError("exit_ticket.damaged")
        if value > high:
            raise TicketError("exit_ticket.damaged")
        return value

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise TicketError("exit_ticket.damaged")
        self.at += size
        return self.data[self.at - size:self.at]


def _mac(key: str, payload: bytes) -> bytes:
    return hmac.new(key.encode(), payload, hashlib.sha256).digest()[:MAC_BYTES]


def encode(ticket: Ticket, key: str) -> str:
    """The ticket as a signed code (ValueError for a lesson, skill or key that cannot be)."""
    if not clean_key(key):
        raise ValueError("not a ticket key")
    lessons = _lessons()
    index = [lesson_id for lesson_id, _skills in lessons].index(ticket.lesson)
    skills = lessons[index][1]
    name = ticket.nickname.encode("utf-8")[:60]
    out = bytearray([VERSION, *key_id(key)])
    out += _varint(max(0, ticket.day - DAY_ZERO)) + _varint(ticket.minute % 1440)
    out += _varint(len(name)) + name + _varint(index)
    out += _varint(ticket.level) + _varint(ticket.unlocked)
    kept = [s for s in ticket.skills if s.skill in skills][:MAX_SKILLS]
    out += _varint(len(kept))
    slips = _slips()
    for day in kept:
        right = min(day.right, day.attempts)
        slip = slip_name(day.slip)
        out += (_varint(skills.index(day.skill)) + _varint(min(day.attempts, MAX_NUMBER))
                + _varint(right) + _varint(min(day.run, right)) + _varint(day.level)
                + _varint(slips.index(slip) + 1 if slip in slips else 0))
    payload = bytes(out)
    return to_code(payload + _mac(key, payload))


def decode(code: object, key: str) -> Ticket:
    """The ticket a code carries, checked against the class key. TicketError says why not:
    `other_class` (signed with another key), `forged` (changed, mistyped or made up),
    `damaged` / `bad_chars` / `empty` / `not_a_ticket`. Never anything else."""
    data = from_code(code)
    if len(data) < 1 + KEY_ID_BYTES + MAC_BYTES + 6:
        raise TicketError("exit_ticket.damaged" if data[:1] == bytes([VERSION])
                          else "exit_ticket.not_a_ticket")
    if data[0] != VERSION:
        raise TicketError("exit_ticket.not_a_ticket")
    payload, mac = data[:-MAC_BYTES], data[-MAC_BYTES:]
    if not hmac.compare_digest(mac, _mac(key, payload)):
        if payload[1:1 + KEY_ID_BYTES] != key_id(key):
            raise TicketError("exit_ticket.other_class")
        raise TicketError("exit_ticket.forged")
    return _parse(payload)


def _parse(payload: bytes) -> Ticket:
    """The fields of a signed payload (a signed one is ours, but stay strict all the same)."""
    reader = _Reader(payload)
    reader.byte()
    found_key = reader.take(KEY_ID_BYTES)
    day = DAY_ZERO + reader.number(60_000)
    minute = reader.number(1439)
    try:
        nickname = reader.take(reader.number(60)).decode("utf-8")
    except UnicodeDecodeError:
        raise TicketError("exit_ticket.damaged") from None
    lessons = _lessons()
    index = reader.number(len(lessons) - 1)
    lesson_id, skills = lessons[index]
    level, unlocked = reader.number(99), reader.number(99)
    slips = _slips()
    days = []
    for _ in range(reader.number(MAX_SKILLS)):
        skill = skills[reader.number(len(skills) - 1)] if skills else ""
        attempts = reader.number()
        right = reader.number(attempts)
        run = reader.number(right)
        at_level = reader.number(99)
        slip = reader.number(len(slips))
        days.append(SkillDay(skill, attempts, right, run, at_level,
                             slips[slip - 1] if slip else ""))
    if reader.at != len(payload) or not nickname.strip() or not skills:
        raise TicketError("exit_ticket.damaged")
    return Ticket(nickname, lesson_id, level, unlocked, day, minute, tuple(days), found_key)
