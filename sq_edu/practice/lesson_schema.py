"""The lesson file format as a JSON Schema, and where in a file a field is written.

`lesson_schema()` is built from the same constants and generator registry the lesson loader
checks against (`practice/lesson.py`), so the two cannot drift apart. `sq-edu lesson-schema`
writes it out: an editor with a TOML language server (Even Better TOML, Taplo) then underlines a
mistake while a teacher writes the lesson (docs/your_own_lesson.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sq_edu.i18n import LANGS, t
from sq_edu.practice.generators import GENERATORS, Param
from sq_edu.practice.lesson import (
    CURRICULA,
    MIN_LEVELS,
    SCHEMA_VERSION,
    LessonError,
    parse_lesson,
    read_toml,
)
from sq_edu.practice.toml_lines import line_of

SCHEMA_ID = "https://sq-edu.invalid/lesson.schema.json"  # a name, not a place to fetch from
_JSON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string",
               list: "array", dict: "object"}


def _texts() -> dict[str, Any]:
    """A text in every language the lessons are written in."""
    return {"type": "object", "required": list(LANGS), "additionalProperties": False,
            "properties": {lang: {"type": "string", "minLength": 1} for lang in LANGS}}


def _param(param: Param) -> dict[str, Any]:
    kinds = param.kind if isinstance(param.kind, tuple) else (param.kind,)
    types = sorted({_JSON_TYPES[k] for k in kinds if k in _JSON_TYPES})
    schema: dict[str, Any] = {"type": types[0] if len(types) == 1 else types}
    if param.default is not None:
        schema["default"] = param.default
    if param.choices:
        if list in kinds:
            schema["items"] = {"enum": list(param.choices)}
        else:
            schema["enum"] = list(param.choices)
    if param.low is not None:
        schema["minimum"] = param.low
    if param.high is not None:
        schema["maximum"] = param.high
    return schema


def _level() -> dict[str, Any]:
    """One level: a generator by name, and only that generator's parameters."""
    by_generator = [
        {"if": {"properties": {"generator": {"const": name}}},
         "then": {"properties": {"params": {
             "type": "object", "additionalProperties": False,
             "properties": {key: _param(p) for key, p in sorted(gen.params.items())}}}}}
        for name, gen in sorted(GENERATORS.items())]
    return {
        "type": "object",
        "required": ["title", "skill", "generator"],
        "properties": {
            "title": _texts(),
            "skill": {"type": "string", "description": "one of the lesson's `skills`"},
            "generator": {"enum": sorted(GENERATORS)},
            "params": {"type": "object"},
        },
        "allOf": by_generator,
    }


def lesson_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a lesson file, TOML read as JSON."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "sq_edu lesson",
        "description": "A lesson file of sq_edu (docs/your_own_lesson.md).",
        "type": "object",
        "required": ["schema_version", "id", "title", "intro", "skills", "curriculum",
                     "levels"],
        "properties": {
            "schema_version": {"const": SCHEMA_VERSION},
            "id": {"type": "string", "pattern": "^[a-z][a-z0-9_]{0,39}$"},
            "title": _texts(),
            "intro": _texts(),
            "skills": {"type": "array", "minItems": 1,
                       "items": {"type": "string", "minLength": 1}},
            "curriculum": {"type": "object", "required": list(CURRICULA),
                           "properties": {name: {"type": "array", "minItems": 1,
                                                 "items": {"type": "string", "minLength": 1}}
                                          for name in CURRICULA}},
            "levels": {"type": "array", "minItems": MIN_LEVELS, "items": _level()},
        },
    }


def _field(path: Iterable[object]) -> str:
    """A JSON path as the loader names fields: ("levels", 3, "params") -> "levels[4].params"."""
    out = ""
    for part in path:
        out += f"[{part + 1}]" if isinstance(part, int) else f"{'.' if out else ''}{part}"
    return out


def check_lesson_text(text: str, source: str, lang: str = "en") -> tuple[bool, list[str]]:
    """The lesson check: the loader's verdict, then (where the `jsonschema` package is
    installed, as on every server) each place the file breaks the schema, with its line."""
    try:
        lesson = parse_lesson(text, source)
    except LessonError as err:
        return False, [err.message(lang)]
    lines = [t("cli.lesson_ok", lang, file=source, levels=len(lesson.levels))]
    try:
        import jsonschema
    except ImportError:  # the browser build: the loader's check above is the whole check
        return True, lines
    validator = jsonschema.Draft202012Validator(lesson_schema())
    problems = [t("cli.lesson_schema_problem", lang, file=source,
                  line=line_of(text, _field(e.absolute_path)) or 1,
                  where=_field(e.absolute_path) or "(file)", problem=e.message)
                for e in validator.iter_errors(read_toml(text))]
    return not problems, problems or lines
