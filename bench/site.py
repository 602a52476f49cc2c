"""The serverless site (`make site`): its weight on a first visit and its load time, beside Voila.

Weight: a fresh browser context opens a lesson page from a static server; every file the
server sends is added up raw, gzipped and in brotli, each file at most its raw size (a host
sends a zip as it is). Two kinds of host: one that serves the build's precompressed copies
(nginx `brotli_static`, Caddy, Apache with docs/site.md's rules: its brotli figure counts), and
a plain one (GitHub Pages, Netlify, Cloudflare Pages, `python -m http.server`: each file as it
is, gzipped on the fly; its gzip figure counts), where the page's loader fetches the snapshot
and the zips as brotli files and unpacks them itself. Then a second lesson page in the same
context: only the bytes it needs that the first did not fetch (the browser's cache and the
site's own caches hold the rest). The full list of the first visit's files goes to
`test-artifacts/site-files.tsv`.

Time: cold is a new browser context (empty cache and storage) opening the page; warm is the
same context opening it again. Interactive: the dashboard's app is drawn (the page's loading
cover is gone). The equations dashboard under Voila is the reference in the same run: cold is
its first load in a new browser page (new kernel), warm the median of the next loads (browser
cache warm, a new kernel each time, as a child reopening the link). Targets: first
visit <= 10 MiB compressed, a further page <= 1 MiB new, cold <= 3 s, warm <= Voila's.
The site must be built first (`make site`).
"""

from __future__ import annotations

import gzip
import json
import os
import re
import statistics
import subprocess
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from sq_edu.server.server import VoilaServer
from tests.support.browser import keep_offline, launch_chromium, wait_rendered

ROOT = Path(__file__).resolve().parents[1]
# SQ_EDU_SITE: another build (e.g. a copy kept to compare before and after a change).
SITE = Path(os.environ.get("SQ_EDU_SITE", ROOT / "site"))
LESSON = "equations.html?level=1&seed=1"
SECOND = "queen_points.html?level=1&seed=1"
MIB = 2**20
PRECACHE = "precache:"   # marks a file the site's worker fetched for its offline copy
BROTLI_SIZES = """
const fs = require("fs"), zlib = require("zlib");
const out = {};
for (const file of JSON.parse(fs.readFileSync(0, "utf8"))) {
  out[file] = zlib.brotliCompressSync(fs.readFileSync(file), {params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
    [zlib.constants.BROTLI_PARAM_LGWIN]: 22}}).length;
}
process.stdout.write(JSON.stringify(out));
"""


class _Recording(SimpleHTTPRequestHandler):
    """A plain static server that notes every file it sends in full (status 200). Like nginx's
    `brotli_static`/`gzip_static` or Caddy's `precompressed`, it answers for an empty file that
    stands for its `.br`/`.gz` copies (the snapshot, lite/snapshot.py) with a copy and its
    Content-Encoding; every other file goes as it is (its compressed size is counted instead)."""

    sent: list[str]
    precompressed = True   # False: a plain host, every file sent as it is

    def log_message(self, *_args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        accepted = self.headers.get("Accept-Encoding", "")
        if self.precompressed and os.path.isfile(path) and os.path.getsize(path) == 0:
            for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
                if encoding in accepted and os.path.isfile(path + suffix):
                    body = open(path + suffix, "rb")   # noqa: SIM115 (the handler closes it)
                    self.send_response(200)
                    self.send_header("Content-Type", "application/octet-stream")
                    self.send_header("Content-Encoding", encoding)
                    self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
                    self.end_headers()
                    return body
        return super().send_head()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if str(code) == "200":
            name = unquote(urlsplit(self.path).path).lstrip("/") or "index.html"
            # the worker's background fill (lite/pwa/service-worker.js marks its requests)
            self.sent.append(PRECACHE + name if self.headers.get("X-SQ-Precache") else name)


def _file(name: str) -> Path:
    path = SITE / name
    return path / "index.html" if path.is_dir() else path


def _packed_sizes() -> dict[str, int]:
    """The unpacked sizes of the files sent as `.br` copies, as the site's loader knows them."""
    loader = (SITE / "static" / "pyodide" / "sq-pyodide.mjs").read_text(encoding="utf-8")
    return json.loads(re.search(r"const PACKED = (\{.*?\});", loader).group(1))


# Sent as they are by any host: compressing them again gains nothing.
COMPRESSED = (".gz", ".zip", ".whl", ".png", ".ico", ".woff", ".woff2", ".br")


def compressed_sizes(names: set[str], plain: bool = False) -> dict[str, tuple[int, int, int]]:
    """(raw, gzip, brotli) bytes per file, a compressed size never above the raw one. A
    precompressed sibling (`x.gz`, `x.br` as the build writes them) is taken as it is; else
    gzip -9 and brotli 9 (a host compressing as it serves). `plain`: an empty file is 0 bytes,
    not its `.br` copy (a plain host sends it as it is)."""
    sizes = {}
    packed = _packed_sizes()
    for name in names:   # an empty file sent as its .br copy (the snapshot, the zips)
        path = _file(name)
        br = path.with_name(path.name + ".br")
        if not plain and path.is_file() and path.stat().st_size == 0 and br.is_file():
            sizes[name] = (packed[path.name], br.stat().st_size, br.stat().st_size)
    files = {name: _file(name) for name in names if _file(name).is_file() and name not in sizes}
    need_br = [str(p) for p in files.values() if not p.with_name(p.name + ".br").is_file()
               and not p.name.endswith(COMPRESSED)]
    brotli: dict[str, int] = {}
    if need_br:
        done = subprocess.run(["node", "-e", BROTLI_SIZES], input=json.dumps(need_br),
                              capture_output=True, text=True, check=True)
        brotli = json.loads(done.stdout)
    for name, path in files.items():
        raw = path.stat().st_size
        gz, br = path.with_name(path.name + ".gz"), path.with_name(path.name + ".br")
        if path.name.endswith(COMPRESSED):
            sizes[name] = (raw, raw, raw)
            continue
        gz_size = gz.stat().st_size if gz.is_file() else len(
            gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))
        br_size = br.stat().st_size if br.is_file() else brotli[str(path)]
        sizes[name] = (raw, min(raw, gz_size), min(raw, br_size))
    return sizes


