"""Exit tickets: what a child did today, as a code a teacher reads without a server.

In a class with no server (the static site) each child's progress lives in their own browser.
At the end of a lesson the child's page shows an exit ticket: a QR code and the same data typed
as a code (`39247-6YRFB-...`, the short code of `ticket_short`) carrying nickname, lesson, the
level reached and the work itself: each item answered today as (level, seed, the child's
answer). The teacher's page re-creates every item from its lesson, level and seed and checks
the answer itself (`classroom.ticket_proof`), so the score it shows is the one the answers
earn.

The code ends in an HMAC under the class's ticket key, which reaches the children's pages in
the teacher's class link (`&tk=...`): it tells another class's ticket and a mistyped code
apart, nothing more. The key is in every child's link, so it cannot prove a score (version 1
tickets carried the score signed with it, and a child with the key could make "10/10"): a
better ticket needs the right answers to real items, and the teacher's page refuses a ticket
dated after its own clock.

The code is Crockford's base32 (digits and capitals without I, L, O, U): a child may type it in
lower case, with or without dashes, O for 0, I or L for 1, or Russian letters that look like
Latin ones; each group of five ends in a check character that names a typo's group
(`ticket_code`). Version 2 codes (`encode_long`) are still read. Browser-safe: no widgets,
nothing but the standard library and the lessons.
"""

from __future__ import annotations

import hmac

from sq_edu.practice.classroom.ticket_code import ALPHABET, CodeError, clean, from_text
from sq_edu.practice.classroom.ticket_code import MARK as SHORT_MARK
from sq_edu.practice.classroom.ticket_data import CARDS as CARDS
from sq_edu.practice.classroom.ticket_data import DAY_ZERO as DAY_ZERO
from sq_edu.practice.classroom.ticket_data import GROUP as GROUP
from sq_edu.practice.classroom.ticket_data import KEY_ID_BYTES as KEY_ID_BYTES
from sq_edu.practice.classroom.ticket_data import KEY_PARAM as KEY_PARAM
from sq_edu.practice.classroom.ticket_data import MAC_BYTES as MAC_BYTES
from sq_edu.practice.classroom.ticket_data import MAX_ANSWER as MAX_ANSWER
from sq_edu.practice.classroom.ticket_data import MAX_CODE as MAX_CODE
from sq_edu.practice.classroom.ticket_data import MAX_ITEMS as MAX_ITEMS
from sq_edu.practice.classroom.ticket_data import MAX_NUMBER as MAX_NUMBER
from sq_edu.practice.classroom.ticket_data import MAX_SEED as MAX_SEED
from sq_edu.practice.classroom.ticket_data import MAX_SKILLS as MAX_SKILLS
from sq_edu.practice.classroom.ticket_data import TEXT as TEXT
from sq_edu.practice.classroom.ticket_data import VERSION as VERSION
from sq_edu.practice.classroom.ticket_data import Item as Item
from sq_edu.practice.classroom.ticket_data import SkillDay as SkillDay
from sq_edu.practice.classroom.ticket_data import Ticket as Ticket
from sq_edu.practice.classroom.ticket_data import TicketError as TicketError
from sq_edu.practice.classroom.ticket_data import clean_key as clean_key
from sq_edu.practice.classroom.ticket_data import item_of as item_of
from sq_edu.practice.classroom.ticket_data import key_id as key_id
from sq_edu.practice.classroom.ticket_data import key_in_query as key_in_query
from sq_edu.practice.classroom.ticket_data import lessons_order as lessons_order
from sq_edu.practice.classroom.ticket_data import mac as mac
from sq_edu.practice.classroom.ticket_data import new_key as new_key
from sq_edu.practice.classroom.ticket_data import slip_name as slip_name
from sq_edu.practice.classroom.ticket_short import decode_short, encode_short

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
    text = clean(code)
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


def encode(ticket: Ticket, key: str) -> str:
    """The ticket as a signed short code (`ticket_code`; ValueError for a lesson or key that
    cannot be)."""
    if not clean_key(key):
        raise ValueError("not a ticket key")
    return encode_short(ticket, key)


def encode_long(ticket: Ticket, key: str) -> str:
    """The ticket as a version 2 code (made before the short code; still read)."""
    if not clean_key(key):
        raise ValueError("not a ticket key")
    lessons = lessons_order()
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
    return to_code(payload + mac(key, payload))


def decode(code: object, key: str) -> Ticket:
    """The ticket a code carries, checked against the class key. TicketError says why not:
    `other_class` (signed with another key), `forged` (changed, mistyped or made up),
    `damaged` / `bad_chars` / `empty` / `not_a_ticket`, and for a short code `typo` (with the
    group to look at) / `typo_length`. Never anything else."""
    text = clean(code) if isinstance(code, str) and len(code) <= MAX_CODE else ""
    if text[:1] == ALPHABET[SHORT_MARK] and all(char in ALPHABET for char in text):
        try:
            return decode_short(from_text(text), key)
        except CodeError as error:
            raise TicketError(error.key, **error.params) from None
    data = from_code(code)
    if len(data) < 1 + KEY_ID_BYTES + MAC_BYTES + 6:
        raise TicketError("exit_ticket.damaged" if data[:1] == bytes([VERSION])
                          else "exit_ticket.not_a_ticket")
    if data[0] == 1:
        raise TicketError("exit_ticket.old_ticket")
    if data[0] != VERSION:
        raise TicketError("exit_ticket.not_a_ticket")
    payload, signed = data[:-MAC_BYTES], data[-MAC_BYTES:]
    if not hmac.compare_digest(signed, mac(key, payload)):
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
    lessons = lessons_order()
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
