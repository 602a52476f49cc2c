"""Links a teacher copies name the page the browser really shows (sq_edu/pages/page_address.py)."""

from __future__ import annotations

import pytest

from sq_edu.pages.page_address import sibling_link, site_link


def test_a_voila_page_links_its_sibling_notebook() -> None:
    page = "https://school.example/voila/render/teacher.ipynb?x=1"
    assert sibling_link(page, "equations", "level=2") == (
        "https://school.example/voila/render/equations.ipynb?level=2")


def test_the_site_app_links_the_site_page_beside_it() -> None:
    page = "https://example.github.io/lessons/app.html"
    assert site_link(page, "equations", "level=2&seed=5") == (
        "https://example.github.io/lessons/equations.html?level=2&seed=5")


@pytest.mark.parametrize("page", [
    "file:///home/a/site/app.html",                      # no web address
    "https://example.github.io/lessons/equations.html",  # not the app page
    "https://example.github.io/lessons/repl/index.html",  # the old JupyterLite app
    "about:blank",
    "",
])
def test_anything_else_gives_no_site_link(page: str) -> None:
    assert site_link(page, "equations", "level=1") == ""
    assert sibling_link(page, "equations", "level=1") == ""
