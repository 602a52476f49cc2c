"""Measure the lean page beside Voila (and the JupyterLite site if built), as bench/site.py does.

    .venv/bin/python lite/lean/measure.py [--runs 5] [--variant NAME=FOLDER ...]

Each variant is served by bench/site.py's own recording static server (an empty file with
`.br`/`.gz` copies is sent as its copy with Content-Encoding, every other file as it is) and
weighed by its own `compressed_sizes` (each file raw, gzip -9 and brotli 9, or the build's
precompressed copies): the files a fresh Chromium context fetches until the lesson shows
(`#loading` hidden: the app is in the page), then any fetched after (2 s quiet). Cold: a new
context opens the page; warm: the same context opens it again; median of `--runs`, variants
interleaved run by run so the machine's load drifts over all alike. Voila's equations page in
the same run: bench/site.py's `_voila_load` (warm = median of the loads after the first).
Results go to lite/lean/results/<UTC time>.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))

import bench.site as bench  # noqa: E402
from tests.support.browser import launch_chromium  # noqa: E402

LESSON = "equations.html?level=1&seed=1"
MIB = 2**20


class Variant:
    """One build served on its own port, its requests recorded."""

    def __init__(self, name: str, folder: Path) -> None:
        self.name, self.folder = name, folder
        self.sent: list[str] = []
        handler = type("Recording", (bench._Recording,), {"sent": self.sent})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0),
                                          partial(handler, directory=str(folder)))
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def weigh(browser: Any, variant: Variant) -> dict[str, Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    variant.sent.clear()
    page = context.new_page()
    page.goto(variant.url + LESSON)
    page.wait_for_selector("#loading", state="hidden", timeout=300_000)
    shown = len(variant.sent)
    marks = page.evaluate("window.sqLeanMarks || null")
    bench._settle(context, variant.sent)
    first = {n for n in variant.sent[:shown] if not n.startswith(bench.PRECACHE)}
    after = {n.removeprefix(bench.PRECACHE) for n in variant.sent[shown:]} - first
    context.close()
    bench.SITE = variant.folder   # compressed_sizes reads the files from bench.SITE
    sizes = bench.compressed_sizes(first | after)
    raw, gz, br = bench._total(sizes, first)
    largest = sorted(((n, *sizes[n]) for n in first if n in sizes), key=lambda r: -r[3])[:12]
    return {"files": len(first), "raw": raw, "gzip": gz, "brotli": br,
            "after_files": len(after), "after_gzip": bench._total(sizes, after)[1],
            "marks": marks,
            "largest": [(n, r / MIB, g / MIB, b / MIB) for n, r, g, b in largest]}


def timed(browser: Any, variant: Variant) -> tuple[float, float, Any]:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    cold = bench._open(context, variant.url + LESSON)
    page = context.new_page()
    start = time.monotonic()
    page.goto(variant.url + LESSON)
    page.wait_for_selector("#loading", state="hidden", timeout=300_000)
    warm = time.monotonic() - start
    marks = page.evaluate("window.sqLeanMarks || null")
    context.close()
    return cold, warm, marks


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--variant", action="append", default=[],
                        help="NAME=FOLDER (default: lean=lite/lean/out, plus lean+snapshot="
                             "lite/lean/out-snap and jupyterlite=site when built)")
    parser.add_argument("--no-voila", action="store_true")
    args = parser.parse_args()
    pairs = [v.split("=", 1) for v in args.variant] or [
        [name, str(folder)] for name, folder in (
            ("lean", HERE / "out"), ("lean+snapshot", HERE / "out-snap"),
            ("jupyterlite", ROOT / "site")) if (folder / "equations.html").is_file()]
    variants = [Variant(name, Path(folder)) for name, folder in pairs]
    result: dict[str, Any] = {"load_before": os.getloadavg(), "runs": args.runs,
                              "lesson": LESSON, "variants": {}}
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            for variant in variants:
                result["variants"][variant.name] = weigh(browser, variant)
                print(variant.name, {k: v for k, v in result["variants"][variant.name].items()
                                     if k != "largest"}, flush=True)
            if not args.no_voila:
                voila = bench._voila_load(browser, args.runs + 1)
                result["voila"] = {"cold": voila[0], "warm": statistics.median(voila[1:]),
                                   "all": voila}
                print("voila", result["voila"], flush=True)
            times: dict[str, dict[str, list[Any]]] = {
                v.name: {"cold": [], "warm": [], "marks": []} for v in variants}
            for run in range(args.runs):
                for variant in variants:
                    cold, warm, marks = timed(browser, variant)
                    times[variant.name]["cold"].append(cold)
                    times[variant.name]["warm"].append(warm)
                    times[variant.name]["marks"].append(marks)
                    print(f"run {run + 1} {variant.name}: cold {cold:.2f} s, warm {warm:.2f} s",
                          flush=True)
            for name, found in times.items():
                result["variants"][name].update(
                    cold=statistics.median(found["cold"]), warm=statistics.median(found["warm"]),
                    cold_all=found["cold"], warm_all=found["warm"], warm_marks=found["marks"])
            browser.close()
    finally:
        for variant in variants:
            variant.close()
    result["load_after"] = os.getloadavg()
    out = HERE / "results" / time.strftime("%Y%m%dT%H%M%SZ.json", time.gmtime())
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    voila_warm = result.get("voila", {}).get("warm", float("nan"))
    print(f"\nload average before {result['load_before']}, after {result['load_after']}")
    print("| page | files | MiB raw | MiB gzip | MiB brotli | cold s | warm s | Voila warm s |")
    print("|---|---|---|---|---|---|---|---|")
    for name, row in result["variants"].items():
        print(f"| {name} | {row['files']} | {row['raw']:.2f} | {row['gzip']:.2f} | "
              f"{row['brotli']:.2f} | {row['cold']:.2f} | {row['warm']:.2f} | {voila_warm:.2f} |")
    for name, row in result["variants"].items():
        print(f"\n{name}: largest files (MiB raw / gzip / brotli)")
        for file, raw, gz, br in row["largest"]:
            print(f"  {file:55} {raw:6.2f} {gz:6.2f} {br:6.2f}")
    print(f"\n{out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
