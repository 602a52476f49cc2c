"""The teacher password: set once at `sq-edu serve`, kept only as a salted hash.

`sq-edu serve --teacher-password WORD` puts `hash_password(WORD)` (PBKDF2-SHA256, a random
salt) into the environment the kernels inherit; the teacher page asks for the password and
checks it with `check_password`. The word itself is never stored or logged. Wrong tries are
counted for the whole server (`sq_edu.practice.guess_limit`), so a child cannot guess through a
word list by opening fresh pages. `password_problem` refuses short and common words, names and
patterns, for the teacher password and the class password alike: at least 8 characters and a
zxcvbn score of 3 (Dropbox's strength estimator, a pure-Python dependency of the server extra,
with its 30,000 common passwords, names and keyboard patterns), plus words a class here tries
first. The teacher password needs a score of 4: a script that mints a fresh device for every
try gets 1,000-1,700 checked guesses a minute (docs/deploy.md, "Locks after wrong guesses"),
which finds the weakest score-3 word (10^8 guesses) in about 40 days, and the teacher page
opens every learner's record; score 4 (10^10) takes years.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from itertools import pairwise

from sq_edu.i18n import Msg, msg

TEACHER_KEY_ENV = "SQ_EDU_TEACHER_KEY"
SCHEME = "pbkdf2_sha256"
ITERATIONS = 200_000
MIN_LENGTH = 8
MIN_SCORE = 3   # zxcvbn's "safely unguessable": at least 10^8 guesses by its estimate
TEACHER_MIN_SCORE = 4   # "very unguessable": at least 10^10 guesses
# Words a class would try first that the estimator's English lists miss (lower case, spaces
# ignored); the estimator (`zxcvbn`, the server extra) judges everything else.
COMMON_WORDS = frozenset({
    "password", "password1", "passw0rd", "qwertyui", "qwerty123", "12345678", "123456789",
    "1234567890", "87654321", "11111111", "00000000", "abcdefgh", "abcd1234", "iloveyou",
    "sunshine", "princess", "football", "baseball", "welcome", "letmein1", "trustno1", "superman",
    "starwars", "dragon123", "monkey123", "teacher1", "teacher123", "teachers", "school123",
    "schoolpass", "classroom", "classpass", "children", "students", "student1", "sleepingqueens",
    "sleepingqueen", "queens123", "пароль123", "йцукенгш", "учитель1", "учитель123", "школа123",
    "qwertyuiop",
})
# Words of this very server, which a class guesses first (the class code is added).
SERVER_WORDS = ("sleeping", "queens", "sq-edu", "class", "teacher", "school", "lesson",
                "пароль", "класс", "учитель", "школа", "урок")


def password_problem(word: str, *related: str, min_score: int = MIN_SCORE) -> Msg | None:
    """Why `word` is too weak for a class password (or, with `min_score=TEACHER_MIN_SCORE`,
    the teacher's) as a message of the `cli` catalogue, or None. `related`: words of this
    class (its code) that count as guessed first."""
    if len(word) < MIN_LENGTH:
        return msg("cli.password_short", n=MIN_LENGTH)
    folded = "".join(word.lower().split())
    if folded in COMMON_WORDS or len(set(folded)) <= 2:
        return msg("cli.password_common")
    if folded.isdigit() and all(int(b) - int(a) in (1, -1) for a, b in pairwise(folded)):
        return msg("cli.password_common")
    try:   # the server extra; without it (a page, the site) the rules above alone
        from zxcvbn import zxcvbn
    except ImportError:
        return None
    score = zxcvbn(word[:100], user_inputs=[*SERVER_WORDS, *related])["score"]
    if score < MIN_SCORE:
        return msg("cli.password_common")
    if score < min_score:
        return msg("cli.password_guessable")
    return None


def hash_password(password: str, iterations: int = ITERATIONS) -> str:
    """`pbkdf2_sha256$<iterations>$<salt hex>$<hash hex>`; ValueError for a word too weak
    for a teacher password."""
    problem = password_problem(password, min_score=TEACHER_MIN_SCORE)
    if problem:
        raise ValueError(f"the teacher password is too easy to guess: {problem.render('en')}")
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
