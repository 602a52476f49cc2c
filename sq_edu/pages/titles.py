"""Each dashboard page's tab title, in every language: what a teacher sees on the tab and
in the browser history, and what a screen reader announces first.

The titles are the apps' own names from the catalogue. Voila's template reads them from the
notebook's metadata (`sq_edu.titles`, written by `python -m sq_edu.pages.titles`; a test keeps
them equal to the catalogue) and the static site's pages from here, and both set `<html lang>`
to the language the link asks for.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from sq_edu.i18n import LANGS, catalog, t

# Dashboards whose title is not `apps.<name>_title`.
_KEYS = {"index": "common.app_name", "grownups": "grownups.title"}


def title_key(page: str) -> str | None:
    """The catalogue key of `page`'s title; None for a notebook that is not a dashboard."""
    key = _KEYS.get(page, f"apps.{page}_title")
    return key if key in catalog() else None


def page_titles(page: str) -> dict[str, str]:
    """{"en": "Play a game", "ru": "Сыграть партию"}; {} for a notebook that is not a page."""
    key = title_key(page)
    if key is None:
        return {}
    if page == "index":
        return {lang: t(key, lang) for lang in LANGS}
    return {lang: f"{t(key, lang)} \u00b7 {t('common.app_name', lang)}" for lang in LANGS}


def write_metadata(folder: Path) -> list[Path]:
    """Store every dashboard's titles in its notebook's metadata; the notebooks changed."""
    changed = []
    for path in sorted(folder.glob("*.ipynb")):
        titles = page_titles(path.stem)
        if not titles:
            continue
        nb = json.loads(path.read_text(encoding="utf-8"))
        meta = nb.setdefault("metadata", {})
        want = {"titles": titles}
        if meta.get("sq_edu") != want or meta.get("title") != titles["en"]:
            meta["sq_edu"], meta["title"] = want, titles["en"]
            path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            changed.append(path)
    return changed


if __name__ == "__main__":  # python -m sq_edu.pages.titles [notebooks]
    for done in write_metadata(Path(sys.argv[1] if len(sys.argv) > 1 else "notebooks")):
        print(f"updated {done}")
