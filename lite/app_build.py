"""The site's app page: where every dashboard runs in the browser (lite/app/).

    app.html       the page the dashboard pages frame as `#app` (lite/app/app.html)
    sq-app.js/css  its widgets' front end: @jupyter-widgets/html-manager, the controls,
                   anywidget's front end, JupyterLite's drive for /drive (lite/app/src/page.mjs)
    sq-python.js   the Web Worker running Python (Pyodide) and /drive (lite/app/src/worker.mjs)

bundled by esbuild from npm packages pinned in lite/app/package-lock.json, and the small wheel
`sq_site_page` the worker's Python needs in place of a kernel: an `IPython` stand-in (what
ipywidgets and comm import from it) and the comm bridge (lite/app/py/). No JupyterLite app, no
IPython and no kernel reach the browser: a widget's message is one postMessage each way.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
APP = HERE / "app"
# The card picks of a plain first screen, shared with the class server's page template.
PLAIN_PICKS = HERE.parent / "sq_edu" / "server" / "templates" / "plain_picks.js"
STAMP = (1980, 1, 1, 0, 0, 0)   # the same bytes from every build
PAGE_WHEEL = "sq_site_page-1.0-py3-none-any.whl"


def page_wheel(dest: Path) -> Path:
    """`sq_site_page`: the IPython stand-in and the comm bridge, as a pure-Python wheel."""
    dist = "sq_site_page-1.0.dist-info"
    files = {str(p.relative_to(APP / "py")): p.read_bytes()
             for p in sorted((APP / "py").rglob("*.py"))}
    files[f"{dist}/METADATA"] = b"Metadata-Version: 2.1\nName: sq_site_page\nVersion: 1.0\n"
    files[f"{dist}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: sq_edu lite/app_build.py\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    files[f"{dist}/top_level.txt"] = b"IPython\nsq_page_bridge\n"
    files[f"{dist}/RECORD"] = b""
    dest.mkdir(parents=True, exist_ok=True)
    path = dest / PAGE_WHEEL
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as wheel:
        for file, data in files.items():
            wheel.writestr(zipfile.ZipInfo(file, STAMP), data, zipfile.ZIP_DEFLATED)
    return path


def node_modules(cache: Path) -> Path:
    """lite/app's npm packages, installed from the pinned lock (once per lock)."""
    folder = cache / "app"
    lock = (APP / "package-lock.json").read_bytes()
    stamp = folder / ".lock-sha256"
    digest = hashlib.sha256(lock).hexdigest()
    if stamp.is_file() and stamp.read_text() == digest and (folder / "node_modules").is_dir():
        return folder / "node_modules"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(APP / name, folder / name)
    command = ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"]
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=folder)
    stamp.write_text(digest)
    return folder / "node_modules"


def build_app(site: Path, cache: Path, packages: list[str]) -> None:
    """The bundles and app.html into `site`; `packages` are those a plain start loads."""
    modules = node_modules(cache)
    command = ["node", str(modules.parent / "bundle.mjs"), str(site.resolve()), str(APP / "src")]
    shutil.copy2(APP / "bundle.mjs", modules.parent / "bundle.mjs")   # esbuild's own import
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=modules.parent)
    page = (APP / "app.html").read_text(encoding="utf-8")
    page = page.replace("__PACKAGES__", json.dumps(packages))
    page = page.replace("__PLAIN_PICKS__", PLAIN_PICKS.read_text(encoding="utf-8"))
    (site / "app.html").write_text(page, encoding="utf-8")
