"""Build the serverless site: every dashboard as a static page that runs in the child's browser.

    python lite/build.py [--out site]

Everything comes from the package registries (npm for the Pyodide core, PyPI for wheels) and
nothing is fetched from a CDN at build or run time. The steps:

1. the Pyodide core from npm (`pyodide@<version>`; it has no packages of its own);
2. the pure-Python wheels Pyodide's lock names (IPython and friends) at exactly the locked
   versions, into a pruned `pyodide-lock.json` with recomputed sha256;
3. the kernel's, the widgets' and sq_edu's own wheels added to that lock, and every package
   loaded as Pyodide starts (in parallel, nothing resolved in the browser), PyPI fallback off;
4. a Pyodide memory snapshot with IPython, the widgets and sq_edu imported, and the packages
   as one zip (`lite/snapshot.py`): a page restores it instead of importing them again;
5. `jupyter lite build` (plain JupyterLite: its REPL app, inputs hidden, shows one app);
6. one page per dashboard (`equations.html?lang=ru&level=2&seed=12`) that runs the dashboard
   notebook's own code cells in that REPL, and a static index of the lessons;
7. installable and offline (`lite/offline.py`): manifests, icons, one service worker that
   precaches the site once a page is shown;
8. no source maps, and every text file precompressed as `.br` and `.gz` for static hosts.

Pins live in `lite/requirements.txt` (build tools) and `lite/browser.txt` (the browser side).
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

from slim import NAMED_NOT_SHIPPED, slim_wheel

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PYTHON_IN_BROWSER = "3.14"
# The teacher page's QR reader (exit tickets), vendored from npm so scanning works offline.
JSQR_VERSION = "1.4.0"
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


def vendor_jsqr(cache: Path, out: Path) -> None:
    """`jsqr@JSQR_VERSION` from npm: its browser build and licence, as `static/jsqr/`."""
    folder = cache / f"jsqr-{JSQR_VERSION}"
    if not (folder / "package" / "dist" / "jsQR.js").is_file():
        folder.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"jsqr@{JSQR_VERSION}", "--silent", "--pack-destination", str(folder))
        with tarfile.open(folder / f"jsqr-{JSQR_VERSION}.tgz") as archive:
            archive.extractall(folder, filter="data")
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy2(folder / "package" / "dist" / "jsQR.js", out / "jsQR.js")
    shutil.copy2(folder / "package" / "LICENSE", out / "LICENSE")


def wheel_for(name: str, version: str, folder: Path) -> Path:
    stem = canonical(name).replace("-", "_")
    for path in folder.glob("*.whl"):
        dist, found = path.name.split("-")[:2]
        if canonical(dist).replace("-", "_") == stem and found == version:
            return path
    raise SystemExit(f"no wheel for {name}=={version} in {folder}")


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels (its ipykernel and widgetsnbextension shims, piplite,
    pyodide_kernel), as jupyterlite-pyodide-kernel ships them."""
    import jupyterlite_pyodide_kernel  # the build environment's

    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    folder = share / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    found = [p for p in sorted(folder.glob("*.whl")) if "widgetsnbextension-3" not in p.name]
    if len(found) < 4:
        raise SystemExit(f"no kernel wheels in {folder} ({jupyterlite_pyodide_kernel.__file__})")
    return found


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
    kernel's, the widgets', sq_edu), a lock naming only them. Returns the lock's package names:
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


