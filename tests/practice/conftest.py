"""Shared fixtures for the practice tests: the shipped lessons, loaded once."""

from __future__ import annotations

import pytest

from sq_edu.practice.lesson import Lesson, load_lessons


@pytest.fixture(scope="session")
def lessons() -> dict[str, Lesson]:
    loaded = load_lessons()
    assert not loaded.errors, [str(e) for e in loaded.errors]
    return loaded.lessons
