"""A lesson's first screen as plain HTML: the saved widget state drawn once, at build time.

    (lite/first_screen.py calls `write_plain` for each saved deal)

The saved state (lite/first_screen.py) still needs the widgets' front end (html-manager, 1.27 MB
of script) to be drawn, and a phone at a quarter of a laptop's speed parses and runs it for
seconds before the child sees a card. So the build draws each saved deal once, in Chromium, with
that same front end (`firstScreen` of sq-app.js: the same manager, the same hand.js), and keeps
what it drew: the screen's HTML and the widgets' style. The app page (lite/app/app.html) puts it
on the screen at once with a few lines of script that take the card picks, and loads the
widgets' front end and Python once the screen is tappable. Nothing of the task is written twice:
the HTML is what the page's own Python and front end made of the same deal.

Output beside each `first/<page>.<lang>.<seed>.json`: `<...>.plain.json`, {html, hands}, where
`hands` are the answer hands' cards and rules (for the picks and their hand-over to Python).
Without a Chromium (`SQ_EDU_CHROMIUM`, else /usr/bin/chromium) nothing is written and the page
draws the saved state as before.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
import urllib.parse
from pathlib import Path

CAPTURE = "first-capture.html"   # a build-time page in the site folder, removed after
HAND = "sq-answer-cards"
# What the capture page does: draw the saved deal as the app page would, then hand back the
# screen's HTML and the style elements the drawing added (anywidget puts each widget's CSS in
# <head>), base64 in a <pre> that `--dump-dom` prints.
CAPTURE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><link rel="stylesheet" href="sq-app.css"></head>
<body><div id="sq-first"></div>
<script type="module">
const query = new URLSearchParams(location.search);
const before = new Set(document.head.children);
const { firstScreen } = await import("./sq-app.js");
const data = await (await fetch(query.get("f"))).json();
await firstScreen(document.getElementById("sq-first"), data, { waking: query.get("w") });
await new Promise((resolve) => setTimeout(resolve, 300));
const styles = Array.from(document.head.children).filter((e) => !before.has(e) &&
  e.tagName === "STYLE").map((e) => {
  const style = e.cloneNode(true);
  style.removeAttribute("id");   // anywidget looks its style up by id: Python's own goes to <head>
  return style.outerHTML;
}).join("\\n");
const html = styles + document.getElementById("sq-first").innerHTML;
const out = document.createElement("pre");
out.id = "sq-out";
out.textContent = btoa(String.fromCharCode(...new TextEncoder().encode(html)));
document.body.appendChild(out);
</script></body></html>
"""


def chromium() -> str | None:
    """The Chromium the build draws with, or None."""
    path = os.environ.get("SQ_EDU_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    return path if Path(path).is_file() else None


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """The build's log shows what failed, not every file served."""


def _hands(data: dict) -> list[dict]:
    """The answer hands of a saved deal: what the page's picks script and the hand-over need."""
    hands = []
    for model in data["manager_state"]["state"].values():
        state = model["state"]
        if HAND in (state.get("_dom_classes") or []) and "cards" in state:
            hands.append({key: state.get(key) for key in
                          ("cards", "max_select", "help", "touch_help", "_dom_classes")})
    return hands


def draw(browser: str, port: int, name: str, waking: str) -> str:
    """The screen's HTML of the saved deal `name`, drawn by Chromium from the site's folder."""
    query = urllib.parse.urlencode({"f": name, "w": waking})
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=20000",
         "--dump-dom", f"http://127.0.0.1:{port}/{CAPTURE}?{query}"],
        capture_output=True, text=True, timeout=180, check=False)
    found = re.search(r'<pre id="sq-out">([A-Za-z0-9+/=]+)</pre>', done.stdout)
    if not found:
        raise RuntimeError(f"the first screen {name} was not drawn: {done.stderr[-2000:]}")
    return base64.b64decode(found.group(1)).decode("utf-8")


def write_plain(out: Path, names: dict[str, list[str]], waking: dict[str, str]) -> int:
    """`<name>.plain.json` beside each saved deal in `out` (`names`: language -> files);
    returns how many were written (0 without a Chromium)."""
    browser = chromium()
    if browser is None:
        print("sq_edu: no Chromium: the first screens stay saved state only")
        return 0
    (out / CAPTURE).write_text(CAPTURE_PAGE, encoding="utf-8")
    handler = functools.partial(_Quiet, directory=str(out))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    written = 0
    try:
        for lang, files in names.items():
            for name in files:
                data = json.loads((out / name).read_text(encoding="utf-8"))
                html = draw(browser, server.server_address[1], name, waking[lang])
                plain = {"html": html, "hands": _hands(data)}
                (out / plain_name(name)).write_text(json.dumps(plain, separators=(",", ":")),
                                                    encoding="utf-8")
                written += 1
    finally:
        server.shutdown()
        server.server_close()
        (out / CAPTURE).unlink()
    return written


def plain_name(name: str) -> str:
    """`first/equations.en.101.json` -> `first/equations.en.101.plain.json`."""
    return name[: -len(".json")] + ".plain.json"
