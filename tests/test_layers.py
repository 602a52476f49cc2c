"""What the import contracts cannot see: what a page really loads when it runs.

The layers themselves (which folder may import which, no cycle inside a folder, no ipywidgets or
numpy in the core) are `lint-imports` contracts in pyproject.toml, read from the source. These
tests import for real, each in a fresh interpreter, and look at `sys.modules`: a deferred import
is allowed by the contracts but must not run at import time, and the pages load only their app.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ["sq_edu.engine", "sq_edu.maths", "sq_edu.bots", "sq_edu.dungeon", "sq_edu.practice",
          "sq_edu.i18n", "sq_edu.links"]
FORBIDDEN = ("ipywidgets", "IPython", "traitlets", "ipykernel")


def loaded_after(code: str) -> list[str]:
    """Every module in `sys.modules` after running `code` in a fresh interpreter."""
    code += "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def import_all(package: str) -> str:
    """Code that imports `package` and every module in it."""
    return ("import importlib, pkgutil\n"
            f"pkg = importlib.import_module({package!r})\n"
            "for m in getattr(pkg, '__path__', None) and pkgutil.walk_packages(\n"
            "        pkg.__path__, pkg.__name__ + '.') or ():\n"
            "    importlib.import_module(m.name)\n")


def ours(modules: list[str]) -> set[str]:
    return {m for m in modules if m.split(".")[0] == "sq_edu"}


@pytest.mark.parametrize("layer", LAYERS)
def test_the_core_loads_no_numpy_at_import(layer: str) -> None:
    """numpy is imported only inside the simulation functions (the contract allows that one
    deferred import): importing every module of the core must not load it."""
    loaded = loaded_after(import_all(layer))
    bad = [m for m in loaded if m.split(".")[0] in (*FORBIDDEN, "numpy")]
    assert not bad, f"{layer} pulls in {bad}"


@pytest.mark.parametrize("module", ["sq_edu.pages.params", "sq_edu.pages", "sq_edu.server",
                                    "sq_edu.server.server", "sq_edu.cli"])
def test_serving_imports_no_widgets(module: str) -> None:
    """Reading the URL and starting Voila load no app, no ipywidgets and not Voila's server
    side (voila.utils costs a preheated kernel about 45 MB)."""
    loaded = loaded_after(f"import {module}")
    bad = [m for m in loaded if m.startswith(("sq_edu.widgets", "sq_edu.apps", "voila.",
                                              "jupyter_server"))
           or m.split(".")[0] in FORBIDDEN]
    assert not bad, f"{module} pulls in {bad}"


def test_the_package_imports_no_app() -> None:
    loaded = ours(loaded_after("import sq_edu.widgets"))
    assert loaded <= {"sq_edu", "sq_edu.widgets"}, loaded


def test_the_kit_hands_out_no_app() -> None:
    """Apps live above the kit (`sq_edu.apps`); the kit naming them would be an arrow up that
    no import checker sees."""
    import sq_edu.widgets as kit

    assert not [name for name in dir(kit) if name.endswith("App")]
    with pytest.raises(AttributeError):
        kit.LessonApp  # noqa: B018


def notebook_code(name: str) -> str:
    notebook = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")


LESSON_PAGES = ["equations", "card_detective", "chances", "queen_points"]
NOT_ON_A_LESSON_PAGE = ("sq_edu.apps.play", "sq_edu.apps.dungeon", "sq_edu.bots",
                        "sq_edu.dungeon", "sq_edu.apps.teacher", "sq_edu.apps.index",
                        "sq_edu.practice.generators.dungeon", "sq_edu.practice.coach",
                        "sq_edu.server", "numpy")


@pytest.mark.parametrize("name", LESSON_PAGES)
def test_a_lesson_page_loads_only_its_app(name: str) -> None:
    """Running a lesson notebook as Voila does loads no game app, bots, Dungeon or numpy."""
    loaded = loaded_after(notebook_code(name))
    assert "sq_edu.apps.lesson.app" in loaded
    bad = [m for m in loaded if m.startswith(NOT_ON_A_LESSON_PAGE)]
    assert not bad, f"{name}.ipynb loads {bad}"


@pytest.mark.parametrize(("name", "apps"), [
    ("index", {"index"}), ("teacher", {"teacher"}), ("play", {"play"}), ("grownups", {"grownups"}),
    ("dungeon", {"dungeon", "lesson"}),   # the Dungeon page shows the scoring lesson
])
def test_other_pages_load_only_their_app(name: str, apps: set[str]) -> None:
    loaded = loaded_after(notebook_code(name))
    found = {m.split(".")[2] for m in loaded if m.startswith("sq_edu.apps.") and m.endswith(".app")}
    assert found == apps
    assert "numpy" not in loaded
