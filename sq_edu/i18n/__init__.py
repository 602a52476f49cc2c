"""Message catalogues (English and Russian) and the one function that looks messages up.

Catalogues live in `catalog/<area>.toml`, one file per area of the package, so that areas can
grow without stepping on each other. A key `equation_wrong` in `maths.toml` is looked up as
`t("maths.equation_wrong", lang, ...)`. An entry is a table with one string per language:

    [equation_wrong]
    en = "{left} makes {total}, not {claimed}"
    ru = "{left} — это {total}, а не {claimed}"

Where a message counts something, a language's value may be a table of plural forms chosen by
the parameter `n`: `en = {one = "{n} card", other = "{n} cards"}`,
`ru = {one = "{n} карта", few = "{n} карты", many = "{n} карт"}`.

`Msg(key, params)` is the one deferred message of the package: a key and its parameters, turned
into words only when shown (`render(lang)`), so an exercise, a refused move or a bad file can
be said in whichever language the learner has picked by then. Every layer's errors and verdicts
carry one (`IllegalMove.msg`, `IllegalPlay.msg`, `Verdict.msg`, `LessonError.msg`,
`ProgressError.msg`).
"""

from __future__ import annotations

import logging
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from importlib import resources

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]  # tomli is tomllib's backport for Python 3.10

LANGS: tuple[str, ...] = ("en", "ru")
DEFAULT_LANG = "en"
MINUS = "\u2212"  # the minus sign; a hyphen "-" only looks like one
log = logging.getLogger(__name__)


def normalize_lang(lang: object) -> str:
    """Any user-given language (`RU`, `ru-RU`, junk) to a supported one; junk gives English."""
    text = str(lang or "").strip().lower()[:2]
    return text if text in LANGS else DEFAULT_LANG


def require_lang(lang: object) -> str:
    """A language named in code (`HandView(lang="ru")`): "en" or "ru", any case, "ru-RU" too.

    Anything else is a ValueError: a typo that silently gave English would hide the mistake
    from the notebook's author. What a page link asks for stays friendly (`normalize_lang`,
    `sq_edu.links.parse_query`)."""
    if isinstance(lang, str):
        text = lang.strip().lower().replace("_", "-").split("-")[0]
        if text in LANGS:
            return text
    raise ValueError(f"unknown lang {lang!r}: sq_edu speaks {' and '.join(map(repr, LANGS))}")


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, object]]:
    """All entries of all catalogue files, keyed `area.key`."""
    entries: dict[str, dict[str, object]] = {}
    folder = resources.files(__package__) / "catalog"
    for item in sorted(folder.iterdir(), key=lambda p: p.name):
        if not item.name.endswith(".toml"):
            continue
        area = item.name[: -len(".toml")]
        data = tomllib.loads(item.read_text(encoding="utf-8"))
        for key, value in data.items():
            entries[f"{area}.{key}"] = value
    return entries


def plural_form(n: int, lang: str) -> str:
    """CLDR plural category for English and Russian cardinal numbers."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def t(key: str, lang: str = DEFAULT_LANG, /, **params: object) -> str:
    """The message `key` in `lang`, with `params` filled in.

    With `you=True` the message's form for the child's own seat (`en_you`, `ru_you`) is used
    where it has one: a verb agrees with its subject ("You take the trick", not "You takes").
    A missing key or language never breaks a lesson: it falls back to English, then to the key
    itself, and logs the gap (a test makes sure no shipped message has one).
    """
    lang = normalize_lang(lang)
    entry = catalog().get(key)
    if entry is None:
        log.error("missing message %s", key)
        return key
    value = entry.get(lang, entry.get(DEFAULT_LANG, key))
    if params.get("you") is True:   # the child is the subject: "You take", «Ты берёшь»
        value = entry.get(f"{lang}_you", value)
    if isinstance(value, dict):
        n = params.get("n", 0)
        count = int(n) if isinstance(n, (int, float, str, Fraction)) else 0
        value = value.get(plural_form(count, lang)) or next(iter(value.values()))
    values = {k: signed(v) for k, v in params.items()}
    try:
        return str(value).format(**values)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        log.exception("bad parameters for message %s (%s)", key, ", ".join(sorted(params)))
        return plain_sentence(str(value), values)


class _Forgiving(string.Formatter):
    """Fills what it can: an unknown format spec gives the plain value, a missing or
    malformed field gives nothing. Used only after the strict format failed (and logged)."""

    def get_field(self, field_name: str, args: object, kwargs: Mapping[str, object]
                  ) -> tuple[object, str]:
        try:
            found: tuple[object, str] = super().get_field(field_name, (), kwargs)
            return found
        except (KeyError, IndexError, AttributeError, ValueError, TypeError):
            return "", field_name

    def format_field(self, value: object, format_spec: str) -> str:
        try:
            return format(value, format_spec)
        except (ValueError, TypeError):
            return str(value)


def plain_sentence(text: str, values: Mapping[str, object]) -> str:
    """A message whose parameters did not fit, still as a sentence a child can read: never a
    raw `{placeholder}` on a page. Missing values leave a gap that is closed up."""
    try:
        filled = _Forgiving().vformat(text, (), values)
    except (ValueError, TypeError, IndexError, KeyError):  # unbalanced braces in the text
        filled = text
    filled = filled.replace("{", "").replace("}", "")
    filled = re.sub(r"[ \t]{2,}", " ", filled).strip()
    for mark in (" .", " ,", " …", " !", " ?", " :", " »"):
        filled = filled.replace(mark, mark.strip())
    return filled


def signed(value: object) -> object:
    """A negative number with the minus sign U+2212 ("−50"), which a hyphen only looks like: a
    screen reader says "minus" and a line never breaks after it. Other values pass through."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        return f"{MINUS}{-value}"
    return value


def placeholders(text: str) -> set[str]:
    """Names used in `{...}` fields of a message (for the catalogue consistency test)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@dataclass(frozen=True)
class Msg:
    """A catalogue key plus its parameters; `render(lang)` gives the text.

    A parameter may itself be anything with `render(lang)` (another `Msg`, a lesson text, cards
    in words: `sq_edu.practice.messages`), a `Fraction` ("3/20"), or a plain value.
    """

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def render(self, lang: str = DEFAULT_LANG) -> str:
        return t(self.key, lang, **{k: render_param(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.render(DEFAULT_LANG)


def msg(key: str, /, **params: object) -> Msg:
    """Shorthand: `msg("practice.correct")` instead of `Msg("practice.correct", {})`."""
    return Msg(key, params)


def render_param(value: object, lang: str) -> object:
    """One message parameter in words; plain numbers and strings pass through."""
    render = getattr(value, "render", None)
    if callable(render):
        return render(lang)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    return value
