"""Bits for the short exit-ticket code: numbers and nicknames packed to the bit, not the byte.

Why: a code a child types when there is no camera was 45-60 characters, most of them byte
padding (a level of 2 took a byte, a Russian letter two). Packed, the same ticket is about a
third shorter. Base32 characters carry 5 bits each; the layout itself is the ticket's
(`exit_ticket`). Also here: a code as typed, forgiven (`typed_text`), and bytes <-> code.
Standard library only (browser-safe).
"""

from __future__ import annotations

import re
import string

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"   # Crockford's base32, as the typed code
GROUP = 5                # characters between two dashes
MAX_CODE = 400           # characters of a typed code; longer is not a ticket
SMALL = 31                                       # a number below it takes 5 bits
WIDE = 17                                        # else 5 + 17 bits (up to 131071)
# A nickname's letters, 7 bits each: Latin and Russian, digits, space and dash (no capital
# Ъ or Ь: no name starts with one). Anything else travels as UTF-8.
_RU = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
NAME_CHARS = (" -" + string.digits + string.ascii_uppercase + string.ascii_lowercase
              + _RU.upper().replace("Ъ", "").replace("Ь", "") + _RU)
assert len(NAME_CHARS) == 128


# What a child may type for a letter of the alphabet: look-alikes, Russian letters included.
_TYPED = str.maketrans({"O": "0", "I": "1", "L": "1", "А": "A", "В": "B", "Е": "E", "К": "K",
                        "М": "M", "Н": "H", "О": "0", "Р": "P", "С": "C", "Т": "T", "Х": "X",
                        "З": "3", "Б": "6"})


class TicketError(ValueError):
    """A code that is not a good ticket; `key` is the catalogue message for the teacher."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def to_code(data: bytes) -> str:
    """Bytes as base32 in groups of five, e.g. `K7QM5-2XH9A-...`."""
    number, bits = int.from_bytes(data, "big"), len(data) * 8
    pad = -bits % 5
    number <<= pad
    chars = [ALPHABET[(number >> shift) & 31] for shift in range(bits + pad - 5, -1, -5)]
    return group("".join(chars))


def typed_text(code: object) -> str:
    """A typed or scanned code as its characters only: any case, look-alikes, dashes and
    spaces anywhere forgiven; TicketError for anything that is not a code."""
    if not isinstance(code, str) or len(code) > MAX_CODE:
        raise TicketError("exit_ticket.not_a_ticket")
    text = re.sub(r"[\s\-_.,]+", "", code.upper().translate(_TYPED))
    if not text:
        raise TicketError("exit_ticket.empty")
    if any(char not in ALPHABET for char in text):
        raise TicketError("exit_ticket.bad_chars")
    return text


def from_code(code: object) -> bytes:
    """The bytes of a typed or scanned code; TicketError("...bad_chars") for anything else."""
    text = typed_text(code)
    size = len(text) * 5 // 8
    pad = len(text) * 5 - size * 8
    number = 0
    for char in text:
        number = number << 5 | ALPHABET.index(char)
    if pad >= 5 or number & ((1 << pad) - 1):
        raise TicketError("exit_ticket.damaged")
    return (number >> pad).to_bytes(size, "big")


def group(text: str) -> str:
    """Characters in groups of five between dashes, as a child copies them."""
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


class BitWriter:
    """Bits written most significant first; `text()` gives them as base32 characters."""

    def __init__(self) -> None:
        self.value, self.size = 0, 0

    def put(self, value: int, bits: int) -> None:
        if not 0 <= value < 1 << bits:
            raise ValueError(f"{value} does not fit in {bits} bits")
        self.value, self.size = self.value << bits | value, self.size + bits

    def number(self, value: int) -> None:
        if value < SMALL:
            self.put(value, 5)
        else:
            self.put(SMALL, 5)
            self.put(value, WIDE)

    def name(self, text: str, most: int = 31) -> bool:
        """The nickname (7 bits a letter, else UTF-8 bytes); False if it is too long."""
        if all(char in NAME_CHARS for char in text) and len(text) <= most:
            self.put(0, 1)
            self.put(len(text), 5)
            for char in text:
                self.put(NAME_CHARS.index(char), 7)
            return True
        raw = text.encode("utf-8")
        if len(raw) > most:
            return False
        self.put(1, 1)
        self.put(len(raw), 5)
        for byte in raw:
            self.put(byte, 8)
        return True

    def text(self) -> str:
        pad = -self.size % 5
        value = self.value << pad
        count = (self.size + pad) // 5
        return "".join(ALPHABET[value >> 5 * (count - 1 - i) & 31] for i in range(count))


class BitReader:
    """Reads what `BitWriter` wrote from base32 characters; ValueError past the end."""

    def __init__(self, text: str) -> None:
        self.value, self.left = 0, 5 * len(text)
        for char in text:
            self.value = self.value << 5 | ALPHABET.index(char)

    def take(self, bits: int) -> int:
        if bits > self.left:
            raise ValueError("the code ends too soon")
        self.left -= bits
        return self.value >> self.left & ((1 << bits) - 1)

    def number(self, high: int) -> int:
        value = self.take(5)
        value = self.take(WIDE) if value == SMALL else value
        if value > high:
            raise ValueError("a number out of range")
        return value

    def name(self) -> str:
        if self.take(1) == 0:
            return "".join(NAME_CHARS[self.take(7)] for _ in range(self.take(5)))
        return bytes(self.take(8) for _ in range(self.take(5))).decode("utf-8")

    def only_padding(self) -> bool:
        """What is left is the zero padding to a whole character, nothing more."""
        return self.left < 5 and self.take(self.left) == 0
