"""The snapshot holds what a lesson page imports, and no more (lite/warm.py).

The site's memory snapshot keeps only the lesson pages' modules of sq_edu (every first visit
downloads it); a lesson page importing a module that is not in it would still work, but slower.
This runs, in a fresh Python, the imports warm.py makes, then what each lesson page's notebook
runs, and fails naming any sq_edu module a lesson page imports beyond them.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WARM = ROOT / "lite" / "warm.py"
NOTEBOOKS = ROOT / "notebooks"

PROBE = """
import importlib, json, pkgutil, sys, tempfile
lesson_pages, generators, not_lessons, lessons = json.loads(sys.argv[1])
for name in lesson_pages:
    importlib.import_module(name)
package = importlib.import_module(generators)
for module in pkgutil.walk_packages(package.__path__, generators + "."):
    if module.name not in not_lessons:
        importlib.import_module(module.name)
warm = {m for m in sys.modules if m.startswith("sq_edu")}
from sq_edu.apps.lesson import LessonApp
from sq_edu.pages import page_params
from sq_edu.pages.page import dashboard
for name in lessons:
    dashboard(LessonApp(name, "en", 1, 1, progress_dir=tempfile.mkdtemp()), page_params())
print(json.dumps(sorted(m for m in sys.modules if m.startswith("sq_edu") and m not in warm)))
"""


def _constant(tree: ast.Module, name: str) -> object:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == name for target in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"lite/warm.py has no {name}")


def _lesson_pages() -> set[str]:
    """The dashboards whose notebook builds a `LessonApp("<lesson>", ...)`."""
    found = set()
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        found.update(re.findall(r'LessonApp\(\s*"(\w+)"', code))
    return found


def test_the_snapshot_warms_every_lesson_page() -> None:
    """lite/warm.py builds each lesson page's app once in the snapshot: a lesson page missing
    from its list would start slower (the first build parses the catalogue, ~0.25 s)."""
    lessons = _constant(ast.parse(WARM.read_text(encoding="utf-8")), "LESSONS")
    assert _lesson_pages() == {"equations", "card_detective", "chances", "queen_points"}
    assert set(lessons) == _lesson_pages()   # type: ignore[arg-type]


def test_a_lesson_page_imports_nothing_beyond_the_snapshot() -> None:
    tree = ast.parse(WARM.read_text(encoding="utf-8"))
    names = [_constant(tree, name) for name in ("LESSON_PAGES", "GENERATORS", "NOT_LESSONS")]
    lessons = sorted(_lesson_pages())
    done = subprocess.run([sys.executable, "-c", PROBE, json.dumps([*names, lessons])],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    extra = json.loads(done.stdout.strip().splitlines()[-1])
    assert not extra, f"lesson pages import modules lite/warm.py leaves out: {extra}"


def test_the_snapshot_leaves_out_every_dungeon_generator() -> None:
    """The Dungeon's scoring generators play the Dungeon with bots: no lesson page of the site
    needs them, and the snapshot every first visit downloads must not hold them. The race
    moved to its own module (`dungeon_race.py`), which the generator walk would import."""
    tree = ast.parse(WARM.read_text(encoding="utf-8"))
    generators, not_lessons = (_constant(tree, name) for name in ("GENERATORS", "NOT_LESSONS"))
    package = ROOT / "sq_edu" / "practice" / "generators"
    dungeon = {f"{generators}.{path.stem}" for path in package.glob("dungeon*.py")}
    assert len(dungeon) >= 2 and dungeon <= set(not_lessons), sorted(dungeon)  # type: ignore[arg-type]
