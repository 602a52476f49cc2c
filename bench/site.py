"""The serverless site (`make site`): load to interactive, cold and warm, beside Voila's.

Cold: a new browser context (empty cache and storage) opens the page. Warm: the same context
opens it again, so the browser's cache has Pyodide and the wheels. Interactive: the dashboard's
app is drawn (the page's loading cover is gone). The equations dashboard under Voila (cold
kernel, same machine, same run) is the reference. Targets (issue 19): warm within 2x Voila's,
cold under 10 s. The site must be built first (`make site`).
"""

from __future__ import annotations

import statistics
import threading
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from sq_edu.server.server import VoilaServer
from tests.support.browser import keep_offline, launch_chromium, wait_rendered

SITE = Path(__file__).resolve().parents[1] / "site"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *_args: object) -> None:
        pass


def _site_load(context: Any, url: str) -> float:
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
    size = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file()) / 2**20
    rows: list[dict] = [{"benchmark": "site size", "value": size, "unit": "MB",
                         "target": "reference"}]
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Quiet, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            voila = statistics.median(_voila_load(browser, runs))
            rows.append({"benchmark": f"Voila equations, cold kernel (median of {runs})",
                         "value": voila, "unit": "s", "target": "reference"})
            for page in ("index.html", "equations.html?level=1&seed=1"):
                cold, warm = [], []
                for _ in range(runs):
                    context = browser.new_context(viewport={"width": 1200, "height": 900})
                    cold.append(_site_load(context, url + page))
                    warm.append(_site_load(context, url + page))
                    context.close()
                name = page.split(".")[0]
                rows.append({"benchmark": f"site {name} cold (median of {runs})",
                             "value": statistics.median(cold), "unit": "s",
                             "target": "< 10"})
                rows.append({"benchmark": f"site {name} warm (median of {runs})",
                             "value": statistics.median(warm), "unit": "s",
                             "target": f"<= {2 * voila:.1f} (2x Voila)"})
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return rows
