"""An offline classroom: the server's front page `/` is the lesson index, and it and the lesson
it links to ask nothing of another machine. (That no dashboard asks anything of another machine
and that the widget packages match the JupyterLab inside Voila's page, no "Unsatisfied version"
warnings, is checked on the one load of each dashboard in test_dashboards.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.browser import wait_rendered

pytestmark = pytest.mark.browser

# Warnings webpack's module federation prints when a widget package was built for another
# JupyterLab than the one in Voila's page.
VERSION_WARNINGS = ("Unsatisfied version", "No satisfying version")


class Watched:
    """A page whose every request is checked: anything not for the Voila server is refused
    (as a classroom without internet would) and remembered."""

    def __init__(self, page: Any, server_url: str) -> None:
        self.page = page
        self.foreign: list[str] = []
        self.warnings: list[str] = []
        self.errors: list[str] = []
        page.route("**/*", lambda route: self._route(route, server_url))
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def _route(self, route: Any, server_url: str) -> None:
        url = route.request.url
        if url.startswith((server_url, "blob:", "data:")):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort("internetdisconnected")

    def _console(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)
        if any(text in message.text for text in VERSION_WARNINGS):
            self.warnings.append(message.text)


@pytest.fixture
def watched(browser: Any, voila_server: Any) -> Any:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield Watched(page, voila_server.url)
    context.close()


def test_front_page_is_the_lesson_index_in_the_language_asked(watched: Any,
                                                                voila_server: Any) -> None:
    watched.page.goto(f"{voila_server.url}?lang=ru")
    wait_rendered(watched.page, ".sq-index-app")
    assert watched.page.url == f"{voila_server.url}voila/render/index.ipynb?lang=ru"
    assert watched.page.get_by_role("heading", name="Уроки").is_visible()
    watched.page.locator(".sq-lesson-card a").first.click()
    wait_rendered(watched.page, ".sq-app")
    assert "/voila/render/" in watched.page.url and watched.page.url.endswith("?lang=ru")
    assert watched.foreign == [] and watched.errors == []
