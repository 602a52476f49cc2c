"""A child's phone on a 4G line: time to the first tappable answer of the equations lesson.

`python -m bench phone` (the site must be built: `make site`). The profile of issue #44:
Chromium at 390 x 844 with touch, a fresh profile for every run, CDP's CPU slowdown 4x on the
page and on every worker and service worker that accepts it (bench/_phone_link.py), behind one
pacing proxy that is the phone's line: 10 Mbit/s down shared by all the page's connections,
40 ms round trips. The static site (served as a host with the build's precompressed copies,
nginx `brotli_static`) and Voila with a preheated kernel (as `sq-edu serve` runs it, without a
class login) are opened alternately in one run, five times each.

What is measured: from the start of navigation until the first answer card of the first task
(`.sq-answer-cards button[data-index]`) is visible, enabled and not covered, a click on it has
been dispatched to it (Playwright's actionability checks: nothing over it takes the tap), and
the card shows itself picked (`aria-pressed="true"`): the child's tap was received by the page.
Bytes: what the line carried down (headers included) until then. Marks along the way (each run,
seconds from navigation start) say what the time is made of.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from threading import Thread
from typing import Any

from bench._phone_link import CpuSlowdown, PacedLink
from sq_edu.server.server import VoilaServer
from tests.support.browser import CHROMIUM_ARGS, chromium_path

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("SQ_EDU_SITE", ROOT / "site"))
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}
CARD = ".sq-answer-cards button[data-index]"
MIB = 2**20
# Moments a run notes (seconds from navigation): when each of these files had come, the
# page's first paint, the card visible, and (site) when the page's own Python took over.
KEY_FILES = ("sq-app.js", "sq-python.js", "pyodide.asm.wasm", ".snapshot", ".zip",
             "service-worker.js")
VOILA_ENTRY = "voila.js"   # the server's page: its script (not its numbered chunks)
# The site's app page says when its own Python has taken the page over (a build before the
# first screen came without Python has no such flag: its Python was there at the first card).
PYTHON_READY = """() => { const w = document.querySelector('#app').contentWindow;
  return Boolean(w) && (!('sqPythonReady' in w) || w.sqPythonReady === true); }"""
MARKS_JS = """() => {
  const paint = performance.getEntriesByType("paint")
    .find(e => e.name === "first-contentful-paint");
  const nav = performance.getEntriesByType("navigation")[0];
  const at = (ms) => (ms ? ms / 1000 : null);
  return {paint: paint ? paint.startTime / 1000 : null,
          "html asked": nav ? at(nav.requestStart) : null,
          "html first byte": nav ? at(nav.responseStart) : null,
          "plain screen shown": at(window.sqPlainShownAt),
          "html done": nav ? at(nav.responseEnd) : null,
          "parsed (voila.js run)": nav ? at(nav.domContentLoadedEventEnd) : null};
}"""
# The class server's plain first screen (sq_edu/pages/first_plain.py) says when it has handed
# the child's picks to the live widgets; a page without it has no such flag.
# When the class server's plain first screen was put in place (first_plain.js), and when the
# page itself drew the first pick (its own clock, in the frame's if the app is in one,
# counted from the top page's navigation): the tap as
# the child sees it, without the time Playwright's check of `aria-pressed` may wait behind a
# long script task that starts after the pick.
PICK_CLOCK = """() => {
const on = (node) => node.nodeType === 1 && node.getAttribute("aria-pressed") === "true";
const pressed = (r) => (r.type === "attributes" ? on(r.target)   // a card marked picked
  : Array.prototype.some.call(r.addedNodes, on));   // or drawn picked (hand.js redraws its row)
new MutationObserver((records, observer) => {
  if (!window.sqPlainShownAt && document.getElementById("sq-first-shown")) {
    window.sqPlainShownAt = performance.now(); }
  if (records.some(pressed) &&
      document.querySelector('.sq-answer-cards [aria-pressed="true"]')) {
    window.sqPickDrawnAt = performance.timeOrigin + performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ["aria-pressed"]}); }"""
LIVE_READY = """() => !window.sqFirstPlain || window.sqFirstPlain.handedOver === true"""


class PrecompressedHost(SimpleHTTPRequestHandler):
    """A static host that sends a file's `.br` copy with `Content-Encoding: br` when the
    browser accepts it (nginx `brotli_static on`, Caddy `precompressed`), else the file."""

    def log_message(self, *_args: object) -> None:
        pass

    def send_head(self):  # type: ignore[no-untyped-def]
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if "br" in self.headers.get("Accept-Encoding", "") and os.path.isfile(path + ".br"):
            body = open(path + ".br", "rb")   # noqa: SIM115 (the handler closes it)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "br")
            self.send_header("Content-Length", str(os.fstat(body.fileno()).st_size))
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return body
        return super().send_head()


def _site_server() -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(PrecompressedHost,
                                                           directory=str(SITE)))
    Thread(target=server.serve_forever, daemon=True).start()
    return server


def one_run(playwright: Any, port: int, path: str, frame: bool) -> dict[str, Any]:
    """One fresh phone opening `path` through a new paced line to `port`."""
    link = PacedLink(port).start()
    url = f"http://127.0.0.1:{link.port}/"
    with tempfile.TemporaryDirectory(prefix="sq-phone-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium_path(), args=[*CHROMIUM_ARGS,
                                                            "--remote-debugging-port=0"],
            **PHONE)
        slowdown = None
        try:
            deadline = time.monotonic() + 10
            while not (Path(profile) / "DevToolsActivePort").is_file():
                if time.monotonic() > deadline:
                    raise TimeoutError("Chromium wrote no DevToolsActivePort")
                time.sleep(0.05)
            slowdown = CpuSlowdown(Path(profile))
            page = context.pages[0] if context.pages else context.new_page()
            # nothing leaves the machine: a font CDN of Voila's template is answered empty
            context.route(lambda u: not u.startswith(url),
                          lambda route: route.fulfill(status=200, body="",
                                                      content_type="text/css"))
            time.sleep(0.3)   # the slowdown reaches the open page
            marks: dict[str, float] = {}
            start = time.monotonic()

            def finished(request: Any) -> None:
                name = request.url.split("?")[0].rsplit("/", 1)[-1]
                if (name.endswith(KEY_FILES) or name == VOILA_ENTRY) and f"got {name}" not in marks:
                    marks[f"got {name}"] = time.monotonic() - start

            context.on("requestfinished", finished)
            page.on("websocket", lambda socket: marks.setdefault(
                "kernel socket opened", time.monotonic() - start))
            page.add_init_script(f"({PICK_CLOCK})()")
            page.goto(url + path, wait_until="commit")
            scope = page.frame_locator("#app") if frame else page
            card = scope.locator(CARD).first
            card.wait_for(state="visible", timeout=300_000)
            marks["card visible"] = time.monotonic() - start
            card.click(timeout=300_000)
            card.and_(scope.locator('[aria-pressed="true"]')).wait_for(timeout=60_000)
            seconds = time.monotonic() - start
            sent = link.down_bytes
            marks.update({k: v for k, v in page.evaluate(MARKS_JS).items() if v is not None})
            drawn = scope.locator(":root").evaluate("() => window.sqPickDrawnAt || null")
            if drawn is not None:
                marks["pick drawn (page clock)"] = (
                    drawn - page.evaluate("performance.timeOrigin")) / 1000
            if frame:   # the site: when its Python took over (the app's own Python answers)
                page.wait_for_function(PYTHON_READY, timeout=300_000)
                marks["python ready"] = time.monotonic() - start
            else:   # the server: when the live widgets took the plain first screen's place
                page.wait_for_function(LIVE_READY, timeout=300_000)
                marks["live widgets"] = time.monotonic() - start
            return {"seconds": seconds, "bytes": sent, "marks": marks,
                    "slowed": dict(slowdown.kinds), "refused": dict(slowdown.refused),
                    "reasons": sorted(slowdown.reasons)}
        finally:
            if slowdown is not None:
                slowdown.close()
            context.close()
            link.stop()


def _summary(name: str, runs: list[dict[str, Any]]) -> list[dict]:
    times = [r["seconds"] for r in runs]
    print(f"\n{name}: first tappable {', '.join(f'{s:.2f}' for s in times)} s")
    for index, run in enumerate(runs):
        marks = ", ".join(f"{k} {v:.2f}" for k, v in run["marks"].items())
        print(f"  run {index + 1}: {run['bytes'] / MIB:.2f} MiB before the tap; {marks}; "
              f"slowed {run['slowed']} refused {run['refused']}")
    return [
        {"benchmark": f"{name}: first tappable answer (median of {len(runs)})",
         "value": statistics.median(times), "unit": "s", "target": "<= 3"},
        {"benchmark": f"{name}: bytes down before it (median)",
         "value": statistics.median(r["bytes"] for r in runs) / MIB, "unit": "MiB",
         "target": "<= 1.5" if name == "site" else "reference"},
    ]


def run(quick: bool = False) -> list[dict]:
    from playwright.sync_api import sync_playwright

    only = os.environ.get("SQ_EDU_PHONE_ONLY", "")   # "server" or "site": the other is skipped
    if only != "server" and not (SITE / "index.html").is_file():
        raise RuntimeError("site/ is not built: run `make site` first")
    runs = 2 if quick else 5
    site = _site_server()
    results: dict[str, list[dict[str, Any]]] = {"site": [], "server": []}
    try:
        with VoilaServer(preheat=True, pool_size=2) as voila, sync_playwright() as playwright:
            time.sleep(20)   # the preheated kernels have run the notebook
            for _ in range(runs):
                if only != "server":
                    results["site"].append(one_run(
                        playwright, site.server_address[1], "equations.html", frame=True))
                if only != "site":
                    results["server"].append(one_run(
                        playwright, voila.port, "voila/render/equations.ipynb", frame=False))
                time.sleep(5)   # Voila refills its pool in the background
    finally:
        site.shutdown()
        site.server_close()
    return [row for name, done in results.items() if done for row in _summary(name, done)]