def _total(sizes: dict[str, tuple[int, int, int]], names: set[str]) -> tuple[float, ...]:
    rows = [sizes[name] for name in names if name in sizes]
    return tuple(sum(row[i] for row in rows) / MIB for i in range(3))


def _open(context: Any, url: str) -> float:
    page = context.new_page()
    start = time.monotonic()
    page.goto(url)
    if "index.html" in url:
        page.wait_for_selector(".sq-lesson-card", state="visible", timeout=60_000)
    else:
        page.wait_for_selector("#loading", state="hidden", timeout=300_000)
    seconds = time.monotonic() - start
    page.close()
    return seconds


def _settle(context: Any, sent: list[str]) -> None:
    """Wait until the server has been quiet for 2 s (background fetches of a page done)."""
    count, quiet = -1, time.monotonic()
    while time.monotonic() - quiet < 2:
        if len(sent) != count:
            count, quiet = len(sent), time.monotonic()
        time.sleep(0.2)


# The snapshot and zip kept in Cache Storage for the next pages (lite/sq-pyodide.mjs).
KEPT_SNAPSHOT = """async () => {
  for (const name of await caches.keys()) {
    if (name.startsWith("sq_edu-snapshot-")
        && (await (await caches.open(name)).keys()).some((r) => r.url.endsWith(".snapshot")))
      return true;
  }
  return false;
}"""


# The page's worker has kept the site for offline use (lite/pwa/sq-offline.js).
KEPT_SITE = "() => ['ready', 'failed'].includes(document.documentElement.dataset.sqOffline)"


