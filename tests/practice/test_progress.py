"""The progress store writes atomically, survives crashes, and never silently loses a file."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sq_edu.practice import progress as progress_module
from sq_edu.practice.progress import (
    MAX_BYTES,
    Progress,
    ProgressError,
    ProgressStore,
    clean_nickname,
)


def learner(name: str = "fox", answers: int = 3) -> Progress:
    p = Progress(name)
    for _ in range(answers):
        p.mastery.record("equations", 1, "pairs", True, 0, levels=7)
    return p


def test_save_and_load(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "p.json")
    assert store.load() == Progress() and store.problem is None
    store.save(learner())
    assert store.load() == learner()
    assert json.loads((tmp_path / "p.json").read_text())["nickname"] == "fox"


def test_crash_mid_write_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.save(learner(answers=1))
    old = path.read_bytes()

    def crash(*_args: object) -> None:
        raise OSError("power cut")

    monkeypatch.setattr(progress_module.os, "replace", crash)
    with pytest.raises(OSError, match="power cut"):
        store.save(learner(answers=5))
    monkeypatch.undo()
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []
    assert store.load() == learner(answers=1)


def test_truncated_file_is_kept_aside_and_the_last_good_copy_restored(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.save(learner(answers=1))
    store.save(learner(answers=2))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    loaded = store.load()
    assert loaded == learner(answers=1)   # the backup holds the save before the last
    assert store.problem.key == "practice.progress_recovered"
    aside = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == data[: len(data) // 2]
    assert aside[0].name in store.problem.render("en")
    assert ProgressStore(path).load() == learner(answers=1)


def test_foreign_file_without_backup_is_reported_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text('{"some": "other app"}')
    store = ProgressStore(path)
    assert store.load() == Progress()
    assert store.problem.key == "practice.progress_corrupt"
    aside = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert aside and aside[0].read_text() == '{"some": "other app"}'
    assert not path.exists()


def test_export_import_round_trip(tmp_path: Path) -> None:
    source = ProgressStore(tmp_path / "a.json")
    data = source.export_bytes(learner("owl", 4))
    target = ProgressStore(tmp_path / "b.json")
    target.save(learner("cat", 1))
    assert target.import_bytes(data) == learner("owl", 4)
    assert target.load() == learner("owl", 4)
    assert ProgressStore(tmp_path / "b.json").backup_path.exists()


@pytest.mark.parametrize("data", [
    b"", b"\xff\xfe", b"[1, 2]", b'{"format": "sq_edu.progress", "version": 99}',
    b'{"format": "sq_edu.progress", "version": 1, "nickname": 5}',
    b'{"format": "sq_edu.progress", "version": 1, "mastery": {"clock": "x"}}',
    b'{"format": "sq_edu.progress", "version": 1, "mastery": {"skills": {"a": {"hack": 1}}}}',
    b"[" * 100000,
    b'{"format": "sq_edu.progress", "version": 1, "mastery": null}',
    b'{"format": "sq_edu.progress", "version": 1, "mastery": []}',
    b'{"format": "sq_edu.progress", "version": 1, "mastery": "x"}',
])
def test_import_refuses_what_is_not_ours(tmp_path: Path, data: bytes) -> None:
    store = ProgressStore(tmp_path / "p.json")
    with pytest.raises(ProgressError) as info:
        store.import_bytes(data)
    assert info.value.msg.render("ru")
    assert not (tmp_path / "p.json").exists()


def test_import_size_limit(tmp_path: Path) -> None:
    with pytest.raises(ProgressError) as info:
        ProgressStore(tmp_path / "p.json").import_bytes(b" " * (MAX_BYTES + 1))
    assert info.value.msg.key == "practice.progress_too_big"


def test_nicknames() -> None:
    assert clean_nickname("  Fox 7 ") == "Fox 7"
    assert clean_nickname("Лиса") == "Лиса"
    for bad in ("", " ", "x" * 31, "<script>", "a/b"):
        with pytest.raises(ProgressError):
            clean_nickname(bad)


def test_save_is_fsynced(tmp_path: Path, monkeypatch) -> None:
    synced: list[int] = []
    real = os.fsync
    monkeypatch.setattr(progress_module.os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    ProgressStore(tmp_path / "p.json").save(learner())
    assert synced


def test_a_damaged_file_that_cannot_be_moved_aside_is_still_reported(
        tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "p.json"
    path.write_text("{ broken")

    def read_only(*_args: object) -> None:
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(progress_module.os, "replace", read_only)
    store = ProgressStore(path)
    assert store.load() == Progress()
    assert store.problem is not None and store.problem.key == "practice.progress_corrupt"
    assert path.read_text() == "{ broken"   # left as it was, never overwritten silently


def test_a_restored_copy_that_cannot_be_written_back_is_still_loaded(
        tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "p.json"
    store = ProgressStore(path)
    store.save(learner(answers=1))
    store.save(learner(answers=2))     # the first save is now the .bak
    path.write_text("{ broken")

    def disk_full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(progress_module, "atomic_write", disk_full)
    assert store.load() == learner(answers=1)
    assert store.problem is not None and store.problem.key == "practice.progress_recovered"


def test_a_step_back_saved_answer_by_answer_keeps_its_warm_up(tmp_path: Path) -> None:
    """The lesson saves after every answer, replaying it onto the file from the level it was
    given at: three misses at level 3 leave the file warming up at level 2, and the warm-up's
    two right answers bring it back to level 3, as in the tab."""
    from sq_edu.practice.progress import Attempt

    store = ProgressStore(tmp_path / "p.json")
    tab = Progress("fox")
    tab.mastery.choose_level("equations", 3)
    store.save(tab)
    on_file = []
    for level, correct in [(3, False)] * 3 + [(2, True)] * 2:
        started = {"equations": tab.mastery.lesson("equations").level}
        tab.mastery.record("equations", level, "pairs", correct, 0, levels=7)
        tab = store.commit(tab, [Attempt("equations", level, "pairs", correct, 0, 7)], started)
        rec = store.load().mastery.lesson("equations")
        on_file.append((rec.level, rec.warm_up_for))
    assert on_file == [(3, 0), (3, 0), (2, 3), (2, 3), (3, 0)]
