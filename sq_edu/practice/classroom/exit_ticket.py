"""Exit tickets: what a child did today, as a code a teacher reads without a server.

In a class with no server (the static site) each child's progress lives in their own browser.
At the end of a lesson the child's page shows an exit ticket: a QR code and the same data typed
as a code (`K7QM5-2XH9A-...`) carrying nickname, lesson, the level reached and the work itself:
each item answered today as (level, seed, the child's answer). The teacher's page re-creates
every item from its lesson, level and seed and checks the answer itself
(`classroom.ticket_proof`), so the score it shows is the one the answers earn.

The code ends in an HMAC under the class's ticket key, which reaches the children's pages in
the teacher's class link (`&tk=...`): it tells another class's ticket and a mistyped code
apart, nothing more. The key is in every child's link, so it cannot prove a score (version 1
tickets carried the score signed with it, and a child with the key could make "10/10"): a
better ticket needs the right answers to real items, and the teacher's page refuses a ticket
dated after its own clock.

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

VERSION = 2             # 1: scores signed with the key in the link; refused (`old_ticket`)
MAC_BYTES = 5            # 40 bits: a typed guess is right once in a million million
KEY_ID_BYTES = 2         # tells a ticket of another class from a forged one
DAY_ZERO = date(2025, 1, 1).toordinal()
KEY_PARAM = "tk"         # the class link's parameter that carries the key
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
GROUP = 5
MAX_CODE = 2000          # characters of a typed code; longer is not a ticket
MAX_SKILLS = 12
MAX_ITEMS = 30           # items a ticket carries (the last ones answered)
MAX_ANSWER = 40          # bytes of one answer as typed
CARDS, TEXT = 1, 0       # how an answer was given: picked cards, or typed / chosen text
MAX_NUMBER = 100_000
MAX_SEED = 2**35          # an item's seed (`exercise_seed`: a deal's seed x 1000 + index)
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
def _lessons() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Shipped lessons and their skills, in a fixed order: a ticket names them by number."""
    from sq_edu.practice.lesson import load_lessons

    shipped = load_lessons().lessons
    return tuple((lesson_id, tuple(shipped[lesson_id].skills)) for lesson_id in sorted(shipped))


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
    name = ticket.nickname.encode("utf-8")[:60]
    out = bytearray([VERSION, *key_id(key)])
    out += _varint(max(0, ticket.day - DAY_ZERO)) + _varint(ticket.minute % 1440)
    out += _varint(len(name)) + name + _varint(index)
    out += _varint(ticket.level) + _varint(ticket.unlocked)
    kept = ticket.items[-MAX_ITEMS:]
    out += _varint(len(kept))
    for item in kept:
        answer = item.answer.encode("utf-8")[:MAX_ANSWER]
        out += (_varint(item.level * 2 + (CARDS if item.cards else TEXT))
                + _varint(item.seed % MAX_SEED) + _varint(len(answer)) + answer)
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
    if data[0] == 1:
        raise TicketError("exit_ticket.old_ticket")
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
    items = []
    for _ in range(reader.number(MAX_ITEMS)):
        how = reader.number(2 * 99 + 1)
        seed = reader.number(MAX_SEED - 1)
        try:
            answer = reader.take(reader.number(MAX_ANSWER)).decode("utf-8")
        except UnicodeDecodeError:
            raise TicketError("exit_ticket.damaged") from None
        items.append(Item(how // 2, seed, answer, how % 2 == CARDS))
    if reader.at != len(payload) or not nickname.strip() or not skills:
        raise TicketError("exit_ticket.damaged")
    return Ticket(nickname, lesson_id, level, unlocked, day, minute, (), found_key,
                  tuple(items))
