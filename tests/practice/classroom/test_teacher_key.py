"""The teacher password: stored only as a salted hash, checked in constant time, slowed down."""

from __future__ import annotations

import pytest

from sq_edu.practice.classroom.teacher_key import (
    FREE_TRIES,
    WAIT_SECONDS,
    Attempts,
    check_password,
    hash_password,
)


def test_hash_is_salted_and_checks_only_the_right_word() -> None:
    first, second = hash_password("owls-at-noon"), hash_password("owls-at-noon")
    assert first != second and "owls" not in first           # salted, word not stored
    assert check_password("owls-at-noon", first) and check_password("owls-at-noon", second)
    assert not check_password("owls-at-midnight", first)
    assert not check_password("owls-at-noon", "")
    assert not check_password("owls-at-noon", "md5$1$00$00")
    assert not check_password("owls-at-noon", "pbkdf2_sha256$x$zz$zz")


def test_too_short_a_password_is_refused() -> None:
    with pytest.raises(ValueError, match="at least"):
        hash_password("abc")


def test_a_run_of_wrong_tries_must_wait() -> None:
    tries = Attempts()
    for _ in range(FREE_TRIES - 1):
        tries.failed(now=100.0)
    assert tries.wait_left(now=100.0) == 0
    tries.failed(now=100.0)
    assert tries.wait_left(now=100.0) == WAIT_SECONDS
    assert tries.wait_left(now=100.0 + WAIT_SECONDS) == 0
