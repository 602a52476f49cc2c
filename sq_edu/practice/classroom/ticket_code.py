"""The exit ticket's short code (version 3): the same content, packed tight enough to type.

Version 2 wrote every item as bytes (level, a 5-byte seed, the answer as text): 150 to 250
characters with no camera. Version 3 packs the same fields bit by bit and writes each item
against the item itself, which both pages can make again from (lesson, level, seed): the next
seed of the deal is one bit, a choice is its option's number, picked cards a mark per card of
the hand, a whole number its bits; anything else stays text. Decoding gives back the items
(picked cards in the hand's order, which the judge does not mind), so the teacher's page
re-checks exactly what it did before (`ticket_proof`), and the HMAC covers every bit.

Typed, the code is base32 (Crockford's letters) in groups of five: four characters of data and
a check character that also knows the group's place. A one-character typo, or two groups
swapped, names the group to look at again, kindly, before the HMAC is asked at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sq_edu.practice.exercise import Exercise

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# What a child may type for a letter of the alphabet: look-alikes, Russian letters included.
TYPED = str.maketrans({"O": "0", "I": "1", "L": "1", "А": "A", "В": "B", "Е": "E", "К": "K",
                       "М": "M", "Н": "H", "О": "0", "Р": "P", "С": "C", "Т": "T", "Х": "X",
                       "З": "3", "Б": "6"})
MARK = 3            # the first character of a short code: "3"
DATA = 4            # data characters in a group; the fifth is its check character
_ASCII = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -"   # 6 bits each
_NUMBER = re.compile(r"(0|[1-9][0-9]{0,8})\Z")
_FRACTION = re.compile(r"(0|[1-9][0-9]{0,8})/([1-9][0-9]{0,8})\Z")
MakeItem = Callable[[int, int], "Exercise | None"]   # (level, seed) -> the item, None if none


class CodeError(ValueError):
    """A typed code that cannot be read: `key` (a catalogue message), `params` for it."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key, self.params = key, params


def clean(code: str) -> str:
    """What was typed, in the alphabet: capitals, look-alikes and Russian letters mapped,
    spaces and dashes gone."""
    return re.sub(r"[\s\-_.]+", "", code.upper().translate(TYPED))


