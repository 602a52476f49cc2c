"""The parts of the standard library the site leaves out (lite/slim.py, STDLIB_LEFT_OUT) are
imported by nothing a page runs: no module of sq_edu, of the page's IPython stand-in and comm
bridge (lite/app/py/), or of the packages the site ships (their own test suites aside).

A page that imported one would fail on the site alone (the snapshot start's standard library
lacks it), so this reads every import statement, also those inside functions.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))
from slim import STDLIB_LEFT_OUT  # noqa: E402  (lite/slim.py)

SHIPPED = ("ipywidgets", "traitlets", "comm", "anywidget", "psygnal", "segno")
LEFT_OUT = {entry.removesuffix("/").removesuffix(".py") for entry in STDLIB_LEFT_OUT}


def imported(path: Path) -> set[str]:
    """Top-level names of every module `path` imports (absolute imports only)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def sources() -> list[Path]:
    folders = [ROOT / "sq_edu", ROOT / "lite" / "app" / "py"]
    for name in SHIPPED:
        spec = importlib.util.find_spec(name)
        assert spec and spec.origin, f"{name} is not installed in the test environment"
        folders.append(Path(spec.origin).parent)
    return [path for folder in folders for path in sorted(folder.rglob("*.py"))
            if "tests" not in path.parts and path.name != "testing.py"]


def test_the_list_names_real_parts_of_the_standard_library() -> None:
    unknown = [name for name in LEFT_OUT if importlib.util.find_spec(name) is None
               and name not in ("_pyrepl", "idlelib", "turtledemo", "tkinter", "curses",
                                "ensurepip", "dbm")]
    assert not unknown, f"not modules of the standard library: {unknown}"


def test_nothing_a_page_runs_imports_what_the_site_leaves_out() -> None:
    files = sources()
    assert len(files) > 100
    found = {f"{path.relative_to(path.parents[1])}: {sorted(imported(path) & LEFT_OUT)}"
             for path in files if imported(path) & LEFT_OUT}
    assert not found, f"these import what the site's standard library leaves out: {found}"
