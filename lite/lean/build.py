"""Build the lean lesson page prototype (no JupyterLite, no IPython kernel) into lite/lean/out/.

    python lite/lean/build.py [--out lite/lean/out] [--snapshot]

Reuses the site build's pinned steps (lite/build.py: the npm Pyodide core, the wheels pinned in
lite/browser.txt, a pruned pyodide-lock.json), keeps only what a widget page needs (no IPython,
no kernel, no micropip/piplite), adds a tiny wheel `sq_lean` (an `IPython` stand-in and the
comm bridge), bundles the page's JavaScript with esbuild (@jupyter-widgets/html-manager,
controls and anywidget's front end, all from npm, pinned in package.json) and precompresses
the text files the way the site does (lite/precompress.mjs).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
LITE = HERE.parent
ROOT = LITE.parent
sys.path.insert(0, str(LITE))

from build import (  # noqa: E402  (lite/build.py, beside this folder)
    assemble_pyodide,
    download,
    fetch_pyodide,
    read_pins,
    run,
)
from snapshot import BROTLI_SNAPSHOT, site_zip  # noqa: E402  (lite/snapshot.py)

# Of browser.txt: what a widget page's Python needs without IPython and the kernel.
LOCK_KEEP = ("traitlets", "typing-extensions")
WHEEL_KEEP = ("comm", "ipywidgets", "anywidget", "psygnal", "segno")
STAMP = (1980, 1, 1, 0, 0, 0)
LESSON = "equations"


def lean_wheel(dest: Path) -> Path:
    """`sq_lean`: the IPython stand-in and the comm bridge, as a pure-Python wheel."""
    name = "sq_lean-0.1-py3-none-any.whl"
    dist = "sq_lean-0.1.dist-info"
    files = {str(p.relative_to(HERE / "py")): p.read_bytes()
             for p in sorted((HERE / "py").rglob("*.py"))}
    files[f"{dist}/METADATA"] = b"Metadata-Version: 2.1\nName: sq_lean\nVersion: 0.1\n"
    files[f"{dist}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: lean\nRoot-Is-Purelib: true\n"
                              b"Tag: py3-none-any\n")
    files[f"{dist}/top_level.txt"] = b"IPython\nsq_lean_bridge\n"
    files[f"{dist}/RECORD"] = b""
    path = dest / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as wheel:
        for file, data in files.items():
            wheel.writestr(zipfile.ZipInfo(file, STAMP), data, zipfile.ZIP_DEFLATED)
    return path


def slim_stdlib(folder: Path) -> int:
    """Keep of python_stdlib.zip only the modules the page imports (stdlib_keep.txt) and their
    packages' __init__; returns bytes saved. An experiment: any other stdlib import fails."""
    keep = {line.strip() for line in (HERE / "stdlib_keep.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")}
    for name in list(keep):
        parts = name.split("/")[:-1]
        keep.update("/".join(parts[:i]) + "/__init__.py" for i in range(1, len(parts) + 1))
    path = folder / "python_stdlib.zip"
    before = path.stat().st_size
    with zipfile.ZipFile(path) as source:
        items = [(i, source.read(i)) for i in source.infolist()
                 if i.filename in keep or i.filename.endswith("/")]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for info, data in items:
            target.writestr(info, data, zipfile.ZIP_DEFLATED)
    return before - path.stat().st_size


def make_snapshot(folder: Path) -> dict[str, object]:
    """Pyodide's memory after lite/lean/warm.py's imports, made in Node by the site's own
    lite/snapshot.mjs, with the packages but sq_edu as one zip (lite/snapshot.py's site_zip).
    Sent as `lean.snapshot.br` (brotli 11, 2**24 window) or `.gz` (gzip -9); the plain name is
    an empty file standing for them, as the site's `sq_edu.snapshot`."""
    raw = folder / "lean.snapshot.raw"
    site_zip(folder)
    run("node", str(LITE / "snapshot.mjs"), str(folder), str(HERE / "warm.py"), str(raw))
    data = raw.read_bytes()
    (folder / "lean.snapshot.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
    run("node", "-e", BROTLI_SNAPSHOT.replace("fs.unlinkSync(source);", ""), str(raw),
        str(folder / "lean.snapshot.br"))
    raw.unlink()
    (folder / "lean.snapshot").write_bytes(b"")
    return {"bytes": len(data), "id": hashlib.sha256(data).hexdigest()[:16]}


def code_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def build(out: Path, cache: Path, snapshot: bool, slim: bool = False) -> None:
    version, lock_pins, wheel_pins = read_pins()
    core = fetch_pyodide(version, cache)
    lock_wheels, lean_wheels = cache / "lock-wheels", cache / "lean-wheels"
    lock = {name: lock_pins[name] for name in LOCK_KEEP}
    download(lock, lock_wheels)
    shutil.rmtree(lean_wheels, ignore_errors=True)
    download({name: wheel_pins[name] for name in WHEEL_KEEP}, lean_wheels)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(lean_wheels),
        str(ROOT))
    extra = [*sorted(lean_wheels.glob("*.whl")), lean_wheel(lean_wheels)]
    shutil.rmtree(out, ignore_errors=True)
    packages = assemble_pyodide(core, lock_wheels, lock, out / "pyodide", extra)
    if slim:
        print(f"stdlib zip {slim_stdlib(out / 'pyodide') / 2**20:.2f} MiB smaller")
    if not (HERE / "node_modules" / "esbuild").is_dir():
        run("npm", "ci", "--no-audit", "--no-fund", cwd=HERE)
    run("node", str(HERE / "bundle.mjs"), str(out), cwd=HERE)
    cells = code_cells(ROOT / "notebooks" / f"{LESSON}.ipynb")
    config: dict[str, object] = {"packages": packages, "cells": cells, "snapshot": None}
    run("node", str(LITE / "precompress.mjs"), str(out))
    if snapshot:
        config["snapshot"] = make_snapshot(out / "pyodide")
    page = (HERE / "page.html").read_text(encoding="utf-8")
    page = page.replace("__CONFIG__", json.dumps(config).replace("</", "<\\/"))
    (out / f"{LESSON}.html").write_text(page, encoding="utf-8")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"lean page built in {out} ({size / 2**20:.1f} MiB on disk)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE / "out"))
    parser.add_argument("--cache", default=str(ROOT / ".cache" / "site"))
    parser.add_argument("--snapshot", action="store_true", help="restore a memory snapshot")
    parser.add_argument("--slim-stdlib", action="store_true",
                        help="only the stdlib modules in stdlib_keep.txt (an experiment)")
    args = parser.parse_args(argv)
    build(Path(args.out).resolve(), Path(args.cache).resolve(), args.snapshot, args.slim_stdlib)
    return 0


if __name__ == "__main__":
    sys.exit(main())