# JupyterLab plugins a page's REPL never uses (its prompt, toolbar and menus are hidden, its
# outputs are widgets and text): not activated, so the app starts sooner. Their code still
# loads (the REPL's bundle holds it); what is saved is their start-up work and the settings,
# schemas and lazy chunks they ask for (tests/site/test_site.py fails on any console error).
NOT_IN_REPL = [
    "@jupyterlab/codemirror-extension:commands",
    "@jupyterlab/codemirror-extension:line-col-status",
    "@jupyterlab/application-extension:context-menu",
    "@jupyterlab/application-extension:faviconbusy",
    "@jupyterlab/apputils-extension:licenses-client",
    "@jupyterlab/apputils-extension:licenses-plugin",
    "@jupyterlab/apputils-extension:palette",
    "@jupyterlab/apputils-extension:themes-palette-menu",
    "@jupyterlab/apputils-extension:utilityCommands",
    "@jupyterlab/apputils-extension:move-sections",
    "@jupyterlab/audio-extension",
    "@jupyterlab/video-extension",
    "@jupyterlab/imageviewer-extension",
    "@jupyterlab/pdf-extension",
    "@jupyterlab/vega5-extension",
    "@jupyterlab/json-extension",
    "@jupyterlab/json-lines-extension",
    "@jupyterlab/javascript-extension",
    "@jupyterlab/markdownviewer-extension",
    "@jupyterlab/markedparser-extension",
    "@jupyterlab/mathjax-extension",
    "@jupyterlab/completer-extension:base-service",   # its manager stays: the console
    "@jupyterlab/completer-extension:inline-history",   # registers commands with it
    "@jupyterlab/completer-extension:inline-completer-factory",
    "@jupyterlab/completer-extension:inline-completer",
    "@jupyterlab/console-extension:cursor-position",
    "@jupyterlab/console-extension:foreign",
    "@jupyterlab/docmanager-extension:recents",
    "@jupyterlab/lsp-extension",
    "@jupyterlab/shortcuts-extension",
    "@jupyterlab/theme-dark-extension",
    "@jupyterlab/theme-dark-high-contrast-extension",
    "@jupyterlab/tooltip-extension",
    "@jupyterlite/application-extension:about",
    "@jupyterlite/application-extension:clear-browser-data",
    "@jupyterlite/application-extension:download",
    "@jupyterlite/application-extension:licenses-client",
    "@jupyterlite/application-extension:logo",
    "@jupyterlite/application-extension:lsp-connection-manager",
    "@jupyterlite/application-extension:notify-commands",
    "@jupyterlite/application-extension:plugin-manager",
    "@jupyterlite/apputils-extension:kernel-status",
    "@jupyterlite/repl-extension:buttons",
    "@jupyterlite/repl-extension:share",
]


def lite_config(lite_dir: Path, packages: list[str]) -> None:
    """jupyter-lite.json: local Pyodide with every package loaded at start, no PyPI, no plugin
    that fails in the REPL alone. (`use_loader` points the built site at the snapshot's loader.)"""
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "sq_edu",
            # The learners' progress under names no other JupyterLite app on the origin uses
            # (its default is "JupyterLite Storage"); docs/site.md: an origin of its own.
            "contentsStorageName": "sq-edu-progress",
            "settingsStorageName": "sq-edu-settings",
            "disabledExtensions": NOT_IN_REPL,
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": [*packages, *NAMED_NOT_SHIPPED]},
                },
            },
        },
    }
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")


def finish(out: Path) -> None:
    """Drop the source maps (only a developer's open devtools ask for them; 50 MB the site's
    offline copy would otherwise download) and precompress the rest for static hosts."""
    maps = list(out.rglob("*.map"))
    saved = sum(path.stat().st_size for path in maps)
    for path in maps:
        path.unlink()
    print(f"dropped {len(maps)} source maps ({saved / 2**20:.0f} MiB)")
    from snapshot import STAND_INS
    run("node", str(HERE / "precompress.mjs"), "--stand-ins",
        *(str(out / "static" / "pyodide" / name) for name in STAND_INS))
    run("node", str(HERE / "precompress.mjs"), str(out))


def build(out: Path, cache: Path) -> None:
    from offline import make_offline  # beside this file
    from pages import write_pages
    from snapshot import brotli_done, make_snapshot, use_loader

    version, lock_pins, wheel_pins = read_pins()
    core = fetch_pyodide(version, cache)
    lock_wheels, site_wheels = cache / "lock-wheels", cache / "site-wheels"
    download(lock_pins, lock_wheels)
    shutil.rmtree(site_wheels, ignore_errors=True)
    download(wheel_pins, site_wheels)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(site_wheels),
        str(ROOT))
    lite_dir = cache / "lite"
    shutil.rmtree(lite_dir, ignore_errors=True)   # with its .jupyterlite.doit.db: no stale steps
    extra = [*kernel_wheels(), *sorted(site_wheels.glob("*.whl"))]
    packages = assemble_pyodide(core, lock_wheels, lock_pins, lite_dir / "static" / "pyodide",
                                extra)
    brotli = make_snapshot(lite_dir / "static" / "pyodide", version, cache / "snapshot")
    lite_config(lite_dir, packages)
    shutil.rmtree(out, ignore_errors=True)
    run(sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite_dir),
        "--output-dir", str(out.resolve()), cwd=lite_dir)
    use_loader(out)
    vendor_jsqr(cache, out / "static" / "jsqr")
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
