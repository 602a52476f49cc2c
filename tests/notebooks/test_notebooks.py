"""Dashboard notebooks stay thin, clean and runnable by Voila's `python3` kernel.

nbval (`pytest --nbval-lax notebooks`, part of `make test`) executes them; these checks keep
logic out of them and make sure nothing stored in them (outputs, another kernel) gets shipped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sq_edu.server.server import DASHBOARDS, dashboards, notebooks_dir

# The example for notebook authors (docs/your_own_lesson.md): a lesson built in the notebook
# itself, so neither thin nor a dashboard on the index; nbval runs it like the others.
EXAMPLES = {"my_lesson"}
ALL_NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb"))
NOTEBOOKS = [path for path in ALL_NOTEBOOKS if path.stem not in EXAMPLES]
MAX_CODE_LINES = 8


def test_the_index_notebook_exists() -> None:
    assert "index.ipynb" in [path.name for path in NOTEBOOKS]


def test_every_notebook_is_a_known_dashboard() -> None:
    known = {"index", "teacher", "grownups", "table", "classgame", "classgame_projector",
             *DASHBOARDS}
    # table and the class game: class servers only
    assert {path.stem for path in NOTEBOOKS} <= known
    assert {path.stem for path in ALL_NOTEBOOKS} - known == EXAMPLES
    assert set(dashboards()) == {path.stem for path in NOTEBOOKS} & set(DASHBOARDS)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_thin_and_clean(path: Path) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    lines = [line for cell in code for line in "".join(cell["source"]).splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert len(lines) <= MAX_CODE_LINES, f"{path.name} has {len(lines)} lines of code"
    assert all(not cell["outputs"] and cell["execution_count"] is None for cell in code)
    assert any("page_params()" in line for line in lines), "reads ?lang= from the URL"
    assert any(line.startswith("from sq_edu.") for line in lines)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_author_example_is_clean_and_documented(name: str) -> None:
    notebook = json.loads((notebooks_dir() / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert notebook["metadata"]["kernelspec"]["name"] == "python3"
    code = [cell for cell in notebook["cells"] if cell["cell_type"] == "code"]
    assert all(not cell["outputs"] and cell["execution_count"] is None for cell in code)
    guide = Path(__file__).resolve().parents[2] / "docs" / "your_own_lesson.md"
    assert f"notebooks/{name}.ipynb" in guide.read_text(encoding="utf-8")
