"""A proofreader's checks for finished text, by class of fault rather than by string.

A teacher prints and projects what the package says, so a rendered line must never show a
catalogue key (`practice.card_knight`), an unfilled `{placeholder}`, an ASCII hyphen where a
minus sign or a dash is meant (`= -95`, `1-10`, `word - word`), or a step that says nothing
(`7/54 = 7/54`, «3 — это 3»). The tests and `tools/text_audit.py` run these over every
generated exercise and every dashboard, in both languages.
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import catalog

MINUS = "\u2212"
EN_DASH = "\u2013"
EM_DASH = "\u2014"

# A hyphen standing alone between spaces (a dash was meant), a hyphen before a digit that is
# not inside a word ("-95", "(-3", "= -5": a minus sign was meant), or between two digits
# or placeholders ("1-10", "1-{last}": an en dash was meant).
_HYPHEN = re.compile(r"(?:^|\s)-(?:\s|$)|(?<![\w-])-(?=\d)|(?<=[\d}])-(?=[\d{])")
# "X = X" or "X — это X" / "X is X" with the same X on both sides (a step that says nothing).
_SAME = re.compile(
    r"(?<![-+\u2212\u00d7\u00f7*/] )(?<![\w/.,\u2212+\-])([\w/.,\u2212]+)\s*=\s*\1"
    r"(?![\w/%]|[.,]\d|\s*[-+\u2212\u00d7\u00f7*/]\s*\d)"
    r"|(?:^|(?<=[:.;!?] ))([\w/.,\u2212]+) (?:\u2014 это|is) \2(?![\w/%]|[.,]\d)")
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][\w]*(?::[\w]+)?\}")


@lru_cache(maxsize=1)
def _key_pattern() -> re.Pattern[str]:
    areas = sorted({key.split(".", 1)[0] for key in catalog()}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, areas)) + r")\.[a-z][a-z0-9_]*\b")


def raw_keys(text: str) -> list[str]:
    """Catalogue keys (`area.key`) and unfilled `{placeholders}` left in finished text."""
    return _key_pattern().findall(text) + _PLACEHOLDER.findall(text)


def hyphen_minus(text: str) -> list[str]:
    """ASCII hyphens used as a minus sign or a dash (the snippet around each)."""
    return [text[max(m.start() - 8, 0):m.end() + 8] for m in _HYPHEN.finditer(text)]


def same_both_sides(text: str) -> list[str]:
    """Steps of the form `x = x` (or «x — это x», "x is x")."""
    return [m.group(0) for m in _SAME.finditer(text)]


def faults(text: str) -> dict[str, list[str]]:
    """Every class of fault found in `text`; empty lists mean clean."""
    return {"raw_key": raw_keys(text), "hyphen": hyphen_minus(text),
            "same": same_both_sides(text)}
