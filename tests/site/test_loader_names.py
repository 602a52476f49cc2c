"""The site's fast start leans on parts of Pyodide that are not its public API.

lite/snapshot.mjs and lite/sq-pyodide.mjs use Pyodide's snapshot options and a few module
internals. A Pyodide release may rename any of them; then a restore would fail and every page
would quietly fall back to the slow plain start. This test reads the pinned Pyodide the site
ships and names exactly what went missing, so an upgrade of the pin fails here first.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LITE = ROOT / "lite"
PYODIDE = ROOT / "site" / "static" / "pyodide"

# name -> why the loader needs it
PRIVATE = {
    "_makeSnapshot": "loadPyodide option that makes Python's memory snapshotable (build)",
    "makeMemorySnapshot": "writes the memory snapshot (build)",
    "_loadSnapshot": "loadPyodide option that starts from the snapshot (page)",
    "_snapshotDeserializer": "hands the new Pyodide's JS functions to the restored Python",
    "createPyodideModule": "loadPyodide option: the loader grows memory and puts the zip back",
    "public_api": "module.API.public_api: the functions the snapshot names",
    "HEAP8": "the module's memory, grown to the snapshot's size",
    "_malloc": "grows the module's memory before the restore",
    "loadedPackages": "emptied before the snapshot (Pyodide snapshots only a fresh registry)",
    "_malloc_footprint": "malloc's heap size: free memory is zeroed only below it (build)",
    "_malloc_set_footprint_limit": "keeps malloc from growing the heap while zeroing (build)",
    "_sbrk": "the heap's top: memory above it is zeroed (build)",
    "install-stdlib": "Pyodide writes a standard library zip into /lib: the loader's replaces it",
}


def pinned_version() -> str:
    for line in (LITE / "browser.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("pyodide "):
            return line.split()[1]
    raise AssertionError("lite/browser.txt pins no Pyodide version")


@pytest.fixture(scope="module")
def pyodide_source() -> str:
    if not (PYODIDE / "pyodide.asm.mjs").is_file():
        message = "site/ is not built (make site)"
        if os.environ.get("SQ_EDU_REQUIRE_SITE") == "1":
            pytest.fail(f"{message}, and SQ_EDU_REQUIRE_SITE=1 forbids skipping the site test")
        pytest.skip(message)
    return "".join((PYODIDE / name).read_text(encoding="utf-8")
                   for name in ("pyodide.mjs", "pyodide.asm.mjs"))


def test_the_loader_uses_only_the_names_listed_here() -> None:
    """Every private name above is really used by the loader or the snapshot maker, and every
    `_option` the loader passes to loadPyodide is listed (the list cannot go stale)."""
    loader = (LITE / "sq-pyodide.mjs").read_text(encoding="utf-8")
    maker = (LITE / "snapshot.mjs").read_text(encoding="utf-8")
    unused = [name for name in PRIVATE if name not in loader + maker]
    assert not unused, f"listed but no longer used by lite/*.mjs: {unused}"
    options = set(re.findall(r"\b(_[a-zA-Z]+):", loader + maker))
    unlisted = sorted(options - set(PRIVATE))
    assert not unlisted, f"private loadPyodide options not listed in this test: {unlisted}"


def test_the_pinned_pyodide_still_has_every_private_name(pyodide_source: str) -> None:
    gone = {name: why for name, why in PRIVATE.items() if name not in pyodide_source}
    assert not gone, (
        f"Pyodide {pinned_version()} (lite/browser.txt) no longer has "
        + "; ".join(f"{name!r} ({why})" for name, why in gone.items())
        + ": the snapshot start would fail and every page start the slow way; update"
        " lite/snapshot.mjs and lite/sq-pyodide.mjs for this Pyodide, or keep the old pin")


def test_the_site_ships_the_pinned_pyodide(pyodide_source: str) -> None:
    version = pinned_version()
    assert f'"{version}"' in pyodide_source, (
        f"site/static/pyodide is not Pyodide {version} as lite/browser.txt pins: rebuild"
        " the site (make site)")
