"""Build the serverless site: every dashboard as a static page that runs in the child's browser.

    python lite/build.py [--out site]

Everything comes from the package registries (npm for the Pyodide core and the pages' script,
PyPI for wheels) and nothing is fetched from a CDN at build or run time. The steps:

1. the Pyodide core from npm (`pyodide@<version>`; it has no packages of its own);
2. the pure-Python wheels Pyodide's lock names (traitlets, typing-extensions) at exactly the
   locked versions, into a pruned `pyodide-lock.json` with recomputed sha256;
3. the widgets' and sq_edu's own wheels, and `sq_site_page` (an IPython stand-in and the comm
   bridge, lite/app_build.py), added to that lock: no IPython, no kernel, no JupyterLite;
4. a Pyodide memory snapshot with the widgets and sq_edu imported and the lesson pages warmed,
   and the packages as one zip (`lite/snapshot.py`): a page restores it instead of importing;
5. the app page (`app.html`, lite/app/): the widgets drawn by @jupyter-widgets/html-manager,
   Python in a Web Worker, bundled by esbuild from pinned npm packages;
6. one page per dashboard (`equations.html?lang=ru&level=2&seed=12`) that frames the app page
   with the dashboard notebook's own code cells, and a static index of the lessons;
7. installable and offline (`lite/offline.py`): manifests, icons, one service worker that
   carries /drive's requests, the lock across tabs, and precaches the site once a page shows;
8. every text file precompressed as `.br` and `.gz` for static hosts.

Pins live in `lite/requirements.txt` (build tools), `lite/browser.txt` (the browser's Python)
and `lite/app/package-lock.json` (the pages' script).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

from slim import slim_wheel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PYTHON_IN_BROWSER = "3.14"
# Vendored from npm as they are (package, version, its files kept, folder in static/): the
# teacher page's QR reader (exit tickets), so scanning works offline; the page loader's brotli
# decoder, for hosts that send the precompressed copies only as files (lite/sq-pyodide.mjs).
VENDORED = (
    ("jsqr", "1.4.0", ("dist/jsQR.js", "LICENSE"), "jsqr"),
    ("brotli-dec-wasm", "2.3.2", ("pkg/brotli_dec_wasm.js", "pkg/brotli_dec_wasm_bg.wasm",
                                  "LICENSE-MIT.txt"), "brotli"),
)
CORE_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
              "python_stdlib.zip")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def read_pins(path: Path = HERE / "browser.txt") -> tuple[str, dict[str, str], dict[str, str]]:
    """(Pyodide version, lock pins, piplite wheel pins) from browser.txt."""
    pyodide, lock, wheels = "", {}, {}
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        kind, spec = line.split(None, 1)
        if kind == "pyodide":
            pyodide = spec.strip()
            continue
        name, version = spec.split("==")
        {"lock": lock, "wheel": wheels}[kind][canonical(name)] = version.strip()
    if not pyodide:
        raise SystemExit(f"{path}: no 'pyodide <version>' line")
    return pyodide, lock, wheels


def run(*command: str, cwd: Path | None = None) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=cwd)


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm package `pyodide@version`, unpacked once into the cache."""
    folder = cache / f"pyodide-{version}"
    if (folder / "package" / "pyodide-lock.json").is_file():
        return folder / "package"
    folder.mkdir(parents=True, exist_ok=True)
    run("npm", "pack", f"pyodide@{version}", "--silent", "--pack-destination", str(folder))
    with tarfile.open(folder / f"pyodide-{version}.tgz") as archive:
        archive.extractall(folder, filter="data")
    return folder / "package"


def download(pins: dict[str, str], dest: Path) -> None:
    """Pure-Python wheels for the browser's Python, exactly these versions, no dependencies."""
    dest.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--implementation", "py", "--platform", "any", "--python-version", PYTHON_IN_BROWSER,
        "-d", str(dest), *(f"{name}=={version}" for name, version in sorted(pins.items())))


def vendor(cache: Path, static: Path) -> None:
    """The `VENDORED` npm packages' files, flat in their folders of `static`."""
    for name, version, files, into in VENDORED:
        folder = cache / f"{name}-{version}"
        if not all((folder / "package" / file).is_file() for file in files):
            folder.mkdir(parents=True, exist_ok=True)
            run("npm", "pack", f"{name}@{version}", "--silent", "--pack-destination", str(folder))
            with tarfile.open(folder / f"{name}-{version}.tgz") as archive:
                archive.extractall(folder, filter="data")
        (static / into).mkdir(parents=True, exist_ok=True)
        for file in files:
            shutil.copy2(folder / "package" / file, static / into / Path(file).name)


