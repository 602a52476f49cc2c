"""The teacher password: stored only as a salted hash, checked in constant time, never weak."""

from __future__ import annotations

import pytest

from sq_edu.i18n import msg
from sq_edu.practice.classroom.teacher_key import (
    TEACHER_MIN_SCORE,
    check_password,
    hash_password,
    password_problem,
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
    with pytest.raises(ValueError, match="fewer than 8 characters"):
        hash_password("abc")


@pytest.mark.parametrize("word", ["owls", "password", "PASSWORD", "pass word", "12345678",
                                  "98765432", "aaaaaaaa", "abababab", "пароль123",
                                  # the estimator's lists: the 44 words before it let these in
                                  "sunflower", "password1", "qwertyuiop123", "ilovesunshine",
                                  "michael1987", "dragonfly"])
def test_short_common_and_trivial_words_are_refused(word: str) -> None:
    assert password_problem(word) is not None
    with pytest.raises(ValueError, match="teacher password"):
        hash_password(word)


def test_the_class_code_and_the_servers_words_count_as_guessed_first() -> None:
    assert password_problem("5b5b5b5b", "5b") is not None
    assert password_problem("classteacher", "5b") is not None


@pytest.mark.parametrize("word", ["owls-at-noon", "mars rover 7", "Сова-ночью",
                                  "owls-fly-at-nine"])
def test_a_long_uncommon_word_is_accepted(word: str) -> None:
    assert password_problem(word) is None


@pytest.mark.parametrize("word", ["blue-cat-42", "Owls-9-pm", "Сова-ночью"])
def test_a_teacher_password_needs_the_top_score(word: str) -> None:
    """Score 3 will do for the class password, not for the one that opens every record."""
    assert password_problem(word) is None
    assert password_problem(word, min_score=TEACHER_MIN_SCORE) == msg("cli.password_guessable")
    with pytest.raises(ValueError, match="within weeks"):
        hash_password(word)
