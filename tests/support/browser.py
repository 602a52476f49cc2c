"""Driving the dashboards in a real Chromium (browser tests and the dashboard benchmark).

Playwright is imported only by the caller; nothing here runs in a lesson kernel. Chromium is
Debian's (`playwright install` cannot download browsers here), started with the flags below
(headless, no sandbox, no GPU, no background networking or updates). Requests to anything but
the loopback server (the lab template's CDN fonts) are answered locally with an empty body,
so offline runs neither wait nor log errors.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

CHROMIUM_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

# Something in the page that means a cell failed or a callback's guard caught an error.
ERROR_CELL = '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
ERROR_TEXTS: tuple[str, ...] = (
    "There was an error when executing cell",
    "Traceback",
    "Failed to load model class",
    "Error displaying widget",
    "Something went wrong",
    "Что-то пошло не так",
)


def chromium_path() -> str | None:
    """The Chromium binary to drive: `$SQ_EDU_CHROMIUM`, Debian's, or one on PATH."""
    for candidate in (os.environ.get("SQ_EDU_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).is_file():
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


def launch_chromium(playwright: Any) -> Any:
    """A headless Chromium browser from a started `sync_playwright()`."""
    path = chromium_path()
    if path is None:
        raise FileNotFoundError("Chromium is not installed (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=path, args=list(CHROMIUM_ARGS))


def keep_offline(page: Any, server_url: str) -> None:
    """Answer every request that is not for the Voila server with an empty 200 response."""

    def route(request_route: Any) -> None:
        if request_route.request.url.startswith(server_url):
            request_route.continue_()
        else:
            request_route.fulfill(status=200, body="", content_type="text/css")

    page.route("**/*", route)


@dataclass
class ConsoleLog:
    """Console errors and uncaught page errors seen since the page was opened."""

    errors: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> ConsoleLog:
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        return self

    def _on_console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)


def wait_rendered(page: Any, selector: str = ".jupyter-widgets", timeout: float = 90.0) -> float:
    """Wait until Voila has shown its cells and a widget matching `selector` is visible.

    Returns the seconds waited. Raises AssertionError if a cell failed.
    """
    start = time.monotonic()
    page.wait_for_selector("#rendered_cells", state="visible", timeout=timeout * 1000)
    page.wait_for_selector(  # the app, or an error cell: a failed page fails fast
        f"#rendered_cells {selector}, #rendered_cells {ERROR_CELL}", state="visible",
        timeout=timeout * 1000,
    )
    waited = time.monotonic() - start
    assert_no_error_output(page)
    return waited


# Layout has settled when the fonts are in, no transition or animation runs, and two frames
# have been drawn since (a resize or a picked card's lift is then in its final place).
SETTLED_JS = """() => document.fonts.ready.then(() => new Promise(done => {
  const still = () => document.getAnimations().every(
    a => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity);
  const check = () => still() ? requestAnimationFrame(() => requestAnimationFrame(done))
                              : setTimeout(check, 50);
  check();
}))"""


def wait_settled(page: Any) -> None:
    """Wait on the layout itself (fonts, animations, two frames), never on the clock."""
    page.evaluate(SETTLED_JS)


def page_problems(page: Any) -> list[str]:
    """Error cells and error texts visible in the page (empty when the page is healthy)."""
    problems = [f"error cell: {text[:300]}" for text in page.locator(ERROR_CELL).all_inner_texts()]
    body = page.locator("body").inner_text()
    problems += [f"page says {text!r}" for text in ERROR_TEXTS if text in body]
    return problems


def assert_no_error_output(page: Any) -> None:
    problems = page_problems(page)
    assert not problems, "dashboard shows an error: " + "; ".join(problems)


def axe_violations(page: Any, script: Path, impacts: tuple[str, ...] = ("serious", "critical")
                   ) -> list[str]:
    """Run axe-core (`script`, the `axe_script` fixture) on the page; its violations of
    `impacts`, one line each."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(script))
    found = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"
    )
    return [f"{v['impact']}: {v['id']} ({v['help']}) at {v['nodes']}"
            for v in found if v["impact"] in impacts]


def kill_kernel_of(page: Any) -> None:
    """SIGKILL the page's kernel, as the out-of-memory killer would."""
    kernel_id = json.loads(page.locator("#jupyter-config-data").first.text_content())["kernelId"]
    victims = [p for p in psutil.process_iter(["cmdline"])
               if f"kernel-{kernel_id}.json" in " ".join(p.info["cmdline"] or [])]
    assert len(victims) == 1, f"kernel {kernel_id} not found"
    victims[0].kill()
    psutil.wait_procs(victims, timeout=10)
