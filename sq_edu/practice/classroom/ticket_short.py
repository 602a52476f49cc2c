"""A ticket as the short code and back (version 3, written with `ticket_code`).

Layout, in bits: the mark "3" (5), the HMAC of everything after it (40), the class key's id
(16), the day (16), the minute (11), the nickname, the lesson's number (4), level and highest
level opened (7 each), the number of items (5), then each item: its level (1 bit "the same as
before", else 7), its seed (1 bit "the next of the deal", else 35) and its answer against the
item made again. Zeros fill the last group; the HMAC signs them too.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable

from sq_edu.practice.classroom.ticket_code import (
    MARK,
    Bits,
    CodeError,
    MakeItem,
    get_answer,
    get_name,
    put_answer,
    put_name,
    to_text,
)
from sq_edu.practice.classroom.ticket_data import (
    DAY_ZERO,
    MAC_BYTES,
    MAX_ANSWER,
    MAX_ITEMS,
    MAX_SEED,
    Item,
    Ticket,
    TicketError,
    key_id,
    lessons_order,
    mac,
)
from sq_edu.practice.exercise import Exercise

HEAD = 5 + 8 * MAC_BYTES   # the mark and the HMAC
SEED_BITS = (MAX_SEED - 1).bit_length()


def item_maker(lesson_id: str) -> MakeItem:
    """(level, seed) -> the item the child saw, None for a level the lesson lacks."""
    from sq_edu.practice.generators import generate
    from sq_edu.practice.lesson import load_lessons

    lesson = load_lessons().lessons[lesson_id]

    def make(level: int, seed: int) -> Exercise | None:
        if not 1 <= level <= len(lesson.levels):
            return None
        try:
            return generate(lesson, level, seed)
        except (ValueError, KeyError, IndexError):   # an item no generator makes
            return None
    return make


def encode_short(ticket: Ticket, key: str, make: MakeItem | None = None) -> str:
    """The ticket as a short code (ValueError for a lesson the shipped lessons lack)."""
    lessons = [lesson_id for lesson_id, _skills in lessons_order()]
    make = make or item_maker(ticket.lesson)
    body = Bits()
    body.put(int.from_bytes(key_id(key), "big"), 16)
    body.put(min(max(0, ticket.day - DAY_ZERO), 65535), 16)
    body.put(ticket.minute % 1440, 11)
    put_name(body, ticket.nickname)
    body.put(lessons.index(ticket.lesson), 4)
    body.put(min(max(ticket.level, 0), 127), 7)
    body.put(min(max(ticket.unlocked, 0), 127), 7)
    kept = ticket.items[-MAX_ITEMS:]
    body.put(len(kept), 5)
    level, seed = ticket.level, -2
    for item in kept:
        body.put(int(item.level == level), 1)
        if item.level != level:
            body.put(min(max(item.level, 0), 127), 7)
        now = item.seed % MAX_SEED
        body.put(int(now == seed + 1), 1)
        if now != seed + 1:
            body.put(now, SEED_BITS)
        put_answer(body, item.answer[:MAX_ANSWER], item.cards, make(item.level, now))
        level, seed = item.level, now
    body.bits += "0" * (-(HEAD + len(body.bits)) % 20)   # whole groups of four characters
    whole = Bits()
    whole.put(MARK, 5)
    whole.put(int.from_bytes(mac(key, body.data()), "big"), 8 * MAC_BYTES)
    whole.bits += body.bits
    return to_text(whole)


def decode_short(bits: Bits, key: str,
                 maker: Callable[[str], MakeItem] = item_maker) -> Ticket:
    """The ticket in a short code's bits (`ticket_code.from_text`), its HMAC checked first."""
    if bits.get(5) != MARK:
        raise TicketError("exit_ticket.not_a_ticket")
    signed = bits.get(8 * MAC_BYTES).to_bytes(MAC_BYTES, "big")
    body = Bits(bits.bits[HEAD:])
    if not hmac.compare_digest(signed, mac(key, body.data())):
        if body.get(16).to_bytes(2, "big") != key_id(key):
            raise TicketError("exit_ticket.other_class")
        raise TicketError("exit_ticket.forged")
    try:
        return _fields(body, maker)
    except CodeError as error:
        raise TicketError(error.key) from None


def _fields(body: Bits, maker: Callable[[str], MakeItem]) -> Ticket:
    found_key = body.get(16).to_bytes(2, "big")
    day, minute = DAY_ZERO + body.get(16), body.get(11)
    nickname = get_name(body)
    lessons = lessons_order()
    index = body.get(4)
    if minute >= 1440 or index >= len(lessons) or not nickname.strip():
        raise TicketError("exit_ticket.damaged")
    lesson_id = lessons[index][0]
    level, unlocked = body.get(7), body.get(7)
    make = maker(lesson_id)
    items, seed, at = [], -2, level
    for _ in range(body.get(5)):
        at = at if body.get(1) else body.get(7)
        seed = seed + 1 if body.get(1) else body.get(SEED_BITS)
        answer, cards = get_answer(body, make(at, seed))
        items.append(Item(at, seed, answer, cards))
    if len(items) > MAX_ITEMS or "1" in body.bits[body.at:] or len(body.bits) - body.at >= 20:
        raise TicketError("exit_ticket.damaged")
    return Ticket(nickname, lesson_id, level, unlocked, day, minute, (), found_key,
                  tuple(items))
