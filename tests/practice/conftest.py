"""Shared fixtures for the practice tests: the shipped lessons, loaded once."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq_edu.practice.lesson import Lesson, load_lessons


@pytest.fixture(scope="session")
def lessons() -> dict[str, Lesson]:
    loaded = load_lessons()
    assert not loaded.errors, [str(e) for e in loaded.errors]
    return loaded.lessons


@pytest.fixture(autouse=True)
def progress_dir(tmp_path_factory: pytest.TempPathFactory,
                 monkeypatch: pytest.MonkeyPatch) -> Path:
    """Learners' files go to a fresh folder per test, never into the real home folder."""
    folder = tmp_path_factory.mktemp("progress")
    monkeypatch.setenv("SQ_EDU_PROGRESS_DIR", str(folder))
    return folder
