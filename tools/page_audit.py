"""Open every dashboard in Chromium at phone width and count what a reader would trip on.

    .venv/bin/python tools/page_audit.py --url http://127.0.0.1:8882/ [--width 360]

Against a running Voila (`sq-edu serve` or `python -m sq_edu.server.launch notebooks`), for
every page in English and Russian it reports: whether `<html lang>` is the language asked for,
whether the tab has the app's title, the elements wider than the viewport that make the page
scroll sideways or are cut off (not counting those inside a box that scrolls on its own), and the
text lines with a catalogue key, an unfilled `{placeholder}` or a hyphen used as a minus or a
dash (`sq_edu.i18n.proof`). `tests/browser/test_page_words.py` runs the same measure.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository root must be importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sq_edu.i18n import LANGS
from sq_edu.i18n.proof import faults
from sq_edu.pages.titles import page_titles
from sq_edu.server.server import dashboards

PAGES: tuple[str, ...] = ("index", *dashboards(), "teacher")

# Elements whose box reaches past the viewport, unless inside a box that scrolls sideways on
# its own: such an element widens the page, or is cut off by a box that hides what overflows.
MEASURE = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {   // inside a box that scrolls sideways on its own: readable
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const x = getComputedStyle(p).overflowX;
      if (x === "auto" || x === "scroll") return true;
    }
    return false;
  };
  const wide = [];
  for (const el of document.querySelectorAll("#rendered_cells *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if ((r.right > width + 1 || r.left < -1) && !scrolls(el)) {
      wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join(".")}`
                + ` ${Math.round(r.width)}px: ${(el.innerText || "").trim().slice(0, 40)}`);
    }
  }
  return {lang: document.documentElement.lang, title: document.title, width,
          scroll: document.scrollingElement.scrollWidth, wide,
          text: document.querySelector("#rendered_cells").innerText};
}"""


def measure(page: Any, url: str, name: str, lang: str) -> dict[str, Any]:
    """Open `name` in `lang` and measure it (see MEASURE); adds the text faults found."""
    page.goto(f"{url}voila/render/{name}.ipynb?lang={lang}")
    page.wait_for_selector("#rendered_cells .sq-app", state="visible", timeout=120_000)
    page.wait_for_timeout(300)   # let the widget layout settle (fonts, flex wrapping)
    found = page.evaluate(MEASURE)
    found["faults"] = [(kind, line) for line in found["text"].splitlines()
                       for kind, hits in faults(line).items() if hits]
    found["title_ok"] = found["title"] == page_titles(name).get(lang)
    return found


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from tests.support.browser import launch_chromium

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8882/")
    parser.add_argument("--width", type=int, default=360)
    args = parser.parse_args(argv)
    wrong_lang = wrong_title = wide = faulty = 0
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        context = browser.new_context(viewport={"width": args.width, "height": 740})
        page = context.new_page()
        for name in PAGES:
            for lang in LANGS:
                got = measure(page, args.url, name, lang)
                wrong_lang += got["lang"] != lang
                wrong_title += not got["title_ok"]
                wide += len(got["wide"])
                faulty += len(got["faults"])
                print(f"{name:15} {lang}: lang={got['lang']!r} title={got['title']!r} "
                      f"scroll={got['scroll']}/{got['width']} wide={len(got['wide'])} "
                      f"text faults={len(got['faults'])}")
                for line in got["wide"][:3] + [f"{k}: {t[:80]}" for k, t in got["faults"][:3]]:
                    print(f"    {line}")
        browser.close()
    print(f"pages: {len(PAGES) * len(LANGS)}; wrong lang {wrong_lang}; no real title "
          f"{wrong_title}; elements wider than {args.width} px {wide}; text faults {faulty}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
