"""Practice the teacher sends: stored per learner in the class folder, read back only for
that learner, and a bad or missing file is no suggestion (never an error)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sq_edu.practice.classroom.live import class_folder, read_class
from sq_edu.practice.classroom.suggested import (
    FOLDER,
    Suggestion,
    practice_done,
    send_practice,
    suggestion_for,
)

SENT = Suggestion("chances", 2, "chance_count", "mistakes.words_reversed")


def test_sent_practice_reaches_exactly_the_named_learners(tmp_path: Path) -> None:
    reached = send_practice(tmp_path, "5b", ["Ana", "Боря"], SENT, now=1000.0)
    assert reached == ["Ana", "Боря"]
    for name in ("Ana", "ana", "Боря"):
        found = suggestion_for(tmp_path, "5b", name)
        assert found == Suggestion("chances", 2, "chance_count", "mistakes.words_reversed",
                                   1000.0)
    assert suggestion_for(tmp_path, "5b", "Cleo") is None       # another learner: nothing
    assert suggestion_for(tmp_path, "6a", "Ana") is None        # another class: nothing
    assert suggestion_for(tmp_path, "5b", "") is None
    assert suggestion_for(None, "5b", "Ana") is None
    assert read_class(tmp_path, "5b") == []   # the live view's activity files are apart
    practice_done(tmp_path, "5b", "Ana")
    assert suggestion_for(tmp_path, "5b", "Ana") is None
    assert suggestion_for(tmp_path, "5b", "Боря") is not None


def test_a_newer_suggestion_replaces_the_older(tmp_path: Path) -> None:
    send_practice(tmp_path, "5b", ["Ana"], SENT)
    send_practice(tmp_path, "5b", ["Ana"], Suggestion("card_detective", 3, "counting_unseen"))
    found = suggestion_for(tmp_path, "5b", "Ana")
    assert found is not None and (found.lesson, found.level) == ("card_detective", 3)


@pytest.mark.parametrize("content", [
    b"", b"not json", b"[]", b'{"format": "sq_edu.suggestion"}',
    json.dumps({"format": "other", "lesson": "chances", "level": 2, "skill": "x"}).encode(),
    json.dumps({"format": "sq_edu.suggestion", "lesson": "chances", "level": "2",
                "skill": "x"}).encode(),
    json.dumps({"format": "sq_edu.suggestion", "lesson": "chances", "level": True,
                "skill": "x"}).encode(),
    json.dumps({"format": "sq_edu.suggestion", "lesson": "c" * 500, "level": 2,
                "skill": "x"}).encode(),
    b"\xff\xfe\x00",
    b"[" * 100_000,
])
def test_a_bad_file_is_no_suggestion(tmp_path: Path, content: bytes) -> None:
    path = class_folder(tmp_path, "5b") / FOLDER / "ana.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert suggestion_for(tmp_path, "5b", "Ana") is None


def test_a_folder_in_the_way_is_no_suggestion_and_no_send(tmp_path: Path) -> None:
    (class_folder(tmp_path, "5b") / FOLDER / "ana.json").mkdir(parents=True)
    assert suggestion_for(tmp_path, "5b", "Ana") is None
    assert send_practice(tmp_path, "5b", ["Ana", "Cleo"], SENT) == ["Cleo"]
    practice_done(tmp_path, "5b", "Ana")     # logged, not raised


def test_a_name_that_is_no_nickname_is_skipped(tmp_path: Path) -> None:
    assert send_practice(tmp_path, "5b", ["../x", "Ana"], SENT) in (["Ana"], ["../x", "Ana"])
    assert not (tmp_path / "x.json").exists()
    assert suggestion_for(tmp_path, "5b", "Ana") is not None
