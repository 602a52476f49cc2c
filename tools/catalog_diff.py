"""Print every user-facing string changed between two commits, as a Markdown table.

    python tools/catalog_diff.py [BASE] [HEAD]      (defaults: main, HEAD)

Reads the message catalogues (sq_edu/i18n/catalog/*.toml) and the lesson files (lessons/*.toml)
at both commits with `git show`, flattens each to "key.lang" -> text (plural forms and case
forms become their own rows: "cards.ru.few", "queen_rose.ru_acc"), and prints one row per text
that was added, removed or changed. Why: a closing note for a wording pass must list old -> new
for every string, and reading `git diff` of TOML by hand misses moved keys.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator

try:
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

FOLDERS = ("sq_edu/i18n/catalog", "lessons")


def _git(*args: str) -> str:
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def _files(commit: str) -> list[str]:
    names = _git("ls-tree", "-r", "--name-only", commit, "--", *FOLDERS).split()
    return [n for n in names if n.endswith(".toml")]


def _flatten(prefix: str, node: object) -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _flatten(f"{prefix}.{key}" if prefix else str(key), value)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _flatten(f"{prefix}[{i}]", value)
    elif isinstance(node, str):
        yield prefix, node


def texts(commit: str) -> dict[str, str]:
    """"<file stem>: <key path>" -> text, for every string of every catalogue and lesson."""
    out: dict[str, str] = {}
    for name in _files(commit):
        data = tomllib.loads(_git("show", f"{commit}:{name}"))
        area = name.rsplit("/", 1)[-1][: -len(".toml")]
        where = "lessons/" + area if name.startswith("lessons/") else area
        for path, text in _flatten("", data):
            out[f"{where}: {path}"] = text
    return out


def _cell(text: str | None) -> str:
    return "—" if text is None else text.replace("|", "\\|").replace("\n", " ")


def _moves(removed: dict[str, str], added: dict[str, str]) -> dict[str, str]:
    """Removed key -> added key for strings that moved (a key merged into common.toml):
    the same key name in another file first ("widgets: queen_moon.ru" -> "common:
    queen_moon.ru"), else the same text."""
    moved: dict[str, str] = {}
    free = dict(added)
    for key in sorted(removed):
        name = key.split(": ", 1)[1]
        match = next((k for k in sorted(free) if k.split(": ", 1)[1] == name), None)
        match = match or next((k for k in sorted(free) if free[k] == removed[key]), None)
        if match is not None:
            moved[key] = match
            del free[match]
    return moved


def table(base: str, head: str) -> str:
    old, new = texts(base), texts(head)
    removed = {k: v for k, v in old.items() if k not in new}
    added = {k: v for k, v in new.items() if k not in old}
    moved = _moves(removed, added)
    rows = [(key, old[key], new[key]) for key in sorted(old.keys() & new.keys())
            if old[key] != new[key]]
    rows += [(f"{a} → {b}", old[a], new[b]) for a, b in sorted(moved.items())]
    by_text: dict[str, str] = {}
    for key in sorted(new):
        by_text.setdefault(new[key], key)
    rows += [(key, old[key], f"(merged: {by_text[old[key]]})" if old[key] in by_text else None)
             for key in sorted(removed) if key not in moved]
    taken = set(moved.values())
    rows += [(key, None, new[key]) for key in sorted(added) if key not in taken]
    changed = sum(1 for _, a, b in rows if a is not None and b is not None and a != b
                  and not b.startswith("(merged"))
    lines = [f"Strings between {base} and {head}: {changed} reworded, "
             f"{sum(1 for k, a, b in rows if a == b)} moved unchanged (merged keys), "
             f"{sum(1 for _, a, b in rows if b is None or b.startswith('(merged'))} removed, "
             f"{sum(1 for _, a, b in rows if a is None)} added (— : none).", "",
             "| Where | Old | New |", "|---|---|---|"]
    lines += [f"| {_cell(key)} | {_cell(a)} | {_cell(b) if a != b else '(same)'} |"
              for key, a, b in rows]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    base = argv[1] if len(argv) > 1 else "main"
    head = argv[2] if len(argv) > 2 else "HEAD"
    print(table(base, head))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
