"""Draw the site's app icons (lite/pwa/icons/*.png) from the game's own queen card.

    .venv/bin/python lite/pwa/make_icons.py

Run once by hand (Chromium through Playwright, as in the tests); the PNGs are committed, so the
site build needs neither. Sizes are the ones Chromium asks of an installable app: 192 and 512,
and a "maskable" 512 whose picture stays inside the middle 80% a phone may crop to a circle.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

from sq_edu.engine.cards import QUEENS
from sq_edu.widgets.svg import queen_face

HERE = Path(__file__).resolve().parent
THEME = "#1d4ed8"   # the site's link colour, also the manifest's theme_color
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu"]


def page(size: int, card_share: float) -> str:
    card = queen_face(QUEENS[0], width=int(size * card_share * 0.75))
    return (f'<html><body style="margin:0"><div style="width:{size}px;height:{size}px;'
            f'background:{THEME};display:flex;align-items:center;justify-content:center">'
            f"{card}</div></body></html>")


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for name, size, share in (("icon-192.png", 192, 0.9), ("icon-512.png", 512, 0.9),
                                  ("maskable-512.png", 512, 0.7)):
            tab = browser.new_page(viewport={"width": size, "height": size})
            tab.set_content(page(size, share))
            tab.screenshot(path=str(HERE / "icons" / name))
            tab.close()
        browser.close()


if __name__ == "__main__":
    main()
