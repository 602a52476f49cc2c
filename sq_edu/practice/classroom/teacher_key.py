"""The teacher password: set once at `sq-edu serve`, kept only as a salted hash.

`sq-edu serve --teacher-password WORD` puts `hash_password(WORD)` (PBKDF2-SHA256, a random
salt) into the environment the kernels inherit; the teacher page asks for the password and
checks it with `check_password`. The word itself is never stored or logged. A run of wrong
tries is slowed down (`Attempts`), so a child cannot guess through a word list by hand.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time

TEACHER_KEY_ENV = "SQ_EDU_TEACHER_KEY"
SCHEME = "pbkdf2_sha256"
ITERATIONS = 200_000
MIN_LENGTH = 4
FREE_TRIES = 5          # wrong tries before the page makes the teacher wait
WAIT_SECONDS = 30


def hash_password(password: str, iterations: int = ITERATIONS) -> str:
    """`pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>`; ValueError for a too short word."""
    if len(password) < MIN_LENGTH:
        raise ValueError(f"the teacher password needs at least {MIN_LENGTH} characters")
    salt = secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt, iterations)
    return f"{SCHEME}${iterations}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    """True when `password` matches the stored hash; False for anything malformed."""
    try:
        scheme, iterations, salt, digest = stored.split("$")
        rounds = int(iterations)
        if scheme != SCHEME or not 1_000 <= rounds <= 10_000_000:
            return False
        tried = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), bytes.fromhex(salt),
                                    rounds)
        return hmac.compare_digest(tried, bytes.fromhex(digest))
    except ValueError:
        return False


def server_key() -> str:
    """The hash the server was started with; "" when no teacher password was set."""
    return os.environ.get(TEACHER_KEY_ENV, "").strip()


class Attempts:
    """Counts wrong tries; after FREE_TRIES the next try must wait WAIT_SECONDS."""

    def __init__(self) -> None:
        self.wrong = 0
        self.locked_until = 0.0

    def wait_left(self, now: float | None = None) -> int:
        """Seconds before another try is allowed (0: try now)."""
        now = time.monotonic() if now is None else now
        return max(0, round(self.locked_until - now))

    def failed(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self.wrong += 1
        if self.wrong >= FREE_TRIES:
            self.wrong = 0
            self.locked_until = now + WAIT_SECONDS
