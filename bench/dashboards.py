"""Dashboards in Chromium: time to interactive (preheated and cold) and click latency.

Every figure is measured next to a baseline, a one-button Voila notebook served by the same
server in the same run, because on a 2-core machine nearly all of a page's time is Voila's own
page and scripts. Targets: each dashboard interactive within baseline + 0.5 s, preheated and
cold (an earlier target allowed + 1 s); p95 click-to-updated-page under 150 ms.

Time to interactive: from navigation start until the app's widgets are visible. Click latency:
from the click event to the first change of text in the page (the kernel's answer), measured in
the page with a MutationObserver, so the browser's own timing is used, not Playwright's.
"""

from __future__ import annotations

import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat

from sq_edu.server.server import VoilaServer, notebooks_dir
from tests.support.browser import keep_offline, launch_chromium, wait_rendered

BASELINE_CODE = (
    "import ipywidgets as widgets\n"
    "button = widgets.Button(description='0')\n"
    "button.on_click(lambda b: setattr(b, 'description', str(int(b.description) + 1)))\n"
    "button"
)

# For the click-latency figure: what to click, and a text only the kernel's answer changes
# (a card's own redraw is local to the browser, so the hand's summary line is watched).
CLICK_TARGETS: dict[str, tuple[str, str]] = {
    "baseline": ("button", "button"),
    "index": (".sq-language-switch", ".sq-index-app h1"),
    "equations": (".sq-answer-cards button[data-index='0']", ".sq-answer-cards .sq-hand-summary"),
}

_OBSERVE = """
([click, watch]) => new Promise((resolve, reject) => {
  const target = document.querySelector(`#rendered_cells ${click}`);
  const watched = document.querySelector(`#rendered_cells ${watch}`);
  if (!target || !watched) { reject(new Error('missing: ' + click + ' / ' + watch)); return; }
  const before = watched.textContent;
  let start = null;
  const done = () => { observer.disconnect(); resolve(performance.now() - start); };
  const observer = new MutationObserver(() => {
    const now = document.querySelector(`#rendered_cells ${watch}`);
    if (start !== null && now && now.textContent !== before) done();
  });
  observer.observe(document.querySelector('#rendered_cells'),
                   {childList: true, characterData: true, subtree: true});
  document.addEventListener('click', () => { start = performance.now(); },
                            {capture: true, once: true});
  target.click();
  setTimeout(() => { observer.disconnect(); reject(new Error('no update in 10 s')); }, 10000);
})
"""


def _baseline_notebook(folder: Path) -> None:
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(BASELINE_CODE)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, folder / "baseline.ipynb")


def _serving_folder(only: list[str]) -> tuple[Path, list[str]]:
    """A temporary folder with the dashboards and the baseline, so one server serves all.

    `only` (from `SQ_EDU_BENCH_DASHBOARDS=index,equations`) limits the dashboards measured.
    """
    folder = Path(tempfile.mkdtemp(prefix="sq-bench-"))
    names = ["baseline"]
    for path in sorted(notebooks_dir().glob("*.ipynb")):
        if any(only) and path.stem not in only:
            continue
        shutil.copyfile(path, folder / path.name)
        names.append(path.stem)
    _baseline_notebook(folder)
    return folder, names


def _cpu_ticks(root: int) -> int:
    """CPU time (clock ticks) used so far by Voila and its kernels (its child processes)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if stat.parent.name == str(root) or fields[1] == str(root):
            total += int(fields[11]) + int(fields[12])
    return total


def _wait_quiet(server: VoilaServer, timeout: float = 60.0) -> None:
    """Wait until Voila and its kernels are idle: the preheated pool has been refilled and
    has run the notebook up to the point where it waits for a request."""
    if server.pid is None:
        return
    deadline = time.monotonic() + timeout
    quiet = 0
    before = _cpu_ticks(server.pid)
    while quiet < 3 and time.monotonic() < deadline:
        time.sleep(0.5)
        now = _cpu_ticks(server.pid)
        quiet = quiet + 1 if now - before <= 3 else 0
        before = now


def _load(page: Any, url: str) -> float:
    start = time.monotonic()
    page.goto(url)
    wait_rendered(page, ".jupyter-widgets", timeout=120)
    return time.monotonic() - start


def _tti(page: Any, server: VoilaServer, names: list[str], runs: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {name: [] for name in names}
    for name in names:
        for _ in range(runs):
            _wait_quiet(server)  # preheated: the pool is refilled; cold: old kernels are gone
            times[name].append(_load(page, f"{server.url}voila/render/{name}.ipynb"))
    page.goto("about:blank")
    return times


def _clicks(page: Any, server: VoilaServer, name: str, clicks: int) -> list[float]:
    _load(page, f"{server.url}voila/render/{name}.ipynb")
    latencies = []
    for _ in range(clicks):
        latencies.append(float(page.evaluate(_OBSERVE, list(CLICK_TARGETS[name]))))
        page.wait_for_timeout(100)
    return latencies


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def run(quick: bool = False) -> list[dict]:
    from playwright.sync_api import sync_playwright

    runs, clicks = (2, 10) if quick else (5, 40)
    folder, names = _serving_folder(os.environ.get("SQ_EDU_BENCH_DASHBOARDS", "").split(","))
    rows: list[dict] = []
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            for preheat in (True, False):
                mode = "preheated" if preheat else "cold"
                log = folder / f"voila-{mode}.log"
                with VoilaServer(folder, preheat=preheat, log_path=log) as server:
                    keep_offline(page, server.url)
                    times = _tti(page, server, names, runs)
                    base = statistics.median(times["baseline"])
                    for name in names:
                        value = statistics.median(times[name])
                        target = "reference" if name == "baseline" else f"<= {base + 0.5:.2f}"
                        rows.append({"benchmark": f"time to interactive {name} ({mode}, "
                                     f"median of {runs})", "value": value, "unit": "s",
                                     "target": target})
                    if not preheat:
                        for name in CLICK_TARGETS:
                            if name not in names:
                                continue
                            values = _clicks(page, server, name, clicks)
                            for label, figure in (("median", statistics.median(values)),
                                                  ("p95", _p95(values))):
                                rows.append({"benchmark": f"click to updated page {name} "
                                             f"({label} of {clicks})", "value": figure,
                                             "unit": "ms", "target": "p95 < 150"})
                    page.unroute("**/*")
            browser.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return rows
