"""Under a preheated kernel pool the notebook runs before the request, yet `?lang=ru` still
reaches it (voila.utils.get_query_string), and the server's default language applies."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from sq_edu.server.server import VoilaServer, notebooks_dir
from tests.support.browser import ConsoleLog, keep_offline, wait_rendered

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def preheated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A preheated server for the index alone (one pool kernel, not one per dashboard)."""
    folder = tmp_path_factory.mktemp("preheated")
    shutil.copyfile(notebooks_dir() / "index.ipynb", folder / "index.ipynb")
    log = Path(__file__).resolve().parents[2] / "test-artifacts" / "voila-preheated.log"
    with VoilaServer(folder, preheat=True, lang="ru", log_path=log) as server:
        yield server


@pytest.mark.parametrize(("query", "heading"), [
    ("lang=en", "Sleeping Queens maths"),
    ("", "Математика со «Спящими королевами»"),  # the server was started with --lang ru
])
def test_preheated_page_reads_its_language(browser, preheated, query: str, heading: str) -> None:
    context = browser.new_context()
    try:
        page = context.new_page()
        console = ConsoleLog().attach(page)
        keep_offline(page, preheated.url)
        page.goto(f"{preheated.url}voila/render/index.ipynb" + (f"?{query}" if query else ""))
        wait_rendered(page, ".sq-index-app", timeout=120)
        assert page.get_by_role("heading", name=heading).is_visible()
        assert not console.errors
    finally:
        context.close()
