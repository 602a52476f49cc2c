"""Rewrite every Binder link in README.md from the one setting, `sq_edu.links.BINDER_REPOSITORY`.

    .venv/bin/python tools/readme_links.py          # rewrite README.md
    .venv/bin/python tools/readme_links.py --check  # exit 1 if a link names another repository

Each link keeps the page (and query) it opens; only the repository changes. The teacher page
builds its Binder lesson links from the same setting (`sq_edu.links.binder_link`).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import unquote

if __package__ in (None, ""):  # run as a script: the repository root must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sq_edu.links import BINDER_HUB, binder_link

README = Path(__file__).resolve().parents[1] / "README.md"
LINK = re.compile(re.escape(BINDER_HUB) + r"/v2/gh/[^/\s)]+/[^/\s)]+/HEAD\?urlpath=([^\s)]+)")
PAGE = re.compile(r"voila/render/notebooks/(\w+)\.ipynb(?:\?(.*))?$")


def rewritten(text: str) -> str:
    """`text` with every Binder dashboard link built by `binder_link`."""
    def one(match: re.Match[str]) -> str:
        page = PAGE.match(unquote(match.group(1)))
        return binder_link(page.group(1), page.group(2) or "") if page else match.group(0)

    return LINK.sub(one, text)


def main(argv: list[str]) -> int:
    text = README.read_text(encoding="utf-8")
    new = rewritten(text)
    if "--check" in argv:
        return int(new != text)
    README.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
