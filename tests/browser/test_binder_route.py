"""The Binder route: a plain `jupyter server` with Voila's server extension (how the README's
Binder links open a dashboard) renders with a template found by name: Binder's postBuild
installs sq-edu's under the name `sq-edu` (sq_edu/server/binder_template.py), so the tab title
and `<html lang>` are right as soon as the page is parsed, before the widgets load (the page
itself sets them again, sq_edu/pages/connection.py). Opened in real Chromium: a Russian link
gives a Russian page."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from sq_edu.pages.titles import page_titles
from sq_edu.server.binder_template import install
from sq_edu.server.server import VoilaServer
from tests.browser.conftest import ARTIFACTS, ROOT
from tests.support.browser import wait_rendered

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def jupyter_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """`jupyter server` at the repository root, Voila only as its extension, after what
    Binder's postBuild does (the template installed in Jupyter folders of its own)."""
    jupyter = tmp_path_factory.mktemp("binder-jupyter")
    install(jupyter / "data", jupyter / "config")
    server = VoilaServer(ROOT, log_path=ARTIFACTS / "jupyter-server.log")
    server.command = [sys.executable, "-m", "jupyter", "server", "--no-browser",
                      f"--port={server.port}", "--allow-root", "--IdentityProvider.token=",
                      f"--ServerApp.root_dir={ROOT}"]
    server.env = {**server.env, "JUPYTER_PATH": str(jupyter / "data"),
                  "JUPYTER_CONFIG_PATH": str(jupyter / "config")}
    with server:
        yield server


@pytest.mark.parametrize(("lang", "page"), [("ru", "chances"), ("en", "dungeon")])
def test_the_link_language_sets_html_lang_and_the_tab_title(
        browser: Any, jupyter_server: VoilaServer, lang: str, page: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    # What the tab showed once the page was parsed, before any widget could load.
    context.add_init_script("document.addEventListener('DOMContentLoaded', () => {"
                            " window.sqParsed = [document.title, document.documentElement.lang,"
                            " !!document.querySelector('.sq-app')]; });")
    tab = context.new_page()
    try:
        tab.goto(f"{jupyter_server.url}voila/render/notebooks/{page}.ipynb?lang={lang}")
        wait_rendered(tab, ".sq-app", timeout=120)
        want = page_titles(page)[lang]
        assert tab.evaluate("window.sqParsed") == [want, lang, False]
        tab.wait_for_function("want => document.title === want", arg=want, timeout=30_000)
        assert tab.evaluate("document.documentElement.lang") == lang
        tab.screenshot(path=str(ARTIFACTS / f"binder-route-{page}-{lang}.png"))
    finally:
        context.close()
