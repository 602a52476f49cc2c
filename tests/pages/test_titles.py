"""Each dashboard's tab title, in both languages, as the notebook's metadata holds it for
Voila's template and as the static site's page holds it (sq_edu/pages/titles.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sq_edu.i18n import LANGS
from sq_edu.pages.titles import page_titles
from sq_edu.server.server import notebooks_dir

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "sq_edu" / "server" / "templates" / "index.html.j2"


def test_every_dashboard_notebook_carries_its_titles_from_the_catalogue() -> None:
    """A changed app name needs `python -m sq_edu.pages.titles notebooks`; this says so."""
    pages = 0
    for path in sorted(notebooks_dir().glob("*.ipynb")):
        titles = page_titles(path.stem)
        meta = json.loads(path.read_text(encoding="utf-8"))["metadata"]
        if not titles:
            assert "sq_edu" not in meta, path.name
            continue
        pages += 1
        assert meta["sq_edu"]["titles"] == titles, f"run python -m sq_edu.pages.titles ({path})"
        assert meta["title"] == titles["en"] and set(titles) == set(LANGS)
        assert titles["en"] != titles["ru"] and not titles["en"].startswith(path.stem)
    assert pages == 9


def test_the_voila_template_sets_lang_and_title_from_the_link() -> None:
    text = TEMPLATE.read_text(encoding="utf-8")
    assert "document.documentElement.lang = lang" in text and "document.title" in text
    assert "nb.metadata.get('sq_edu'" in text and "sq_default_lang" in text


def test_the_static_site_page_knows_every_title() -> None:
    sys.path.insert(0, str(ROOT))
    from lite.pages import dashboard_page

    page = dashboard_page("chances", notebooks_dir() / "chances.ipynb")
    assert f"<title>{page_titles('chances')['en']}</title>" in page
    assert json.dumps(page_titles("chances"), ensure_ascii=False) in page
    assert "document.title = TITLES[lang]" in page
