"""Lessons as data: the typed loader for `lessons/*.toml`.

A teacher edits a lesson file without touching Python, so every mistake in it must come back as
one clear sentence naming the file, the field and what was expected. One broken file never
stops the other lessons from loading. Validation is written by hand (no schema dependency); the
generator names and parameters come from the registry in `generators/`.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TypeVar

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]  # tomli is tomllib's backport for Python 3.10

from sq_edu.i18n import LANGS, normalize_lang
from sq_edu.i18n import t as _t
from sq_edu.practice.generators import GENERATORS
from sq_edu.practice.messages import Msg, msg
from sq_edu.practice.toml_lines import line_of

_T = TypeVar("_T")

SCHEMA_VERSION = 1
MIN_LEVELS = 3
CURRICULA: tuple[str, ...] = ("common_core", "fgos")
_ID = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
log = logging.getLogger(__name__)


class LessonError(ValueError):
    """A lesson file that cannot be used: which file, which field, what was expected."""

    def __init__(self, file: str, field: str, expected: Msg, got: object = None,
                 line: int | None = None) -> None:
        self.file, self.field, self.got, self.line = file, field, got, line
        self.expected_msg = expected
        self.expected = expected.render("en")
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        """The whole sentence in `lang` (teachers edit lessons in either language)."""
        return self.msg.render(lang)

    @property
    def msg(self) -> Msg:
        """The whole sentence as the package's deferred message."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        if self.got is None:
            return msg("practice.lesson_error_missing", file=where, field=self.field,
                       expected=self.expected_msg, got="")
        return msg("practice.lesson_error", file=where, field=self.field,
                   expected=self.expected_msg, got=_Described(self.got))


@dataclass(frozen=True)
class _Described:
    """A wrong value from a lesson file, described in the reader's language."""

    value: object

    def render(self, lang: str = "en") -> str:
        return describe_value(self.value, lang)


@dataclass(frozen=True)
class Text:
    """A text in every language of the package."""

    en: str
    ru: str

    def get(self, lang: str = "en") -> str:
        return str(getattr(self, normalize_lang(lang)))

    def render(self, lang: str = "en") -> str:
        """Like `Msg.render`, so a lesson-file text can be a message parameter."""
        return self.get(lang)


@dataclass(frozen=True)
class Level:
    number: int                          # 1-based, as children and teachers count
    title: Text
    skill: str
    generator: str
    params: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    schema_version: int
    id: str
    title: Text
    intro: Text
    skills: tuple[str, ...]
    curriculum: Mapping[str, tuple[str, ...]]
    levels: tuple[Level, ...]
    source: str = ""

    def skill_title(self, skill: str, lang: str) -> str:
        """A skill as children and teachers read it: the title of its first level."""
        return next((lv.title.get(lang) for lv in self.levels if lv.skill == skill), skill)

    def level(self, number: int) -> Level:
        """Level `number` (1-based); a clear error names the levels there are."""
        if not 1 <= number <= len(self.levels):
            raise ValueError(f"lesson {self.id!r} has levels 1..{len(self.levels)}, not {number}")
        return self.levels[number - 1]


@dataclass
class LessonSet:
    """The lessons that loaded, and an error for every file that did not."""

    lessons: dict[str, Lesson] = field(default_factory=dict)
    errors: list[LessonError] = field(default_factory=list)


def read_toml(text: str) -> dict[str, object]:
    """TOML text as the dict a lesson file is (tomllib.TOMLDecodeError if it is not TOML)."""
    return tomllib.loads(text)


