"""Screenshots of each widget in a real Chromium via standalone Voila (docs/widgets/*.png).

Run from the repository root: `.venv/bin/python docs/widgets/screenshots.py`. It writes a
throwaway notebook to a temporary folder, serves it with Voila on a free port, clicks a few
controls the way a child would and saves one PNG per widget next to this script.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from playwright.sync_api import sync_playwright

HERE = Path(__file__).parent
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]

CODE = '''
import ipywidgets as w
from sq_edu.engine import Game
from sq_edu.widgets import (ChanceView, DeckTracker, DiscardPileView, EquationBuilder,
                            HandView, QueenGrid, LanguageToggle, Feedback)
g = Game.new(players=3, seed=3)
for _ in range(14):
    moves = g.legal_moves()
    pick = [m for m in moves if m.kind in ("wake", "steal", "choose")]
    g.play(pick[0] if pick else moves[-1])
o = g.observe(0)
LANG = "{lang}"
def shot(widget, name):
    box = w.VBox([widget]); box.add_class("shot-" + name); return box
hand = HandView(o.hand, lang=LANG); hand.toggle(0)
grid = QueenGrid(o, lang=LANG); grid.choose_slots([i for i, s in enumerate(o.slots) if s][:3])
eq = EquationBuilder([3, 7, 10, 4, "king"], lang=LANG); eq.hand.selected = [0, 1, 2]
bad = EquationBuilder([3, 4, 10, 2, 9], lang=LANG); bad.hand.selected = [0, 1, 2]
chance = ChanceView(o, "king", lang=LANG, seed=1, runs=500); chance.simulate()
tracker = DeckTracker(o, lang=LANG)
fb = Feedback(LANG); fb.say("common.something_went_wrong", "bad")
display(w.VBox([shot(w.HBox([LanguageToggle(LANG), fb]), "feedback"), shot(hand, "hand"),
                shot(grid, "queens"), shot(DiscardPileView(o, lang=LANG), "discard"),
                shot(tracker, "tracker"), shot(chance, "chance"), shot(eq, "equation"),
                shot(bad, "equation_wrong")]))
'''
PLAY_CODE = '''
from sq_edu.apps.play import PlayApp
app = PlayApp(lang="{lang}", seed=4, opponents=2)
app.coach_toggle.value = True
display(app)
'''
NAMES = ("feedback", "hand", "queens", "discard", "tracker", "chance", "equation",
         "equation_wrong")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, seconds: float = 60) -> None:
    """Voila needs a few seconds on a busy machine before it accepts connections."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with socket.create_connection(("localhost", port), timeout=1):
                return
        except OSError:
            time.sleep(0.5)
    raise TimeoutError(f"voila did not start on port {port}")


def main(langs: tuple[str, ...] = ("en", "ru")) -> None:
    voila = str(Path(sys.executable).parent / "voila")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for lang in langs:
            nb = nbformat.v4.new_notebook()
            nb.cells = [nbformat.v4.new_code_cell(CODE.replace("{lang}", lang))]
            path = Path(tmp) / f"widgets_{lang}.ipynb"
            nbformat.write(nb, path)
            port = free_port()
            log = (Path(tmp) / f"voila_{lang}.log").open("w")
            server = subprocess.Popen([voila, "--no-browser", f"--port={port}", str(path)],
                                      stdout=subprocess.DEVNULL, stderr=log)
            try:
                wait_for(port)
                page = browser.new_page(viewport={"width": 1100, "height": 2400})
                page.route("**/fonts.googleapis.com/**", lambda r: r.abort())
                page.route("**/fonts.gstatic.com/**", lambda r: r.abort())
                page.goto(f"http://localhost:{port}/", timeout=90_000)
                page.wait_for_selector(".shot-equation_wrong", timeout=90_000)
                page.wait_for_selector(".sq-card", timeout=30_000)
                page.keyboard.press("Tab")
                for name in NAMES:
                    suffix = "" if lang == "en" else f"_{lang}"
                    page.locator(f".shot-{name}").screenshot(path=HERE / f"{name}{suffix}.png")
                page.close()
            finally:
                server.terminate()
                server.wait(timeout=20)
            shoot_play(browser, voila, Path(tmp), lang)
        browser.close()


def shoot_play(browser: object, voila: str, tmp: Path, lang: str) -> None:
    """The game app: the first screen, then after picking a card with the keyboard and letting
    the bots move (so the story has lines)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(PLAY_CODE.replace("{lang}", lang))]
    path = tmp / f"play_{lang}.ipynb"
    nbformat.write(nb, path)
    port = free_port()
    log = (tmp / f"voila_play_{lang}.log").open("w")
    server = subprocess.Popen([voila, "--no-browser", f"--port={port}", str(path)],
                              stdout=subprocess.DEVNULL, stderr=log)
    suffix = "" if lang == "en" else f"_{lang}"
    try:
        wait_for(port)
        page = browser.new_page(  # type: ignore[attr-defined]
            viewport={"width": 1280, "height": 2000})
        page.route("**/fonts.googleapis.com/**", lambda r: r.abort())
        page.route("**/fonts.gstatic.com/**", lambda r: r.abort())
        page.goto(f"http://localhost:{port}/", timeout=90_000)
        page.wait_for_selector(".sq-play-app .sq-card", timeout=90_000)
        page.locator(".sq-play-app").screenshot(path=HERE / f"play_start{suffix}.png")
        page.locator(".sq-card").first.focus()
        page.keyboard.press("2")
        page.wait_for_selector(".sq-card[aria-pressed=true]", timeout=10_000)
        page.locator(".sq-act-discard button, button.sq-act-discard").first.click()
        for _ in range(4):
            page.wait_for_timeout(1500)  # the kernel answers; then either button shows
            if page.locator("button.sq-act-discard").is_visible():
                break
            page.locator("button.sq-next").click()
        page.wait_for_timeout(800)
        page.locator(".sq-play-app").screenshot(path=HERE / f"play_turn{suffix}.png")
        page.close()
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
