"""The site installable and offline: web app manifests, icons and one service worker.

    python lite/offline.py site/      (lite/build.py runs it last, on whatever the build made)

- a manifest per language (`sq-edu-en.webmanifest`, ...) whose start page is the index in that
  language, the icons Chromium asks of an installable app (lite/pwa/icons/), linked from every
  page with `sq-offline.js` (lite/pwa/), which picks the page's language;
- one service worker, `service-worker.js` (it carries /drive, the progress, and the lock across
  tabs), built from lite/pwa/service-worker.js by Workbox's `injectManifest` (npm
  `workbox-build`, pinned in lite/pwa/package-lock.json), which lists every file of the site
  with its revision. The worker fills its precache only when a page on the screen asks, never
  as it installs.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PWA = HERE / "pwa"
ROOT = HERE.parent
THEME = "#1d4ed8"   # the site's link colour
WORKBOX_DIR = "workbox"
# Workbox's runtime as workbox-sw loads it: the loader and the modules precaching needs.
WORKBOX_FILES = {"workbox-sw": "workbox-sw.js", "workbox-core": "workbox-core.prod.js",
                 "workbox-routing": "workbox-routing.prod.js",
                 "workbox-strategies": "workbox-strategies.prod.js",
                 "workbox-precaching": "workbox-precaching.prod.js"}
ICONS = (("icon-192.png", "192x192", "any"), ("icon-512.png", "512x512", "any"),
         ("maskable-512.png", "512x512", "maskable"))
# Not precached: source maps, the worker's own scripts (the browser keeps those), the snapshot
# and the stored zips (the page's loader keeps them unpacked in a cache of its own,
# lite/sq-pyodide.mjs), and what only the plain start (the loader's fallback) fetches: Pyodide's
# deflated standard library and the wheels (`plain_start_only`), and the loader's brotli decoder
# (needed only to fetch those, online).
NOT_PRECACHED = ["**/*.map", "service-worker.js", f"{WORKBOX_DIR}/**",
                 "static/pyodide/sq_edu.snapshot*", "static/pyodide/sq-site.zip*",
                 "static/pyodide/sq-edu.zip*",
                 "static/pyodide/sq-stdlib.zip*", "static/pyodide/python_stdlib.zip",
                 "static/brotli/**"]
MAX_FILE_BYTES = 64 * 2**20
HEAD_MARK = 'id="sq-manifest"'
APP_PAGE = "app.html"   # lite/app_build.py


def plain_start_only(site: Path) -> list[str]:
    """The wheels: only Pyodide's plain start loads them (a snapshot start unpacks sq_edu from
    its stored zip, lite/snapshot.py)."""
    folder = site / "static" / "pyodide"
    return [f"static/pyodide/{path.name}" for path in sorted(folder.glob("*.whl"))]


def workbox(cache: Path) -> Path:
    """node_modules with workbox-build, installed from the pinned lock (once per lock)."""
    folder = cache / "pwa"
    lock = (PWA / "package-lock.json").read_bytes()
    stamp = folder / ".lock-sha256"
    digest = hashlib.sha256(lock).hexdigest()
    if stamp.is_file() and stamp.read_text() == digest and (folder / "node_modules").is_dir():
        return folder / "node_modules"
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(PWA / name, folder / name)
    command = ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=folder)
    stamp.write_text(digest)
    return folder / "node_modules"


def manifest(lang: str) -> dict[str, object]:
    from sq_edu.i18n import t

    return {
        "id": "./",   # one app whatever the language it was installed in
        "name": t("common.app_name", lang),
        "short_name": t("offline.app_short_name", lang),
        "description": t("offline.app_description", lang),
        "lang": lang,
        "start_url": f"./index.html?lang={lang}",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME,
        "icons": [{"src": f"pwa/{name}", "sizes": sizes, "type": "image/png", "purpose": purpose}
                  for name, sizes, purpose in ICONS],
    }


def page_script() -> str:
    from sq_edu.i18n import DEFAULT_LANG, LANGS, t

    words = {lang: t("offline.ready", lang) for lang in LANGS}
    script = (PWA / "sq-offline.js").read_text(encoding="utf-8")
    for mark, value in (("@LANGS@", json.dumps(list(LANGS))), ("@DEFAULT_LANG@", DEFAULT_LANG),
                        ("@WORDS@", json.dumps(words, ensure_ascii=False))):
        script = script.replace(mark, value)
    return script


def link_pages(site: Path) -> list[str]:
    """Every page of the site (the top-level .html) links the manifest and sq-offline.js; not
    the app page (app.html), which lives inside a dashboard page's frame."""
    from sq_edu.i18n import DEFAULT_LANG

    head = (f'<link rel="manifest" {HEAD_MARK} href="sq-edu-{DEFAULT_LANG}.webmanifest">'
            f'<meta name="theme-color" content="{THEME}">'
            '<link rel="apple-touch-icon" href="pwa/icon-192.png">'
            '<script src="sq-offline.js"></script>')
    linked = []
    for page in sorted(site.glob("*.html")):
        if page.name == APP_PAGE:
            continue
        text = page.read_text(encoding="utf-8")
        if HEAD_MARK not in text and "</head>" in text:
            page.write_text(text.replace("</head>", head + "</head>", 1), encoding="utf-8")
        linked.append(page.name)
    return linked


def make_offline(site: Path, cache: Path) -> dict[str, object]:
    """Add the manifests, icons, page script and the worker to a built site; returns Workbox's
    count and size of the precache."""
    from sq_edu.i18n import LANGS

    site = site.resolve()
    worker = site / "service-worker.js"
    modules = workbox(cache)
    runtime = site / WORKBOX_DIR
    runtime.mkdir(exist_ok=True)
    for package, name in WORKBOX_FILES.items():
        shutil.copy2(modules / package / "build" / name, runtime / name)
    (site / "pwa").mkdir(exist_ok=True)
    for name, _sizes, _purpose in ICONS:
        shutil.copy2(PWA / "icons" / name, site / "pwa" / name)
    for lang in LANGS:
        (site / f"sq-edu-{lang}.webmanifest").write_text(
            json.dumps(manifest(lang), ensure_ascii=False, indent=1), encoding="utf-8")
    (site / "sq-offline.js").write_text(page_script(), encoding="utf-8")
    link_pages(site)
    with tempfile.TemporaryDirectory() as scratch:
        options = Path(scratch) / "options.json"
        options.write_text(json.dumps({
            "modules": str(modules), "site": str(site), "swSrc": str(PWA / "service-worker.js"),
            "swDest": str(worker), "ignore": [*NOT_PRECACHED, *plain_start_only(site)],
            "maxFileBytes": MAX_FILE_BYTES,
        }), encoding="utf-8")
        done = subprocess.run(["node", str(PWA / "build-sw.mjs"), str(options)], check=True,
                              capture_output=True, text=True)
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    if report.get("warnings"):
        raise SystemExit(f"lite/offline.py: Workbox warns: {report['warnings']}")
    listed = re.findall(r'"url":"([^"]+)"', worker.read_text(encoding="utf-8"))
    report["precached"] = sum((site / url).stat().st_size for url in listed)
    print(f"offline: the worker precaches {len(listed)} files, "
          f"{int(report['precached']) / 2**20:.1f} MiB", flush=True)
    return report


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    site = Path(args[0]) if args else ROOT / "site"
    make_offline(site, ROOT / ".cache" / "site")
    return 0


if __name__ == "__main__":
    sys.exit(main())
