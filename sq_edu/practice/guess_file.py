"""The guess counter's file, `.guess-counts`, read once per change rather than once per look.

Every page request, login and secret looks at the counts (`guess_limit`), and parsing 2,000
entries took 15-20 ms on a busy 2-core machine, in the server's one event loop: a flood of
refused pages or logins then slowed every other page. Each write puts a fresh random stamp
first in the file; a reader compares the file's first bytes and size with those of what it
parsed last and parses again only when they differ (a time stamp of the file could miss two
writes in one clock tick). What a read returns is shared: change only a `copied` one.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
from pathlib import Path
from typing import Any

MAX_LOCKOUTS = 50
FIELDS = ("fails", "last", "until", "first")   # "first": when a device first opened a target
OPTIONAL = frozenset({"first"})
_STAMP = re.compile(rb'^\{"stamp": "([0-9a-f]{16})"')
_parsed: dict[Path, tuple[tuple[bytes, int], dict[str, Any]]] = {}


def read_counts(path: Path) -> dict[str, Any]:
    """The counts in `path` (empty when missing or unreadable); shared, do not change."""
    try:
        with path.open("rb") as file:
            head = file.read(40)
            found = _STAMP.match(head)
            seen = (found.group(1) if found else b"", os.fstat(file.fileno()).st_size)
            cached = _parsed.get(path)
            if found and cached and cached[0] == seen:
                return cached[1]
            raw = json.loads(head + file.read())
    except (OSError, ValueError):
        return checked({})
    data = checked(raw)
    if found:
        _parsed.clear()   # one class folder per process
        _parsed[path] = (seen, data)
    return data


def write_counts(path: Path, data: dict[str, Any]) -> None:
    """Write `data` with a new stamp (atomically: a reader sees the old file or the new)."""
    stamp = secrets.token_hex(8)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    text = json.dumps({"stamp": stamp, **{k: v for k, v in data.items() if k != "stamp"}})
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)
    _parsed.clear()
    _parsed[path] = ((stamp.encode("ascii"), len(text.encode("utf-8"))), data)


def copied(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of `data` that may be changed (each entry is a flat dict)."""
    return {"counters": {key: dict(entry) for key, entry in data["counters"].items()},
            "lockouts": [dict(item) for item in data["lockouts"]]}


def checked(raw: object) -> dict[str, Any]:
    """The file's content in the expected shape; anything else is an empty count."""
    data: dict[str, Any] = {"counters": {}, "lockouts": []}
    if not isinstance(raw, dict):
        return data
    counters = raw.get("counters")
    if isinstance(counters, dict):
        for key, entry in counters.items():
            if isinstance(key, str) and isinstance(entry, dict):
                with contextlib.suppress(TypeError, ValueError):
                    data["counters"][key] = {name: float(entry.get(name, 0))
                                             for name in FIELDS if name in entry
                                             or name not in OPTIONAL}
    lockouts = raw.get("lockouts")
    if isinstance(lockouts, list):
        data["lockouts"] = [item for item in lockouts if isinstance(item, dict)
                            and isinstance(item.get("target"), str)][-MAX_LOCKOUTS:]
    return data