class Bits:
    """A string of bits written and read field by field."""

    def __init__(self, bits: str = "") -> None:
        self.bits, self.at = bits, 0

    def put(self, value: int, width: int) -> None:
        if not 0 <= value < 1 << width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self.bits += format(value, f"0{width}b") if width else ""

    def get(self, width: int) -> int:
        if self.at + width > len(self.bits):
            raise CodeError("exit_ticket.damaged")
        self.at += width
        return int(self.bits[self.at - width:self.at] or "0", 2)

    def data(self) -> bytes:
        """The bits so far as bytes (zeros after the last one): what the HMAC signs."""
        padded = self.bits + "0" * (-len(self.bits) % 8)
        return int(padded or "0", 2).to_bytes(len(padded) // 8, "big")


def check_char(values: list[int], group: int) -> int:
    """A group's check: odd weights catch any one wrong character, the group's number a group
    typed in another place."""
    return (sum((2 * i + 1) * v for i, v in enumerate(values)) + 7 * group + 3) % 32


def to_text(bits: Bits) -> str:
    """The bits as groups of four characters and a check character, `3K7Q-M...`."""
    padded = bits.bits + "0" * (-len(bits.bits) % (5 * DATA))
    values = [int(padded[i:i + 5], 2) for i in range(0, len(padded), 5)]
    groups = []
    for n in range(0, len(values), DATA):
        chunk = values[n:n + DATA]
        groups.append("".join(ALPHABET[v] for v in [*chunk, check_char(chunk, n // DATA)]))
    return "-".join(groups)


def from_text(text: str) -> Bits:
    """The bits of a cleaned short code; CodeError naming the first group with a typo."""
    if len(text) % (DATA + 1):
        raise CodeError("exit_ticket.typo_length")
    values = [ALPHABET.index(char) for char in text]
    bits = ""
    for n in range(0, len(values), DATA + 1):
        chunk, check = values[n:n + DATA], values[n + DATA]
        if check_char(chunk, n // (DATA + 1)) != check:
            raise CodeError("exit_ticket.typo", group=n // (DATA + 1) + 1,
                            chars=text[n:n + DATA + 1])
        bits += "".join(format(v, "05b") for v in chunk)
    return Bits(bits)


def put_name(bits: Bits, name: str) -> None:
    """A nickname: 6 bits a letter when it is plain Latin, else its UTF-8 bytes."""
    if name and len(name) < 32 and all(char in _ASCII for char in name):
        bits.put(0, 1)
        bits.put(len(name), 5)
        for char in name:
            bits.put(_ASCII.index(char), 6)
        return
    raw = name.encode("utf-8")[:60]
    bits.put(1, 1)
    bits.put(len(raw), 6)
    for byte in raw:
        bits.put(byte, 8)


def get_name(bits: Bits) -> str:
    if not bits.get(1):
        letters = [bits.get(6) for _ in range(bits.get(5))]
        if any(n >= len(_ASCII) for n in letters):
            raise CodeError("exit_ticket.damaged")
        return "".join(_ASCII[n] for n in letters)
    raw = bytes(bits.get(8) for _ in range(bits.get(6)))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CodeError("exit_ticket.damaged") from None


def put_answer(bits: Bits, answer: str, cards: bool, item: Exercise | None) -> None:
    """One answer against its item: option number, marks on the hand, a number, or text."""
    options = [o.id for o in item.options] if item is not None else []
    hand = [str(card) for card in item.hand] if item is not None else []
    picked = [c for c in answer.split(",") if c] if cards else []
    if cards and hand and len(hand) <= 16 and _marks(hand, picked) is not None:
        bits.put(1, 2)
        for mark in _marks(hand, picked) or []:
            bits.put(mark, 1)
    elif not cards and answer in options and len(options) <= 16:
        bits.put(0, 2)
        bits.put(options.index(answer), 4)
    elif not cards and _NUMBER.match(answer):
        bits.put(2, 2)
        _put_number(bits, int(answer))
    elif not cards and (fraction := _FRACTION.match(answer)):
        bits.put(3, 2)
        bits.put(2, 2)
        _put_number(bits, int(fraction.group(1)))
        _put_number(bits, int(fraction.group(2)))
    else:
        raw = answer.encode("utf-8")[:63]
        bits.put(3, 2)
        bits.put(int(cards), 2)
        bits.put(len(raw), 6)
        for byte in raw:
            bits.put(byte, 8)


def _put_number(bits: Bits, number: int) -> None:
    bits.put(number.bit_length(), 5)
    bits.put(number, number.bit_length())


def _get_number(bits: Bits) -> int:
    return bits.get(bits.get(5))


def _marks(hand: list[str], picked: list[str]) -> list[int] | None:
    """One mark per card of the hand (picked or not); None when a pick is not in the hand."""
    marks, left = [0] * len(hand), list(picked)
    for n, card in enumerate(hand):
        if card in left:
            left.remove(card)
            marks[n] = 1
    return None if left else marks


def get_answer(bits: Bits, item: Exercise | None) -> tuple[str, bool]:
    """(answer, picked cards?) as `put_answer` wrote it."""
    kind = bits.get(2)
    if kind == 1:
        if item is None or not item.hand:
            raise CodeError("exit_ticket.damaged")
        marks = [bits.get(1) for _ in item.hand]
        return ",".join(str(c) for c, mark in zip(item.hand, marks, strict=True) if mark), True
    if kind == 0:
        index = bits.get(4)
        if item is None or index >= len(item.options):
            raise CodeError("exit_ticket.damaged")
        return item.options[index].id, False
    if kind == 2:
        return str(_get_number(bits)), False
    how = bits.get(2)   # 0: text, 1: text for picked cards, 2: a fraction
    if how == 2:
        return f"{_get_number(bits)}/{_get_number(bits)}", False
    if how == 3:
        raise CodeError("exit_ticket.damaged")
    cards = how == 1
    try:
        return bytes(bits.get(8) for _ in range(bits.get(6))).decode("utf-8"), cards
    except UnicodeDecodeError:
        raise CodeError("exit_ticket.damaged") from None
