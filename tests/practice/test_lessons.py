"""Shipped lessons validate; every kind of broken lesson file gets its own clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from sq_edu.practice.lesson import (
    MIN_LEVELS,
    LessonError,
    get_lesson,
    lessons_folder,
    load_lessons,
    parse_lesson,
)

SHIPPED = {"equations", "card_detective", "chances", "queen_points", "dungeon_scoring"}
GOOD = (Path(__file__).resolve().parents[2] / "lessons" / "queen_points.toml").read_text("utf-8")


def test_every_shipped_lesson_validates(lessons: dict) -> None:
    assert set(lessons) == SHIPPED
    for lesson in lessons.values():
        assert len(lesson.levels) >= MIN_LEVELS
        assert lesson.curriculum["common_core"] and lesson.curriculum["fgos"]
        assert {lv.skill for lv in lesson.levels} == set(lesson.skills), lesson.id
        assert lesson.title.get("ru") != lesson.title.get("en")


def test_curriculum_tags_named_in_the_brief(lessons: dict) -> None:
    tags = {tag for lesson in lessons.values() for tag in lesson.curriculum["common_core"]}
    assert {"1.OA.C.6", "1.OA.D.8", "7.SP.C.7"} <= tags
    assert all("ФГОС" in tag for lesson in lessons.values() for tag in lesson.curriculum["fgos"])


def test_lessons_are_found_from_the_package() -> None:
    folder = lessons_folder()
    assert any(p.name == "equations.toml" for p in folder.iterdir())
    assert get_lesson("chances").id == "chances"
    with pytest.raises(KeyError, match="equations"):
        get_lesson("no_such_lesson")


def _error(text: str) -> LessonError:
    with pytest.raises(LessonError) as info:
        parse_lesson(text, "broken.toml")
    return info.value


def test_bad_toml_names_the_file() -> None:
    err = _error('schema_version = 1\nid = "x\n')
    assert err.file == "broken.toml" and err.field == "(file)"
    assert "valid TOML" in str(err)


def test_missing_field() -> None:
    err = _error(GOOD.replace('id = "queen_points"\n', ""))
    assert err.field == "id" and err.got is None
    assert "is missing" in str(err) and "broken.toml" in str(err)


def test_wrong_type() -> None:
    err = _error(GOOD.replace("schema_version = 1", 'schema_version = "one"'))
    assert err.field == "schema_version" and err.got == "one"
    assert "should be the number 1" in str(err)


def test_unknown_generator_lists_the_known_ones() -> None:
    err = _error(GOOD.replace('generator = "queens.sum"', 'generator = "queens.summ"', 1))
    assert err.field == "levels[1].generator" and err.got == "queens.summ"
    assert "queens.sum" in err.expected and "equations.pair" in err.expected


def test_unknown_and_mistyped_parameters() -> None:
    err = _error(GOOD.replace("min_queens = 2, max_queens = 2", "min_queens = 2, maxqueens = 2"))
    assert err.field == "levels[1].params.maxqueens" and "max_queens" in err.expected
    err = _error(GOOD.replace("min_queens = 2, max_queens = 2", 'min_queens = "two"'))
    assert err.field == "levels[1].params.min_queens" and "whole number" in err.expected
    err = _error(GOOD.replace("goal = 40", "goal = 45"))
    assert err.field == "levels[4].params.goal" and "40" in err.expected


def test_missing_translation_and_undeclared_skill_and_too_few_levels() -> None:
    err = _error(GOOD.replace('ru = "Очки королев"\n', ""))
    assert err.field == "title.ru"
    err = _error(GOOD.replace('skill = "queen_sum"', 'skill = "queen_sums"', 1))
    assert err.field == "levels[1].skill" and "queen_sum" in err.expected
    head = GOOD.split("[[levels]]")
    err = _error("[[levels]]".join(head[:3]))
    assert err.field == "levels" and len(err.got) == 2
    assert "but it is a list of 2" in str(err)


def test_error_message_in_russian() -> None:
    err = _error(GOOD.replace('id = "queen_points"\n', ""))
    assert "Файл урока broken.toml" in err.message("ru")
    bad = GOOD.replace("goal = 40", "goal = 45")
    err = _error(bad)
    line = next(n for n, text in enumerate(bad.splitlines(), 1) if "goal = 45" in text)
    assert err.line == line
    assert err.message("ru") == (f"Файл урока broken.toml:{line}: в поле «levels[4].params.goal» "
                                 "нужно: целое число (одно из: 40, 50), а там число 45.")


def test_one_broken_file_does_not_stop_the_others(tmp_path: Path) -> None:
    (tmp_path / "a_good.toml").write_text(GOOD, "utf-8")
    (tmp_path / "b_bad.toml").write_text("schema_version = [", "utf-8")
    (tmp_path / "c_dup.toml").write_text(GOOD, "utf-8")
    (tmp_path / "notes.txt").write_text("not a lesson", "utf-8")
    loaded = load_lessons(tmp_path)
    assert list(loaded.lessons) == ["queen_points"]
    assert [(e.file, e.field) for e in loaded.errors] == [("b_bad.toml", "(file)"),
                                                          ("c_dup.toml", "id")]


def test_lesson_guide_documents_every_generator_and_parameter() -> None:
    from sq_edu.practice import GENERATORS

    guide = (Path(__file__).resolve().parents[2] / "lessons" / "README.md").read_text("utf-8")
    rows = {line.split("|")[1].strip(" `"): line for line in guide.splitlines()
            if line.startswith("| `") and "." in line.split("|")[1]}
    assert set(rows) == set(GENERATORS)
    for name, spec in GENERATORS.items():
        for param in spec.params:
            assert f"`{param}`" in rows[name], f"{name}: {param} not documented"


def test_wheel_layout_is_preferred(tmp_path: Path, monkeypatch) -> None:
    """In a wheel, pyproject force-includes lessons/ as sq_edu/lessons: that copy is used."""
    from sq_edu.practice import lesson as lesson_module

    packaged = tmp_path / "sq_edu" / "lessons"
    packaged.mkdir(parents=True)
    (packaged / "queen_points.toml").write_text(GOOD, "utf-8")
    monkeypatch.setattr(lesson_module.resources, "files", lambda _pkg: tmp_path / "sq_edu")
    assert lessons_folder() == packaged
    assert list(load_lessons().lessons) == ["queen_points"]
