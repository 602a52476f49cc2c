"""Where in a lesson's TOML text a field is written, so an error names the file and the line."""

from __future__ import annotations

import re

_FIELD = re.compile(r"([A-Za-z_][\w]*)(?:\[(\d+)\])?")


def line_of(text: str, field: str) -> int | None:
    """The line (from 1) where `field` ("levels[4].params.goal", "title.ru") is written in the
    TOML `text`, or the nearest line that holds it; None when the file does not say it at all.

    Good enough for an error message: it follows `[[levels]]` blocks, `[table]` headers and
    `key = ...` lines, including keys inside an inline table on that line.
    """
    lines = text.splitlines()
    start, end, found = 0, len(lines), None
    parts = _FIELD.findall(field)
    for depth, (key, index) in enumerate(parts):
        hit = None
        if index:                               # the n-th [[key]] block
            headers = [i for i in range(start, end) if lines[i].strip() == f"[[{key}]]"]
            if len(headers) >= int(index):
                hit = headers[int(index) - 1]
                following = [i for i in range(hit + 1, end) if lines[i].lstrip().startswith("[[")]
                start, end = hit + 1, (following[0] if following else end)
        else:
            prefix = ".".join(k for k, _ in parts[:depth + 1])
            for i in range(start, end):
                stripped = lines[i].strip()
                if stripped in (f"[{key}]", f"[{prefix}]") or stripped.endswith(f".{key}]"):
                    hit = i
                    break
                if re.match(rf"{re.escape(key)}\s*=", stripped) or (
                        found is not None and i == found and re.search(rf"\b{re.escape(key)}\s*=",
                                                                       stripped)):
                    hit = i
                    break
            if hit is None and found is not None and re.search(
                    rf"\b{re.escape(key)}\s*=", lines[found]):
                hit = found
        if hit is None:
            break
        found = hit
        if lines[hit].strip().startswith("[") and not index:
            following = [i for i in range(hit + 1, end) if lines[i].lstrip().startswith("[")]
            start, end = hit + 1, (following[0] if following else end)
    return None if found is None else found + 1
