"""The engine, maths, bots, dungeon and practice layers never import widgets (DESIGN.md 2)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

LAYERS = ["sq_edu.engine", "sq_edu.maths", "sq_edu.bots", "sq_edu.dungeon", "sq_edu.practice",
          "sq_edu.i18n"]
FORBIDDEN = ("ipywidgets", "IPython", "traitlets", "ipykernel")


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_imports_no_widgets(layer: str) -> None:
    code = (
        "import importlib, json, sys, pkgutil\n"
        f"pkg = importlib.import_module({layer!r})\n"
        "for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "    importlib.import_module(m.name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout.strip().splitlines()[-1])
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert not bad, f"{layer} pulls in {bad}"


def test_engine_does_not_import_maths() -> None:
    code = "import sys, sq_edu.engine; print('sq_edu.maths' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
