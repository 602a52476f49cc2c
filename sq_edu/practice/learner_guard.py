"""What keeps one learner's record theirs: a secret, honest nicknames, one writer at a time.

- A secret (a picture and a number of 4 digits, `secret_pictures`; records made before the
  pictures hold 4 digits alone and still open with them) is stored only as a salted
  scrypt hash (PBKDF2-HMAC-SHA256 where Python has no OpenSSL, as in the browser of the
  serverless site); the file never holds the digits. It is asked at "welcome back" and for an
  upload that names a learner who already has a record here. It stops a classmate guessing
  through the server's guess limit, not a determined attacker with the file: docs/deploy.md
  says so.
- Nicknames that only look alike are refused: invisible fillers (U+3164 and friends,
  zero-width and format characters) and a mix of alphabets in one name (a Cyrillic "а" inside
  a Latin "masha"). Names that fold to one skeleton (`nickname_skeleton`: Greek «ΑΝΝΑ»,
  Cyrillic «Анна», «Anna.», «A nna», «Аnnа» all give "anna") are one learner.
- A lock file per learner serialises the read-merge-write of two tabs with one nickname.
- Temporary files that a killed save left behind are removed once they are old.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import os
import re
import secrets
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

log = logging.getLogger(__name__)

PIN_DIGITS = 4
_PIN = re.compile(r"^[0-9]{4}$")
_HEX = re.compile(r"^[0-9a-f]{32,128}$")
SCHEME = "scrypt-16384-8-1"
# Where hashlib has no scrypt (Pyodide, the static site: no OpenSSL). 100,000 rounds: a stolen
# record costs 5x more to crack than with the 20,000 of earlier files (still read); more would
# make "welcome back" slow in the browser (pure-Python PBKDF2: 0.5 s in CPython here).
PBKDF2_ROUNDS = 100_000
PBKDF2_SCHEME = f"pbkdf2-sha256-{PBKDF2_ROUNDS}"
OLD_PBKDF2_SCHEME = "pbkdf2-sha256-20000"
SCHEMES = (SCHEME, PBKDF2_SCHEME, OLD_PBKDF2_SCHEME)
PICTURE_FORM = "picture"   # a record's "form": made from "<picture>:<digits>", not digits alone
# Characters that draw nothing (or a blank) yet are letters to Unicode: a nickname of them
# looks empty or identical to another one.
INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
STALE_TEMP_SECONDS = 600


def valid_pin(text: object) -> str | None:
    """The secret number as typed (spaces around it ignored, any digit script normalised to
    0-9), or None if it is not exactly four digits."""
    pin = unicodedata.normalize("NFKC", str(text or "")).strip()
    if not pin.isdigit():
        return None
    pin = "".join(str(unicodedata.digit(c)) for c in pin)
    return pin if _PIN.match(pin) else None


def pbkdf2_sha256(password: bytes, salt: bytes, rounds: int) -> bytes:
    """PBKDF2-HMAC-SHA256, one 32-byte block (RFC 8018): hashlib's where it has one, else the
    same bytes from hashlib.sha256 alone (Python without OpenSSL has no pbkdf2_hmac)."""
    if hasattr(hashlib, "pbkdf2_hmac"):
        return hashlib.pbkdf2_hmac("sha256", password, salt, rounds, 32)
    key = (hashlib.sha256(password).digest() if len(password) > 64 else password).ljust(64, b"\0")
    inner, outer = hashlib.sha256(bytes(b ^ 0x36 for b in key)), hashlib.sha256(
        bytes(b ^ 0x5C for b in key))

    def prf(message: bytes) -> bytes:
        first, second = inner.copy(), outer.copy()
        first.update(message)
        second.update(first.digest())
        return second.digest()

    block = prf(salt + b"\x00\x00\x00\x01")
    total = int.from_bytes(block, "big")
    for _ in range(rounds - 1):
        block = prf(block)
        total ^= int.from_bytes(block, "big")
    return total.to_bytes(32, "big")


def _derive(pin: str, salt: bytes, scheme: str = SCHEME) -> bytes:
    if scheme in (PBKDF2_SCHEME, OLD_PBKDF2_SCHEME):
        return pbkdf2_sha256(pin.encode("ascii"), salt, int(scheme.rsplit("-", 1)[1]))
    return hashlib.scrypt(pin.encode("ascii"), salt=salt, n=16384, r=8, p=1, dklen=32)


def hash_pin(pin: str) -> dict[str, str]:
    """The record of a secret number alone (the form before pictures; tests and old files):
    scheme, random salt and hash (hex); scrypt where this Python has it, else PBKDF2 (either
    is checked wherever the file is read later)."""
    return hash_text(pin)


def hash_text(text: str, form: str | None = None) -> dict[str, str]:
    """The record of a secret's ASCII text, marked with its `form` (None: digits alone)."""
    salt = secrets.token_bytes(16)
    scheme = SCHEME if hasattr(hashlib, "scrypt") else PBKDF2_SCHEME
    record = {"scheme": scheme, "salt": salt.hex(), "hash": _derive(text, salt, scheme).hex()}
    if form is not None:
        record["form"] = form
    return record


def check_secret_record(value: object) -> dict[str, str]:
    """A secret record read from a file, checked strictly; ValueError otherwise."""
    keys = {"scheme", "salt", "hash"}
    if (not isinstance(value, dict) or set(value) - {"form"} != keys
            or value.get("form", PICTURE_FORM) != PICTURE_FORM
            or value.get("scheme") not in SCHEMES
            or not all(isinstance(value[k], str) and _HEX.match(value[k])
                       for k in ("salt", "hash"))):
        raise ValueError("secret is not a secret record of ours")
    return {k: str(value[k]) for k in value}


