"""The teacher's suggested practice is seen on a phone: the learner saves their nickname at the
bottom of the lesson page, the suggestion appears in its box at the top, and the page brings the
box into view (it was off screen before). Chromium at 390x844 (touch), English and Russian;
screenshots in test-artifacts/suggested-in-view-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sq_edu.practice.classroom.suggested import Suggestion, send_practice
from sq_edu.server.server import VoilaServer
from tests.browser.test_diagnosis import ARTIFACTS, PHONE, open_page, sign_in

pytestmark = pytest.mark.browser
WORDS = {"en": "Your teacher suggests:", "ru": "Учитель предлагает"}


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[VoilaServer, Path]]:
    """A class 5b on a server of its own, its progress in a fresh folder."""
    folder = tmp_path_factory.mktemp("suggested")
    server = VoilaServer(log_path=ARTIFACTS / "voila-suggested.log")
    server.env |= {"SQ_EDU_CLASS": "5b", "SQ_EDU_PROGRESS_DIR": str(folder)}
    with server:
        yield server, folder


IN_VIEW = """() => {
  const box = document.querySelector('.sq-suggested');
  if (!box || !box.getBoundingClientRect().height) return false;
  const r = box.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
}"""


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_suggestion_is_in_view_after_the_nickname_is_saved(
        browser: Any, class_server: tuple[VoilaServer, Path], lang: str) -> None:
    server, folder = class_server
    name = f"Ana-{lang}"
    send_practice(folder, "5b", [name], Suggestion("chances", 1, "chance_words"))
    phone = browser.new_context(locale="en-GB", **PHONE)
    try:
        url = f"{server.url}voila/render/card_detective.ipynb?lang={lang}&level=2&class=5b"
        page = open_page(phone, url, ".sq-lesson-app")
        sign_in(page, name)                          # at the bottom of the page
        page.locator(".sq-suggested", has_text=WORDS[lang]).wait_for(state="attached")
        page.wait_for_function(IN_VIEW, timeout=10_000)
        assert page.locator("a.sq-suggested-open").is_visible()
        page.screenshot(path=str(ARTIFACTS / f"suggested-in-view-{lang}.png"))
    finally:
        phone.close()
