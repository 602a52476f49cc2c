"""The lesson file schema: exported by `sq-edu lesson-schema`, agreeing with the loader, and
errors that name the file and the line."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from sq_edu.cli import main
from sq_edu.practice.lesson import read_toml
from sq_edu.practice.lesson_schema import check_lesson_text, lesson_schema
from sq_edu.practice.toml_lines import line_of

LESSONS = sorted((Path(__file__).resolve().parents[2] / "lessons").glob("*.toml"))
GOOD = (Path(__file__).resolve().parents[2] / "lessons" / "chances.toml").read_text("utf-8")


def _errors(text: str) -> list[str]:
    validator = jsonschema.Draft202012Validator(lesson_schema())
    return [e.message for e in validator.iter_errors(read_toml(text))]


def test_the_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(lesson_schema())


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_every_shipped_lesson_passes_the_schema_and_the_check(path: Path) -> None:
    text = path.read_text("utf-8")
    assert _errors(text) == []
    ok, lines = check_lesson_text(text, path.name)
    assert ok and "ready" in lines[0]


# Mistakes a teacher makes; the loader and the schema must both refuse each.
BROKEN = {
    "out_of_range": ("to_turn = 20", "to_turn = 200"),
    "wrong_type": ("to_turn = 20", 'to_turn = "twenty"'),
    "unknown_param": ("to_turn = 20", "to_turn = 20, turns = 3"),
    "unknown_generator": ('generator = "chances.words"', 'generator = "chances.wordz"'),
    "missing_russian": ('ru = "Какие шансы?"', ""),
    "wrong_version": ("schema_version = 1", "schema_version = 2"),
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_the_loader_and_the_schema_refuse_the_same_mistakes(name: str) -> None:
    old, new = BROKEN[name]
    assert old in GOOD
    text = GOOD.replace(old, new, 1)
    assert _errors(text), f"the schema lets {name} through"
    ok, lines = check_lesson_text(text, "mine.toml", "ru")
    assert not ok and lines[0].startswith("Файл урока mine.toml:")


def test_an_error_names_the_line_it_is_on() -> None:
    text = GOOD.replace("to_turn = 20", "to_turn = 200", 1)
    line = next(n for n, s in enumerate(text.splitlines(), 1) if "to_turn = 200" in s)
    ok, lines = check_lesson_text(text, "mine.toml")
    assert not ok and lines == [lines[0]] and f"mine.toml:{line}:" in lines[0]
    assert "levels[3].params.to_turn" in lines[0]


@pytest.mark.parametrize(("field", "needle"), [
    ("id", 'id = "chances"'), ("title.ru", 'ru = "Какие шансы?"'),
    ("levels[2].generator", 'generator = "chances.next_card"'),
    ("levels[3].params.cards", "from_turn = 2, to_turn = 20"), ("curriculum.fgos", "fgos ="),
])
def test_line_of_finds_fields_in_tables_blocks_and_inline_tables(field: str, needle: str) -> None:
    lines = GOOD.splitlines()
    assert needle in lines[line_of(GOOD, field) - 1]


def test_the_command_writes_the_schema_an_editor_reads(tmp_path: Path, capsys) -> None:
    out = tmp_path / "lesson.schema.json"
    assert main(["lesson-schema", "-o", str(out)]) == 0
    assert json.loads(out.read_text("utf-8")) == lesson_schema()
    bad = tmp_path / "bad.toml"
    bad.write_text("#:schema ./lesson.schema.json\n" + GOOD.replace("to_turn = 20",
                                                                     "to_turn = 200", 1), "utf-8")
    assert main(["check-lesson", str(bad)]) == 1
    assert "bad.toml:" in capsys.readouterr().err
    good = tmp_path / "good.toml"
    good.write_text("#:schema ./lesson.schema.json\n" + GOOD, "utf-8")
    assert main(["check-lesson", str(good)]) == 0
