"""The dashboards there are and the settings a link to one carries: `?lang=ru&level=2&seed=12`.

One place for the page settings every layer agrees on: the deal numbers a link may name
(`MAX_SEED`), the one level policy (`clamp_level`: a level a lesson does not have becomes the
nearest it has), reading a query string (`parse_query`: checked, never trusted) and writing one
(`PageParams.to_query`). Apps (widgets), the lesson session (practice) and the Voila pages all
use it, so it sits at the bottom beside `sq_edu.i18n` and imports nothing else of the package.
How a kernel learns its page's query string is Voila's business: `sq_edu.pages.params`.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import ClassVar
from urllib.parse import parse_qs, quote, urlencode

from sq_edu.i18n import DEFAULT_LANG, LANGS, normalize_lang, t

# Dashboards in the order the index shows them; only those whose notebook exists are listed.
# The GitHub repository (owner/name) that Binder launches: every Binder link is built from it,
# the README's too (`python tools/readme_links.py` rewrites them after a change here).
BINDER_REPOSITORY = "sq-edu/sq_edu"
BINDER_HUB = "https://mybinder.org"


def binder_link(notebook: str, query: str = "", repository: str = BINDER_REPOSITORY) -> str:
    """A link that starts a fresh Binder session on the dashboard `notebook` with `query`
    (the way to share a lesson from Binder: the teacher's own session address is private)."""
    urlpath = f"voila/render/notebooks/{notebook}.ipynb" + (f"?{query}" if query else "")
    return f"{BINDER_HUB}/v2/gh/{repository}/HEAD?urlpath={quote(urlpath, safe='')}"


def on_binder(environ: dict[str, str] | None = None) -> bool:
    """True in a Binder session (BinderHub sets these variables for the session's server)."""
    env = os.environ if environ is None else environ
    return bool(env.get("BINDER_LAUNCH_HOST") or env.get("BINDER_REPO_URL"))


DASHBOARDS: tuple[str, ...] = (
    "equations",
    "card_detective",
    "chances",
    "queen_points",
    "play",
    "dungeon",
)
MAX_SEED = 999_999  # deal numbers are 0..MAX_SEED: every link names exactly one deal
MAX_LEVEL = 20      # no lesson has more levels; a bigger number is not a link a teacher made
MAX_QUERY = 2000    # characters; anything longer is not a link a teacher shared
DEFAULT_PORT = 8866  # where `sq-edu serve` (and `make serve`) listen unless told otherwise
_CLASS = re.compile(r"^[\w][\w\-]{0,29}$")


class ClassCodeError(ValueError):
    """A class code that is not 1-30 letters, digits, "-" or "_"."""


def clean_class_code(text: object) -> str:
    """The class code, stripped and case-folded ("5B" and "5b" are one class); "" is none.
    It names a folder (`sq_edu.practice.classroom`), so it is never a path."""
    code = str(text or "").strip()
    if not code:
        return ""
    if not _CLASS.match(code):
        raise ClassCodeError(f"class code {code!r}")
    return code.casefold()


def notebooks_dir() -> Path:
    """The dashboard notebooks: the repository's `notebooks/` or the copy inside the wheel."""
    repo = Path(__file__).resolve().parents[1] / "notebooks"
    if (repo / "index.ipynb").is_file():
        return repo
    return Path(str(resources.files("sq_edu") / "notebooks"))


# Lessons that live inside another dashboard: a link to the lesson opens that page.
LESSON_PAGES: dict[str, str] = {"dungeon_scoring": "dungeon"}


def page_of_lesson(lesson_id: str) -> str:
    """The dashboard that shows a lesson (most lessons have their own)."""
    return LESSON_PAGES.get(lesson_id, lesson_id)


def dashboards(folder: Path | None = None) -> list[str]:
    """Lesson dashboards that really exist, so the index never links to a missing page."""
    folder = folder or notebooks_dir()
    return [name for name in DASHBOARDS if (folder / f"{name}.ipynb").is_file()]


def _whole(value: object) -> int:
    """`int(value)` for what int() takes; TypeError (as int() gives) for anything else."""
    if isinstance(value, (str, bytes, bytearray, int, float)):
        return int(value)
    raise TypeError(f"not a whole number: {value!r}")


def wrap_seed(seed: object) -> int:
    """Any whole number as a deal number (the deal box and the apps wrap round, never refuse)."""
    return _whole(seed) % (MAX_SEED + 1)


def clamp_level(level: object, levels: int) -> int:
    """The one level policy: a level outside 1..`levels` becomes the nearest one there is
    (junk becomes 1). A page whose link asked for another level says so (`level_note`)."""
    try:
        number = _whole(level)
    except (TypeError, ValueError):
        number = 1
    return min(max(number, 1), max(levels, 1))


@dataclass(frozen=True)
class PageParams:
    """Checked page settings; `notes` are friendly message keys for values that were refused."""

    lang: str = DEFAULT_LANG
    seed: int | None = None
    level: int | None = None
    notes: tuple[str, ...] = field(default=())
    class_code: str = ""      # the class of a teacher's link ("": the server's class)
    fixed: bool = False       # the teacher's link fixes the level (a test)
    nickname: str = ""        # typed on the index: the lesson's nickname box starts with it
    MAX_SEED: ClassVar[int] = MAX_SEED      # the ranges every page setting is checked against
    MAX_LEVEL: ClassVar[int] = MAX_LEVEL

    def messages(self, lang: str | None = None) -> list[str]:
        """The refusal notes as sentences in the page language."""
        return [t(f"apps.{key}", lang or self.lang) for key in self.notes]

    def to_query(self) -> str:
        """The query string of a link with these settings (`lang=ru&level=2&seed=12`)."""
        values: dict[str, object] = {"lang": self.lang}
        if self.level is not None:
            values["level"] = self.level
        if self.seed is not None:
            values["seed"] = self.seed
        if self.class_code:
            values["class"] = self.class_code
        if self.fixed:
            values["fixed"] = 1
        if self.nickname:
            values["nickname"] = self.nickname
        return urlencode(values)

    def level_note(self, shown: int | None) -> tuple[str, ...]:
        """The notes, plus `bad_level` when the app shows another level than the link asked."""
        if (self.level is not None and shown is not None and shown != self.level
                and "bad_level" not in self.notes):
            return (*self.notes, "bad_level")
        return self.notes


MAX_NICKNAME = 40   # a prefilled nickname is at most this long (a nickname is shorter still)


def default_lang() -> str:
    """The server's default language (`sq-edu serve --lang ru` sets `SQ_EDU_LANG`)."""
    return normalize_lang(os.environ.get("SQ_EDU_LANG", DEFAULT_LANG))


def _int_in_range(text: str, low: int, high: int) -> int | None:
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        return None
    value = int(text)
    return value if low <= value <= high else None


def parse_query(query: str | None, default: str | None = None) -> PageParams:
    """Settings from a raw query string; a bad value falls back to the default with a note."""
    lang = default or default_lang()
    if not query:
        return PageParams(lang=lang)
    query = query.lstrip("?")
    notes: list[str] = ["long_link"] if len(query) > MAX_QUERY else []   # said, not dropped
    query = query[:MAX_QUERY]
    values = {key: items[-1] for key, items in parse_qs(query).items() if items}
    seed = level = None
    if "lang" in values:
        wanted = values["lang"].strip().lower()
        if wanted in LANGS:
            lang = wanted
        else:
            notes.append("bad_lang")
    if "seed" in values:
        seed = _int_in_range(values["seed"], 0, MAX_SEED)
        if seed is None:
            notes.append("bad_seed")
    if "level" in values:   # a number is taken under the one level policy, junk is refused
        asked = _int_in_range(values["level"], 0, 10**12)
        level = None if asked is None else clamp_level(asked, MAX_LEVEL)
        if asked is None or level != asked:
            notes.append("bad_level")
    class_code = ""
    if "class" in values:
        try:
            class_code = clean_class_code(values["class"])
        except ClassCodeError:
            notes.append("bad_class")
    fixed = values.get("fixed", "").strip().lower() in ("1", "true", "yes")
    nickname = " ".join(values.get("nickname", "").split())
    if len(nickname) > MAX_NICKNAME or not nickname.isprintable():
        nickname = ""   # only a prefill: the lesson checks a nickname when it is saved
    return PageParams(lang=lang, seed=seed, level=level, notes=tuple(notes),
                      class_code=class_code, fixed=fixed, nickname=nickname)
