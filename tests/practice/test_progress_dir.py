"""The progress folder: where it is, one safe file name per learner, what a teacher can list."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sq_edu.cli import build_parser, serve_command
from sq_edu.practice.progress import (
    MAX_FILE_STEM,
    Progress,
    ProgressError,
    ProgressStore,
    default_progress_dir,
    learner_file_name,
    learner_files,
)


def test_the_environment_variable_wins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQ_EDU_PROGRESS_DIR", str(tmp_path / "class 5b"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_progress_dir() == tmp_path / "class 5b"


def test_xdg_data_home_then_the_home_folder(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SQ_EDU_PROGRESS_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_progress_dir() == tmp_path / "xdg" / "sq_edu" / "progress"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")   # the XDG spec says ignore it
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_progress_dir() == tmp_path / "home" / ".local" / "share" / "sq_edu" / "progress"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_progress_dir() == tmp_path / "home" / ".local" / "share" / "sq_edu" / "progress"


def test_asking_for_the_folder_creates_nothing(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQ_EDU_PROGRESS_DIR", str(tmp_path / "later"))
    default_progress_dir()
    assert not (tmp_path / "later").exists()


@pytest.mark.parametrize(("a", "b"), [("Masha", "masha"), ("MASHA K", "masha k"),
                                      ("Маша", "МАША"), ("Masha K", "masha.k"),
                                      ("Straße", "STRASSE"), ("ｍａｓｈａ", "masha")])
def test_one_learner_whatever_the_case(a: str, b: str) -> None:
    assert learner_file_name(a) == learner_file_name(b)


@pytest.mark.parametrize(("nickname", "expected"), [
    ("Fox", "fox.json"), ("Маша", "маша.json"), ("Red-Fox 2", "red-fox_2.json"),
    ("a..", "a__.json"), ("x.json", "x_json.json"), ("Con", "con_.json"), ("lpt1", "lpt1_.json"),
])
def test_file_names_are_readable_and_safe(nickname: str, expected: str) -> None:
    assert learner_file_name(nickname) == expected


@pytest.mark.parametrize("text", ["../etc/passwd", "a/b", "a\\b", "..", ".hidden", "", "   ",
                                  "x" * 31, "nul\x00", "<b>"])
def test_anything_that_is_not_a_nickname_gets_no_file(text: str) -> None:
    with pytest.raises(ProgressError) as info:
        learner_file_name(text)
    assert info.value.msg.key == "practice.progress_bad_nickname"


def test_long_names_are_bounded_and_stay_distinct() -> None:
    # NFKC turns this one letter into 18 characters: the stem is cut and keeps a hash.
    long_a, long_b = "ﷺ" * 30, "ﷺ" * 29 + "ب"   # one alphabet (Arabic)
    name_a, name_b = learner_file_name(long_a), learner_file_name(long_b)
    assert len(name_a.removesuffix(".json").encode("utf-8")) <= MAX_FILE_STEM
    assert name_a != name_b
    assert len(learner_file_name("q" * 30)) == 35   # short names are not touched


def test_every_file_lands_inside_the_folder(tmp_path: Path) -> None:
    for nickname in ["Fox", "Маша", "a.b", "_", "_-x", "ﷺ" * 30]:
        store = ProgressStore.for_learner(nickname, tmp_path)
        assert store.path.parent == tmp_path
        assert not store.path.name.startswith((".", "-"))
        store.save(Progress(nickname))
        assert store.load().nickname == nickname


def test_for_learner_uses_the_default_folder(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SQ_EDU_PROGRESS_DIR", str(tmp_path))
    assert ProgressStore.for_learner("Owl").path == tmp_path / "owl.json"


def test_learner_files_lists_only_learners(tmp_path: Path) -> None:
    for name in ["Fox", "Owl"]:
        store = ProgressStore.for_learner(name, tmp_path)
        store.save(Progress(name))
        store.save(Progress(name))              # second save leaves a .bak
    (tmp_path / "owl.unreadable-20261130-101500.json").write_text("{")
    (tmp_path / ".fox.json.123.tmp").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert [p.name for p in learner_files(tmp_path)] == ["fox.json", "owl.json"]
    assert learner_files(tmp_path / "missing") == []


def test_serve_gives_the_kernels_the_progress_folder(tmp_path: Path) -> None:
    args = build_parser().parse_args(["serve", "--progress-dir", str(tmp_path / "5b")])
    _, env = serve_command(args)
    assert env["SQ_EDU_PROGRESS_DIR"] == str(tmp_path / "5b")
    relative = build_parser().parse_args(["serve", "--progress-dir", "class"])
    assert serve_command(relative)[1]["SQ_EDU_PROGRESS_DIR"] == os.path.abspath("class")
    _, default_env = serve_command(build_parser().parse_args(["serve"]))
    assert default_env.get("SQ_EDU_PROGRESS_DIR") == os.environ.get("SQ_EDU_PROGRESS_DIR")
