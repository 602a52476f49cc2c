"""A kernel killed mid-lesson: the page says so and offers a reload, instead of going dead.

Voila 0.5 itself shows nothing (it restarts an empty kernel and the old buttons stop working),
so every app carries a `ConnectionNotice`. Here a dashboard with one is opened in Chromium, its
kernel is SIGKILLed, and the banner must appear; reloading gives a working page again.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fault_helpers import ARTIFACTS, kill_kernel, page_kernel_id, wait_until, write_notebook

from sq_edu.server.server import VoilaServer
from tests.support.browser import ConsoleLog, keep_offline, wait_rendered

pytestmark = pytest.mark.browser

LESSON = (
    "import ipywidgets as widgets\n"
    "from sq_edu.pages import page_params\n"
    "from sq_edu.pages.connection import ConnectionNotice\n"
    "params = page_params()",
    "count = widgets.IntText(value=0, description='answers')\n"
    "button = widgets.Button(description='Answer')\n"
    "button.on_click(lambda _b: setattr(count, 'value', count.value + 1))\n"
    "app = widgets.VBox([button, count, ConnectionNotice(params.lang, interval_ms=500,"
    " timeout_ms=3000)])\n"
    "app.add_class('sq-app')\n"
    "app",
)
BANNER = ".sq-connection-lost"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    folder = tmp_path_factory.mktemp("fault-notebooks")
    write_notebook(folder / "index.ipynb", "print('index')")
    write_notebook(folder / "lesson.ipynb", *LESSON)
    with VoilaServer(folder, log_path=ARTIFACTS / "voila-faults.log") as running:
        yield running


@pytest.fixture
def page(chromium: Any, server: VoilaServer) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1000, "height": 700})
    page = context.new_page()
    page.set_default_timeout(60_000)
    keep_offline(page, server.url)
    try:
        yield page
    finally:
        context.close()


def _open(page: Any, server: VoilaServer, query: str = "") -> None:
    page.goto(f"{server.url}voila/render/lesson.ipynb" + (f"?{query}" if query else ""))
    wait_rendered(page, ".sq-app")


def _answer(page: Any) -> None:
    before = page.locator(".sq-app input").input_value()
    page.get_by_role("button", name="Answer").click()
    assert wait_until(lambda: page.locator(".sq-app input").input_value() != before, 10)


def test_killed_kernel_shows_a_reload_banner_and_reload_recovers(
    page: Any, server: VoilaServer
) -> None:
    console = ConsoleLog().attach(page)
    _open(page, server)
    page.wait_for_timeout(4500)  # longer than the 3 s timeout: pongs keep the banner away
    assert page.locator(BANNER).is_hidden()
    _answer(page)
    assert not [e for e in console.errors if "connection" in e.lower()]

    assert kill_kernel(page_kernel_id(page)) == 1
    banner = page.locator(BANNER)
    banner.wait_for(state="visible", timeout=20_000)
    assert "The lesson is not answering" in banner.inner_text()
    assert "saved progress" in banner.inner_text()
    assert banner.get_attribute("role") == "alert"
    page.screenshot(path=str(ARTIFACTS / "fault-kernel-killed.png"))

    # The learner presses the button: a fresh page with a fresh kernel that answers again.
    page.get_by_role("button", name="Reload the page").click()
    wait_rendered(page, ".sq-app")
    _answer(page)
    page.wait_for_timeout(4000)
    assert page.locator(BANNER).is_hidden()


def test_the_banner_speaks_the_page_language(page: Any, server: VoilaServer) -> None:
    _open(page, server, "lang=ru")
    assert kill_kernel(page_kernel_id(page)) == 1
    banner = page.locator(BANNER)
    banner.wait_for(state="visible", timeout=20_000)
    assert "Урок не отвечает" in banner.inner_text()
    assert page.get_by_role("button", name="Обновить страницу").is_visible()
