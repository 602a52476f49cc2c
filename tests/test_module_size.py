"""One concept per module: no Python module of the package is longer than 350 lines.

A module that grows past it holds more than one idea; split it (docs/architecture.md says
where things live) rather than raise the limit. The limit is a hint, not a reason to cut one
concept into two files that then import each other: a module listed in ALLOWED keeps a
larger limit, with the reason beside it.
"""

from __future__ import annotations

from pathlib import Path

import sq_edu

MAX_LINES = 350
ALLOWED = {
    # The game page: one app wiring one board, coach and seats. Its page layout was cut out to
    # `play/layout.py` only to stay under 350 lines, and the two files imported each other
    # (issue 42); it is back in the app, as one `_page_parts` method.
    "sq_edu/apps/play/app.py": 375,
    # Over by a few lines after the class nickname asked first (issue 40): it wants the
    # nickname handling moved out to the progress panel, not a cut.
    "sq_edu/apps/lesson/app.py": 353,
}
PACKAGE = Path(sq_edu.__file__).resolve().parent


def test_no_module_is_over_the_limit() -> None:
    sizes = {path.relative_to(PACKAGE.parent).as_posix(): len(path.read_text("utf-8").splitlines())
             for path in PACKAGE.rglob("*.py")}
    assert len(sizes) > 100, "the package's modules were not found"
    too_long = {name: n for name, n in sorted(sizes.items()) if n > ALLOWED.get(name, MAX_LINES)}
    assert not too_long, f"modules over {MAX_LINES} lines (split them): {too_long}"
