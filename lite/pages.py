"""The site's own pages: one per dashboard (the notebook's code run by the app page) and an index.

The index is static HTML drawn by the Voila index's own `IndexApp` (same cards, titles and
pictures, links to `<lesson>.html`), in every language at once; a line of script shows the one
the link asks for, so the list of lessons appears at once, before any Python has started.
"""

from __future__ import annotations

import html
import json
import struct
from pathlib import Path
from string import Template

from sq_edu.apps.index import IndexApp
from sq_edu.i18n import DEFAULT_LANG, LANGS, catalog
from sq_edu.i18n import t as _t
from sq_edu.links import PageParams
from sq_edu.pages.titles import page_titles
from sq_edu.server.server import dashboards, notebooks_dir

HERE = Path(__file__).resolve().parent
FAVICON_PNG = "icon-192.png"   # lite/pwa/icons/


def t(key: str, lang: str, **params: object) -> str:
    """A catalogue message; a key the catalogue lacks stops the build (a page would show it)."""
    if key not in catalog():
        raise SystemExit(f"lite/pages.py: no message {key!r} in sq_edu/i18n/catalog")
    return _t(key, lang, **params)


class SiteIndex(IndexApp):
    """The index with links to the site's pages instead of the notebooks."""

    def link(self, name: str, nickname: str = "") -> str:
        return f"{name}.html?{PageParams(self.lang, nickname=nickname.strip()).to_query()}"


def code_cells(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def site_words(lang: str) -> dict[str, str]:
    return {
        "loading": t("site.loading", lang),
        "failed": t("site.failed", lang),
        "kept_here": t("site.kept_here", lang, download=t("lesson_app.download", lang)),
        "kept_here_short": t("site.kept_here_short", lang),   # a page with no download link
        # no service worker (a browser without one, private modes): progress in memory only
        "not_kept": t("site.not_kept", lang, download=t("lesson_app.download", lang)),
        "teacher_here": t("site.teacher_here", lang),
        "grownups_here": t("site.grownups_here", lang),
        "back": t("site.back", lang),
        "needs_web_address": t("site.needs_web_address", lang),
        "waking": t("first_screen.waking", lang),   # the first screen, before Python
    }


def script_json(value: object) -> str:
    """JSON safe inside a <script> element (no '</script>' can close it early)."""
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/")


def dashboard_page(name: str, notebook: Path,
                   first: dict[str, list[str]] | None = None) -> str:
    template = Template((HERE / "page.html").read_text(encoding="utf-8"))
    return template.substitute(
        page=name,
        lang=DEFAULT_LANG,
        default_lang=DEFAULT_LANG,
        title=html.escape(page_titles(name).get(DEFAULT_LANG) or t(f"apps.{name}_title",
                                                                    DEFAULT_LANG)),
        titles=script_json(page_titles(name)),
        cells=script_json(code_cells(notebook)),
        words=script_json({lang: site_words(lang) for lang in LANGS}),
        first=script_json(first or {}),
    )


def index_page() -> str:
    """The static index, every language in it (a line of script shows the one asked for)."""
    blocks = []
    for lang in LANGS:
        app = SiteIndex(lang)
        other = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
        switch = (f'<p class="sq-site-switch"><a href="index.html?lang={other}" lang="{other}">'
                  f"{html.escape(t(f'widgets.language_{other}', lang))}</a></p>")
        blocks.append(f'<section class="sq-site-lang" data-lang="{lang}" lang="{lang}" hidden>'
                      f"{switch}{app.header.value}{app.body.value}"
                      f'<div class="sq-index">{app.grownups_link()}</div></section>')
    return f"""<!doctype html>
<html lang="{DEFAULT_LANG}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(t("common.app_name", DEFAULT_LANG))}</title><link rel="icon" href="data:,">
<style>
body {{ margin: 1.5rem; font-family: "DejaVu Sans", sans-serif; }}
.sq-site-switch {{ float: right; margin: 0; }}
.sq-site-switch a {{ display: inline-block; padding: 0.4rem 0.8rem; border: 2px solid #1d4ed8;
  border-radius: 0.4rem; color: #1d4ed8; text-decoration: none; }}
</style></head>
<body>
{"".join(blocks)}
<script>
"use strict";
const asked = (new URLSearchParams(location.search).get("lang") || "").trim().toLowerCase();
const langs = {script_json(list(LANGS))};
const lang = langs.includes(asked) ? asked : "{DEFAULT_LANG}";
document.documentElement.lang = lang;
document.querySelector('.sq-site-lang[data-lang="' + lang + '"]').hidden = false;
document.title = document.querySelector('.sq-site-lang[data-lang="' + lang + '"] h1').textContent;
</script>
</body>
</html>
"""


def favicon() -> bytes:
    """The site's own 192 px icon as a one-image .ico (a PNG inside, which every browser reads):
    6 KB (JupyterLite's was 318 KB)."""
    png = (HERE / "pwa" / "icons" / FAVICON_PNG).read_bytes()
    width, height = struct.unpack(">II", png[16:24])   # the PNG's IHDR
    header = struct.pack("<HHH", 0, 1, 1)   # an icon file with one image
    entry = struct.pack("<BBBBHHII", width % 256, height % 256, 0, 0, 1, 32, len(png), 6 + 16)
    return header + entry + png


def write_pages(out: Path) -> None:
    """Every dashboard page, the index and the icon browsers ask every site's root for."""
    from first_screen import write_first_screens  # beside this file

    folder = notebooks_dir()
    firsts = write_first_screens(out)
    for name in [*dashboards(folder), "teacher", "grownups"]:
        notebook = folder / f"{name}.ipynb"
        if notebook.is_file():
            page = dashboard_page(name, notebook, firsts.get(name))
            (out / f"{name}.html").write_text(page, encoding="utf-8")
    (out / "index.html").write_text(index_page(), encoding="utf-8")
    (out / "favicon.ico").write_bytes(favicon())