def parse_lesson(text: str, source: str = "<lesson>") -> Lesson:
    """A lesson from TOML text; LessonError for anything that is not right."""
    try:
        data = read_toml(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(source, "(file)", expect("toml", error=str(exc))) from exc
    try:
        return _lesson(data, source)
    except LessonError as err:
        if err.line is None:  # the same error, now with the line of the field in the file
            raise LessonError(err.file, err.field, err.expected_msg, err.got,
                              line_of(text, err.field)) from None
        raise


def load_lesson_file(path: Path | Traversable) -> Lesson:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(path.name, "(file)", expect("file", error=str(exc))) from exc
    return parse_lesson(text, path.name)


def lesson_files(folder: Path | Traversable | None = None) -> list[Path | Traversable]:
    """Lesson files, sorted: from `folder`, else the package's lessons, else the repo folder."""
    if folder is None:
        folder = lessons_folder()
    return sorted((p for p in folder.iterdir() if p.name.endswith(".toml")),
                  key=lambda p: p.name)


def lessons_folder() -> Path | Traversable:
    """`sq_edu/lessons` in a wheel; `lessons/` at the repo root in an editable install."""
    packaged = resources.files("sq_edu") / "lessons"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "lessons"


def load_lessons(folder: Path | Traversable | None = None) -> LessonSet:
    """Every lesson that validates; the others are reported in `.errors` and logged."""
    result = LessonSet()
    for path in lesson_files(folder):
        try:
            lesson = load_lesson_file(path)
            if lesson.id in result.lessons:
                raise LessonError(path.name, "id", expect("unique_id"), lesson.id)
        except LessonError as exc:
            log.warning("lesson not loaded: %s", exc)
            result.errors.append(exc)
            continue
        result.lessons[lesson.id] = lesson
    return result


def get_lesson(lesson_id: str, folder: Path | Traversable | None = None) -> Lesson:
    """One shipped lesson by id; KeyError lists the ids there are.

    Its own file `<id>.toml` is read alone when it holds that lesson, so a lesson page loads
    neither the other lessons nor their generators; otherwise every file is looked through.
    """
    own = (lessons_folder() if folder is None else folder) / f"{lesson_id}.toml"
    if _ID.match(lesson_id) and own.is_file():
        lesson = load_lesson_file(own)
        if lesson.id == lesson_id:
            return lesson
    lessons = load_lessons(folder).lessons
    if lesson_id not in lessons:
        raise KeyError(f"no lesson {lesson_id!r}; there are: {', '.join(sorted(lessons))}")
    return lessons[lesson_id]


# --- validation -------------------------------------------------------------------------------

_KINDS = {bool: "bool", int: "whole", float: "decimal", str: "text", list: "list", dict: "table"}


def describe_value(value: object, lang: str = "en") -> str:
    """What a lesson file holds, in words: "a text 'percents'", "a list of 2"."""
    kind = _KINDS.get(type(value), "other")
    if isinstance(value, (list, dict)):
        return _t(f"practice.got_{kind}", lang, n=len(value))
    shown = repr(value)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return _t(f"practice.got_{kind}", lang, value=shown)


def expect(key: str, **params: object) -> Msg:
    """What a field should be, as a message (rendered in the reader's language)."""
    return msg(f"practice.expect_{key}", **params)


class _Reader:
    """Reads typed fields out of a TOML table, raising LessonError with the field's path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, expected: Msg, got: object = None) -> LessonError:
        return LessonError(self.source, where, expected, got)

    def get(self, table: Mapping[str, object], key: str, where: str, kind: type[_T],
            expected: Msg) -> _T:
        if key not in table:
            raise self.fail(where, expected)
        value = table[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise self.fail(where, expected, value)
        return value

    def text(self, table: Mapping[str, object], key: str, where: str) -> Text:
        expected = expect("texts", langs=", ".join(LANGS))
        value = self.get(table, key, where, dict, expected)
        texts: dict[str, str] = {}
        for lang in LANGS:
            item = value.get(lang)
            if not isinstance(item, str) or not item.strip():
                raise self.fail(f"{where}.{lang}", expect("text"), item)
            texts[lang] = item.strip()
        return Text(**texts)

    def words(self, table: Mapping[str, object], key: str, where: str) -> tuple[str, ...]:
        value = self.get(table, key, where, list, expect("words"))
        if not value or not all(isinstance(v, str) and v.strip() for v in value):
            raise self.fail(where, expect("words"), value)
        return tuple(v.strip() for v in value)


def _lesson(data: Mapping[str, object], source: str) -> Lesson:
    r = _Reader(source)
    version = r.get(data, "schema_version", "schema_version", int,
                    expect("number", n=SCHEMA_VERSION))
    if version != SCHEMA_VERSION:
        raise r.fail("schema_version", expect("number", n=SCHEMA_VERSION), version)
    lesson_id = r.get(data, "id", "id", str, expect("id"))
    if not _ID.match(lesson_id):
        raise r.fail("id", expect("id"), lesson_id)
    skills = r.words(data, "skills", "skills")
    curriculum_table = r.get(data, "curriculum", "curriculum", dict,
                             expect("curriculum", names=", ".join(CURRICULA)))
    curriculum = {name: r.words(curriculum_table, name, f"curriculum.{name}")
                  for name in CURRICULA}
    raw_levels = r.get(data, "levels", "levels", list, expect("levels", n=MIN_LEVELS))
    if len(raw_levels) < MIN_LEVELS:
        raise r.fail("levels", expect("levels", n=MIN_LEVELS), raw_levels)
    levels = tuple(_level(r, raw, n, skills) for n, raw in enumerate(raw_levels, 1))
    return Lesson(schema_version=version, id=lesson_id, title=r.text(data, "title", "title"),
                  intro=r.text(data, "intro", "intro"), skills=skills, curriculum=curriculum,
                  levels=levels, source=source)


def _level(r: _Reader, raw: object, number: int, skills: Iterable[str]) -> Level:
    where = f"levels[{number}]"
    if not isinstance(raw, dict):
        raise r.fail(where, expect("level"), raw)
    skill_expected = expect("skill", skills=", ".join(skills))
    skill = r.get(raw, "skill", f"{where}.skill", str, skill_expected)
    if skill not in skills:
        raise r.fail(f"{where}.skill", skill_expected, skill)
    name = raw.get("generator")
    if not isinstance(name, str) or name not in GENERATORS:  # loads that family only
        raise r.fail(f"{where}.generator",
                     expect("one_of", choices=", ".join(sorted(GENERATORS))), name)
    spec = GENERATORS[name]
    params = raw.get("params", {})
    if not isinstance(params, dict):
        raise r.fail(f"{where}.params", expect("params"), params)
    for key, value in params.items():
        if key not in spec.params:
            known = ", ".join(sorted(spec.params)) or "-"
            raise r.fail(f"{where}.params.{key}", expect("param_of", generator=name, names=known),
                         value)
        if not spec.params[key].accepts(value):
            raise r.fail(f"{where}.params.{key}", spec.params[key].describe(), value)
    return Level(number=number, title=r.text(raw, "title", f"{where}.title"), skill=skill,
                 generator=name, params=spec.with_defaults(params))