def weight_rows(browser: Any, url: str, sent: list[str]) -> list[dict]:
    """Files of a first visit until the lesson shows, of the background download after it
    (the snapshot kept for the next pages), and new files of a second lesson page."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    sent.clear()
    page = context.new_page()
    page.goto(url + LESSON)
    page.wait_for_selector("#loading", state="hidden", timeout=300_000)
    shown = len(sent)   # the background fill may have begun: its files count after it
    first = {name for name in sent[:shown] if not name.startswith(PRECACHE)}
    page.wait_for_function(KEPT_SNAPSHOT, polling=500, timeout=300_000)
    page.wait_for_function(KEPT_SITE, polling=500, timeout=600_000)
    _settle(context, sent)
    # with repeats: a file the precache downloads a second time counts
    later = [name.removeprefix(PRECACHE) for index, name in enumerate(sent)
             if index >= shown or name.startswith(PRECACHE)]
    background = set(later) - first
    page.close()
    sent.clear()
    _open(context, url + SECOND)
    _settle(context, sent)
    second = {name.removeprefix(PRECACHE) for name in sent} - first - background
    context.close()
    sizes = compressed_sizes(first | background | second)
    again = [name for name in later if name in first]
    ARTIFACTS = ROOT / "test-artifacts"
    ARTIFACTS.mkdir(exist_ok=True)
    lines = ["file\traw\tgzip\tbrotli"] + [
        f"{name}\t{raw}\t{gz}\t{br}" for name, (raw, gz, br) in
        sorted(sizes.items(), key=lambda item: -item[1][2]) if name in first]
    (ARTIFACTS / "site-files.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\nFirst visit of", LESSON, "- largest files (MiB raw / gzip / brotli):")
    for line in lines[1:13]:
        name, raw, gz, br = line.split("\t")
        print(f"  {name:60} {int(raw) / MIB:6.2f} {int(gz) / MIB:6.2f} {int(br) / MIB:6.2f}")
    raw, gz, br = _total(sizes, first)
    new_raw, new_gz, new_br = _total(sizes, second)
    after = [sum(sizes[name][1] for name in names if name in sizes) / MIB
             for names in (later, again)]
    page = LESSON.split(".")[0]
    return [
        {"benchmark": f"site {page} first visit: files", "value": len(first), "unit": "files",
         "target": "reference"},
        {"benchmark": f"site {page} first visit, raw", "value": raw, "unit": "MiB",
         "target": "reference"},
        {"benchmark": f"site {page} first visit, host with precompressed copies (brotli)",
         "value": br, "unit": "MiB", "target": "<= 10"},
        {"benchmark": f"site {page} after it shows, background (gzip)", "value": after[0],
         "unit": "MiB", "target": "reference"},
        {"benchmark": f"site {page} background: first-visit files again (gzip)",
         "value": after[1], "unit": "MiB", "target": "0"},
        {"benchmark": f"site {SECOND.split('.')[0]} next page: new files", "value": len(second),
         "unit": "files", "target": "reference"},
        {"benchmark": f"site {SECOND.split('.')[0]} next page, new raw", "value": new_raw,
         "unit": "MiB", "target": "reference"},
        {"benchmark": f"site {SECOND.split('.')[0]} next page, new gzip", "value": new_gz,
         "unit": "MiB", "target": "<= 1"},
        {"benchmark": f"site {SECOND.split('.')[0]} next page, new brotli", "value": new_br,
         "unit": "MiB", "target": "<= 1"},
    ]


def plain_host_rows(browser: Any, url: str, sent: list[str], runs: int) -> list[dict]:
    """A plain host: the first visit's files as it sends them, and the lesson's cold start
    there (the loader fetches the brotli copies as files and unpacks them itself)."""
    cold = []
    for run in range(runs):
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        sent.clear()
        cold.append(_open(context, url + LESSON))
        if run == 0:
            first = {name for name in sent if not name.startswith(PRECACHE)}
        context.close()
    sizes = compressed_sizes(first, plain=True)
    gz = _total(sizes, first)[1]
    print("\nFirst visit of", LESSON, "from a plain host - largest files (MiB gzip):")
    for name, (_, size, _) in sorted(sizes.items(), key=lambda item: -item[1][1])[:8]:
        print(f"  {name:60} {size / MIB:6.2f}")
    page = LESSON.split(".")[0]
    return [
        {"benchmark": f"site {page} first visit, plain host: files", "value": len(first),
         "unit": "files", "target": "reference"},
        {"benchmark": f"site {page} first visit, plain host (gzip)", "value": gz,
         "unit": "MiB", "target": "<= 10"},
        {"benchmark": f"site {page} cold, plain host (median of {runs})",
         "value": statistics.median(cold), "unit": "s", "target": "reference"},
    ]


def _serve(handler: type) -> tuple[ThreadingHTTPServer, str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def _voila_load(browser: Any, runs: int) -> list[float]:
    times = []
    with VoilaServer(preheat=False) as server:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        keep_offline(page, server.url)
        for _ in range(runs):
            start = time.monotonic()
            page.goto(f"{server.url}voila/render/equations.ipynb")
            wait_rendered(page, ".sq-lesson-app", timeout=120)
            times.append(time.monotonic() - start)
            page.goto("about:blank")
        page.close()
    return times


def run(quick: bool = False) -> list[dict]:
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").is_file():
        raise RuntimeError("site/ is not built: run `make site` first")
    runs = 2 if quick else 5
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file()) / MIB
    rows: list[dict] = [{"benchmark": "site size on disk", "value": size, "unit": "MiB",
                         "target": "reference"}]
    sent: list[str] = []
    server, url = _serve(type("Recording", (_Recording,), {"sent": sent}))
    plain, plain_url = _serve(type("Plain", (_Recording,), {"sent": sent,
                                                            "precompressed": False}))
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            rows += weight_rows(browser, url, sent)
            rows += plain_host_rows(browser, plain_url, sent, runs)
            voila = _voila_load(browser, runs + 1)
            voila_warm = statistics.median(voila[1:])
            rows.append({"benchmark": "Voila equations, cold (first load)",
                         "value": voila[0], "unit": "s", "target": "reference"})
            rows.append({"benchmark": f"Voila equations, warm (median of {runs})",
                         "value": voila_warm, "unit": "s", "target": "reference"})
            for page in ("index.html", LESSON):
                cold, warm = [], []
                for _ in range(runs):
                    context = browser.new_context(viewport={"width": 1200, "height": 900})
                    cold.append(_open(context, url + page))
                    warm.append(_open(context, url + page))
                    context.close()
                name = page.split(".")[0]
                rows.append({"benchmark": f"site {name} cold (median of {runs})",
                             "value": statistics.median(cold), "unit": "s",
                             "target": "<= 3"})
                rows.append({"benchmark": f"site {name} warm (median of {runs})",
                             "value": statistics.median(warm), "unit": "s",
                             "target": f"<= {voila_warm:.2f} (Voila warm)"})
            browser.close()
    finally:
        for each in (server, plain):
            each.shutdown()
            each.server_close()
    return rows
