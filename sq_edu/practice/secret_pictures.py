"""A learner's secret: one picture of sixteen and a number of 4 digits ("the crown and 2581").

Four digits alone held a classmate off for about 52 days of nonstop guessing under the
server's guess limit (`guess_limit`: 5 free tries, then 30 s, 1, 2, 4, 8 minutes, then one
try every 15 minutes: 96 a day). A picture a 6-year-old picks and remembers multiplies the
choices by 16: 16 x 10,000 = 160,000, about 80,000 tries on average, 833 days (2.3 years)
of guessing around the clock (docs/deploy.md shows the arithmetic). The pictures are plain
text symbols (DejaVu Sans and every system font have them; no emoji font is needed), each
with a name in English and Russian (`safety.picture_<id>`), shown on its button.

A record made from a picture is marked `"form": "picture"` (`learner_guard.hash_text`);
records from before hold the digits alone and still open with them, so nobody is locked out:
such a learner is asked to add a picture, and the record is remade with it.
"""

from __future__ import annotations

import secrets
import unicodedata

from sq_edu.practice.learner_guard import (
    PICTURE_FORM,
    hash_text,
    is_picture_record,
    text_matches,
    valid_pin,
)

# (id, symbol): the id is what the hash is made from (never shown, never translated).
PICTURES: tuple[tuple[str, str], ...] = (
    ("star", "\u2605"), ("sun", "\u2600"), ("moon", "\u263e"), ("cloud", "\u2601"),
    ("umbrella", "\u2602"), ("snowman", "\u2603"), ("snowflake", "\u2744"),
    ("heart", "\u2665"), ("diamond", "\u2666"), ("note", "\u266a"), ("plane", "\u2708"),
    ("anchor", "\u2693"), ("cup", "\u2615"), ("horse", "\u265e"), ("crown", "\u265b"),
    ("flower", "\u273f"),
)
PICTURE_IDS = tuple(picture for picture, _symbol in PICTURES)
_SYMBOLS = dict(PICTURES)
TEXT_STYLE = "\ufe0e"   # variation selector: the symbol as text, not a colour emoji


def valid_picture(value: object) -> str | None:
    """The picture's id if it is one of ours, else None."""
    text = unicodedata.normalize("NFKC", str(value or "")).strip().casefold()
    return text if text in _SYMBOLS else None


def symbol(picture: str) -> str:
    """The picture drawn as a text symbol ("" for an unknown id)."""
    found = _SYMBOLS.get(picture, "")
    return found + TEXT_STYLE if found else ""


def secret_text(picture: object, digits: object) -> str | None:
    """What a picture secret's hash is made from ("crown:2581"), or None if either part is
    missing or not one of ours."""
    chosen, pin = valid_picture(picture), valid_pin(digits)
    return f"{chosen}:{pin}" if chosen and pin else None


def hash_secret(picture: str, digits: str) -> dict[str, str]:
    """The record of a picture secret (ValueError if it is not a whole one)."""
    text = secret_text(picture, digits)
    if text is None:
        raise ValueError("a secret needs one of the pictures and 4 digits")
    return hash_text(text, PICTURE_FORM)


def secret_matches(picture: object, digits: object, record: dict[str, str] | None) -> bool:
    """True if this picture and these digits open the record. An old record (digits alone)
    opens with its digits, whatever picture is picked."""
    if record is None:
        return False
    if not is_picture_record(record):
        pin = valid_pin(digits)
        return pin is not None and text_matches(pin, record)
    text = secret_text(picture, digits)
    return text is not None and text_matches(text, record)


def new_secret() -> tuple[str, str]:
    """A fresh secret for the teacher to hand over: (picture id, 4 digits)."""
    return secrets.choice(PICTURE_IDS), f"{secrets.randbelow(10_000):04d}"
