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
from sq_edu.practice.classroom.ticket_bits import ALPHABET as ALPHABET
from sq_edu.practice.classroom.ticket_bits import BitReader, BitWriter, group, typed_text
from sq_edu.practice.classroom.ticket_bits import TicketError as TicketError
from sq_edu.practice.classroom.ticket_bits import from_code as from_code
from sq_edu.practice.classroom.ticket_bits import to_code as to_code

VERSION = 1
MAC_BYTES = 5            # 40 bits: a typed guess is right once in a million million
KEY_ID_BYTES = 2         # tells a ticket of another class from a forged one
DAY_ZERO = date(2025, 1, 1).toordinal()
KEY_PARAM = "tk"         # the class link's parameter that carries the key
SHORT_VERSION = 2        # a short code's first character ("2"); a long one starts with "0"
SHORT_MAC_CHARS = 7      # 35 bits of signature: a typed guess is right once in 34 billion
MAX_SKILLS = 12
MAX_NUMBER = 100_000
_KEY = re.compile(r"^[0-9A-Za-z_-]{16,64}$")



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


def encode(ticket: Ticket, key: str, short: bool = True) -> str:
    """The ticket as a signed code (ValueError for a lesson, skill or key that cannot be):
    the short form where every field fits it, else (or `short=False`) the long one."""
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
    packed = _short(ticket, key, index, skills, kept) if short else None
    return packed if packed is not None else to_code(payload + _mac(key, payload))


# --- the short code (version 2): the same data packed to the bit ------------------------------

def _short(ticket: Ticket, key: str, index: int, skills: tuple[str, ...],
           kept: list[SkillDay]) -> str | None:
    """The ticket as a short code (about a third shorter: fewer characters to type without a
    camera), None when a field does not fit (then the long form carries it)."""
    out, slips = BitWriter(), _slips()
    out.put(SHORT_VERSION, 5)
    out.put(_short_key_id(key), 10)
    out.put(min(max(0, ticket.day - DAY_ZERO), (1 << 14) - 1), 14)
    out.put(ticket.minute % 1440, 11)
    levels = [ticket.level, ticket.unlocked, *(day.level for day in kept)]
    if not out.name(ticket.nickname) or index >= 16 or not all(0 <= n < 32 for n in levels):
        return None
    for value, bits in ((index, 4), (ticket.level, 5), (ticket.unlocked, 5), (len(kept), 4)):
        out.put(value, bits)
    for day in kept:
        right = min(day.right, day.attempts)
        slip = slip_name(day.slip)
        out.put(skills.index(day.skill), 4)
        for number in (min(day.attempts, MAX_NUMBER), right, min(day.run, right)):
            out.number(number)
        out.put(day.level, 5)
        out.put(slips.index(slip) + 1 if slip in slips else 0, 6)
    payload = out.text()
    return group(payload + _short_mac(key, payload))


def _short_key_id(key: str) -> int:
    return int.from_bytes(key_id(key), "big") >> 6


def _short_mac(key: str, payload: str) -> str:
    digest = hmac.new(key.encode(), b"short:" + payload.encode(), hashlib.sha256).digest()
    out = BitWriter()
    out.put(int.from_bytes(digest[:5], "big") >> 5, 5 * SHORT_MAC_CHARS)
    return out.text()


def _decode_short(text: str, key: str) -> Ticket:
    payload, mac = text[:-SHORT_MAC_CHARS], text[-SHORT_MAC_CHARS:]
    if len(payload) < 11 or not hmac.compare_digest(mac, _short_mac(key, payload)):
        reader = BitReader(payload)
        if len(payload) >= 3 and (reader.take(5), reader.take(10))[1] != _short_key_id(key):
            raise TicketError("exit_ticket.other_class")
        raise TicketError("exit_ticket.forged" if len(payload) >= 11 else "exit_ticket.damaged")
    try:
        reader, lessons, slips = BitReader(payload), _lessons(), _slips()
        found = reader.take(15).to_bytes(2, "big")
        day, minute = DAY_ZERO + reader.take(14), reader.take(11)
        nickname = reader.name()
        lesson_id, skills = lessons[reader.take(4)]
        level, unlocked, count = reader.take(5), reader.take(5), reader.take(4)
        days = []
        for _ in range(count):
            skill = skills[reader.take(4)]
            attempts = reader.number(MAX_NUMBER)
            right = reader.number(attempts)
            run, at_level, slip = reader.number(right), reader.take(5), reader.take(6)
            days.append(SkillDay(skill, attempts, right, run, at_level,
                                 slips[slip - 1] if slip else ""))
        if not reader.only_padding() or not nickname.strip() or minute >= 1440:
            raise ValueError("not a whole ticket")
    except (ValueError, IndexError, UnicodeDecodeError):
        raise TicketError("exit_ticket.damaged") from None
    return Ticket(nickname, lesson_id, level, unlocked, day, minute, tuple(days), found)


def decode(code: object, key: str) -> Ticket:
    """The ticket a code carries, checked against the class key. TicketError says why not:
    `other_class` (signed with another key), `forged` (changed, mistyped or made up),
    `damaged` / `bad_chars` / `empty` / `not_a_ticket`. Never anything else. Reads the short
    code (it starts with "2") and the long one (it starts with "0") alike."""
    text = typed_text(code)
    if text[0] == ALPHABET[SHORT_VERSION]:
        return _decode_short(text, key)
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