def is_picture_record(record: dict[str, str] | None) -> bool:
    """True for a record made from a picture and digits (False: digits alone, or none)."""
    return record is not None and record.get("form") == PICTURE_FORM


def is_weak_record(record: dict[str, str] | None) -> bool:
    """True for a record hashed more weakly than records are made now (to be remade once
    its secret opens it)."""
    return record is not None and record.get("scheme") == OLD_PBKDF2_SCHEME


def text_matches(text: str, record: dict[str, str]) -> bool:
    """True if the record was made from this secret text."""
    derived = _derive(text, bytes.fromhex(record["salt"]), record["scheme"])
    return hmac.compare_digest(derived, bytes.fromhex(record["hash"]))


def pin_matches(pin: object, record: dict[str, str] | None) -> bool:
    """True if the typed secret number is the one a digits-only record was made from (a
    record with a picture never opens with the digits alone)."""
    typed = valid_pin(pin)
    if record is None or typed is None or is_picture_record(record):
        return False
    return text_matches(typed, record)


# What a letter of another alphabet folds to: Cyrillic by its usual Latin spelling (a child
# types «Маша» or "Masha" for one name), Greek by the Latin letter it looks like. A table of
# our own rather than a confusables package: nicknames are letters and digits of one alphabet
# (mixed ones are refused), so only Latin, Cyrillic and Greek matter, and Unicode's skeleton
# alone would keep «Анна» apart from "Anna" (н is not n to the eye), which a class would not.
_FOLD = str.maketrans({
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "zh", "з": "z",
    "и": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh",
    "щ": "sch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "і": "i",
    "ї": "i", "є": "e", "ґ": "g", "ј": "j", "ѕ": "s", "һ": "h", "ԁ": "d",
    "α": "a", "β": "b", "γ": "y", "δ": "d", "ε": "e", "ζ": "z", "η": "n", "θ": "o",
    "ι": "i", "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "n",
    "ρ": "p", "σ": "o", "ς": "s", "τ": "t", "υ": "u", "φ": "f", "χ": "x", "ψ": "y",
    "ω": "w",
    # Latin and digit look-alikes (Unicode's confusables: 0/o, 1/l/I).
    "0": "o", "1": "l", "ı": "i",
})


def nickname_skeleton(name: str) -> str:
    """What a nickname looks like, reduced: NFKC, case folded, accents, spaces, dots and
    dashes dropped, other alphabets folded to Latin; equal skeletons are one learner."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    kept = "".join(c for c in folded if c.isalnum() and not unicodedata.combining(c))
    return kept.translate(_FOLD).replace("rn", "m").replace("vv", "w").replace("i", "l")


def _script(char: str) -> str:
    """The alphabet a letter belongs to ("LATIN", "CYRILLIC", ...), from its Unicode name."""
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0] if name else "?"


def lookalike_problem(name: str) -> str | None:
    """Why a nickname could pass for another one ("invisible" or "mixed"), or None."""
    if any(c in INVISIBLE_LETTERS
           or unicodedata.category(c) in ("Cf", "Cc", "Co", "Cs")
           for c in name):
        return "invisible"
    scripts = {_script(c) for c in name if c.isalpha()}
    if len(scripts) > 1:
        return "mixed"
    return None


TabLock = Callable[[Path], AbstractContextManager[object]]
_tab_lock: list[TabLock] = []   # the lock the page provides where the OS has none


def use_tab_lock(lock: TabLock | None) -> None:
    """Take `lock(path)` as the lock around a learner's file where the OS has no file lock: the
    static site's pages hand theirs over (`sq_edu.pages.tab_lock`), a lock across the
    browser's tabs. None: no lock again."""
    _tab_lock[:] = [lock] if lock is not None else []


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `.<name>.lock` beside the file while reading and writing it,
    so two tabs (two kernels) with one nickname take turns. The page's own lock where it gives
    one (`use_tab_lock`: the browser, whose Python has an `fcntl.flock` that locks nothing
    across tabs); else the OS's; else none."""
    if _tab_lock:
        with _tab_lock[0](path):
            yield
        return
    try:
        import fcntl
    except ImportError:   # Windows: one kernel per learner is the rule there (docs/deploy.md)
        fcntl = None      # type: ignore[assignment]  # no fcntl on Windows: the guard then locks nothing
    if getattr(fcntl, "flock", None) is None:
        yield
        return
    lock = path.with_name(f".{path.name}.lock")
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
        handle = open(lock, "a+b")  # noqa: SIM115 - closed below, after the lock is released
    except OSError:   # a read-only folder: the save itself will say so
        yield
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        yield
    finally:
        with contextlib.suppress(OSError):
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        handle.close()


def remove_stale_temp_files(folder: Path, max_age: float = STALE_TEMP_SECONDS) -> list[str]:
    """Delete `.<name>.<pid>.tmp` files older than `max_age` seconds (a save killed before
    its rename); returns their names. A save in progress is seconds old and is left alone."""
    removed: list[str] = []
    now = time.time()
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return removed
    for temp in candidates:
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime > max_age:
                temp.unlink()
                removed.append(temp.name)
    if removed:
        log.info("removed %d temporary file(s) left by interrupted saves in %s",
                 len(removed), os.fspath(folder))
    return removed
