"""The Pyodide kernel installs a few packages with piplite as it starts, unless the site's
package list names them. The site ships no PyPI fallback and not every one of them (jedi is left
out, lite/slim.py), so such an install never ends and no page shows: every name the kernel
checks must be in the list, and every name in the list either shipped or left out on purpose."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
KERNEL_JS = SITE / "extensions" / "@jupyterlite" / "pyodide-kernel-extension" / "static"
PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# initKernel(...){...for(let e of["ipykernel","comm",...])t.includes(e)||s.push(`await piplite...
CHECKED = re.compile(r'of\s*\[((?:"[^"]+",?)+)\]\)\s*\w+\.includes\(\w+\)'
                     r'\|\|\w+\.push\(`await piplite')


@pytest.fixture(scope="module")
def config() -> dict:
    path = SITE / "jupyter-lite.json"
    if not path.is_file():
        message = "site/ is not built (make site)"
        if os.environ.get("SQ_EDU_REQUIRE_SITE") == "1":
            pytest.fail(f"{message}, and SQ_EDU_REQUIRE_SITE=1 forbids skipping the site test")
        pytest.skip(message)
    return json.loads(path.read_text(encoding="utf-8"))["jupyter-config-data"]


def kernel_checks() -> set[str]:
    found: set[str] = set()
    for script in KERNEL_JS.glob("*.js"):
        for match in CHECKED.finditer(script.read_text(encoding="utf-8")):
            found.update(json.loads(f"[{match.group(1)}]"))
    return found


def test_the_kernel_installs_nothing_as_it_starts(config: dict) -> None:
    checked = kernel_checks()
    assert checked, f"no piplite install list found in {KERNEL_JS}: the kernel changed, look again"
    listed = set(config["litePluginSettings"][PLUGIN]["loadPyodideOptions"]["packages"])
    missing = sorted(checked - listed)
    assert not missing, f"the kernel would piplite-install {missing} as it starts (never ends)"


def test_every_listed_package_is_shipped_or_named_on_purpose(config: dict) -> None:
    sys.path.insert(0, str(ROOT / "lite"))
    try:
        from slim import NAMED_NOT_SHIPPED
    finally:
        sys.path.remove(str(ROOT / "lite"))
    lock = json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    listed = set(config["litePluginSettings"][PLUGIN]["loadPyodideOptions"]["packages"])
    assert listed - set(lock["packages"]) == set(NAMED_NOT_SHIPPED)
    loader = (ROOT / "lite" / "sq-pyodide.mjs").read_text(encoding="utf-8")
    assert f"const NOT_SHIPPED = {json.dumps(list(NAMED_NOT_SHIPPED))};" in loader