def wheel_for(name: str, version: str, folder: Path) -> Path:
    stem = canonical(name).replace("-", "_")
    for path in folder.glob("*.whl"):
        dist, found = path.name.split("-")[:2]
        if canonical(dist).replace("-", "_") == stem and found == version:
            return path
    raise SystemExit(f"no wheel for {name}=={version} in {folder}")


def lock_entry(path: Path) -> tuple[str, dict]:
    """A pyodide-lock.json entry for a pure-Python wheel the lock does not know."""
    dist, version = path.name.split("-")[:2]
    name = canonical(dist)
    return name, {"name": name, "version": version, "file_name": path.name, "install_dir": "site",
                  "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                  "package_type": "package", "imports": [], "depends": [],
                  "unvendored_tests": False, "shared_library": False}


def assemble_pyodide(core: Path, wheels: Path, pins: dict[str, str], out: Path,
                     extra: list[Path]) -> list[str]:
    """The Pyodide folder the site serves: the core, the pinned wheels and the `extra` ones (the
    widgets', sq_edu's, the page's), a lock naming only them. Returns the lock's package names:
    the site loads them all as Pyodide starts, in parallel, with no resolving in the browser."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in CORE_FILES:
        shutil.copy2(core / name, out / name)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    keys = {canonical(key): key for key in lock["packages"]}
    kept: dict[str, dict] = {}
    saved = 0
    for name, version in sorted(pins.items()):
        key = keys.get(name)
        entry = lock["packages"].get(key or "")
        if entry is None or entry["version"] != version:
            found = entry and entry["version"]
            raise SystemExit(f"pyodide-lock.json has {name} {found}, browser.txt pins {version}")
        path = wheel_for(name, version, wheels)
        if path.name != entry["file_name"]:
            raise SystemExit(f"{name}: the lock names {entry['file_name']}, got {path.name}")
        shutil.copy2(path, out / path.name)
        saved += slim_wheel(out / path.name)
        kept[key] = {**entry, "sha256": hashlib.sha256((out / path.name).read_bytes()).hexdigest()}
    for entry in kept.values():
        missing = [d for d in entry["depends"] if canonical(d) not in pins]
        if missing:
            raise SystemExit(f"{entry['name']} depends on {missing}: pin them in browser.txt")
    for path in extra:
        shutil.copy2(path, out / path.name)
        saved += slim_wheel(out / path.name)
        name, entry = lock_entry(out / path.name)
        kept[name] = entry
    print(f"wheels made {saved / 2**20:.1f} MiB smaller for the browser (lite/slim.py)")
    lock["packages"] = kept
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(kept)


def finish(out: Path) -> None:
    """Precompress the site's text files for static hosts (the stored zips: their copies only)."""
    from snapshot import STAND_INS
    run("node", str(HERE / "precompress.mjs"), "--stand-ins",
        *(str(out / "static" / "pyodide" / name) for name in STAND_INS))
    run("node", str(HERE / "precompress.mjs"), str(out))


def build(out: Path, cache: Path) -> None:
    from app_build import build_app, page_wheel  # beside this file
    from offline import make_offline
    from pages import write_pages
    from snapshot import brotli_done, make_snapshot

    version, lock_pins, wheel_pins = read_pins()
    core = fetch_pyodide(version, cache)
    lock_wheels, site_wheels = cache / "lock-wheels", cache / "site-wheels"
    download(lock_pins, lock_wheels)
    shutil.rmtree(site_wheels, ignore_errors=True)
    download(wheel_pins, site_wheels)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(site_wheels),
        str(ROOT))
    page_wheel(site_wheels)
    shutil.rmtree(out, ignore_errors=True)
    pyodide = out / "static" / "pyodide"
    packages = assemble_pyodide(core, lock_wheels, lock_pins, pyodide,
                                sorted(site_wheels.glob("*.whl")))
    brotli = make_snapshot(pyodide, version, cache / "snapshot")
    build_app(out, cache, packages)
    vendor(cache, out / "static")
    write_pages(out)
    make_offline(out, cache)   # it lists for the worker whatever the build made
    brotli_done(brotli, out)
    finish(out)   # then: the precompressed copies (never precached), the worker's files too
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site built in {out} ({size / 2**20:.0f} MB)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "site"), help="output folder (site/)")
    parser.add_argument("--cache", default=str(ROOT / ".cache" / "site"),
                        help="downloads kept between builds")
    args = parser.parse_args(argv)
    build(Path(args.out), Path(args.cache))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    sys.exit(main())
