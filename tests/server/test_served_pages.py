"""Every dashboard as the hardened Voila serves it: the page a child's browser receives.

One parametrised test over the dashboards instead of the same checks copied into each test
that starts a server; what a healthy page carries is `tests.support.served`. The browser tests
then look at the same pages rendered (tests/browser/test_dashboards.py, test_page_words.py).
"""

from __future__ import annotations

import pytest

from sq_edu.server.server import VoilaServer, dashboards
from tests.support.served import fetch, served_page_problems

# Every page a child or teacher opens on `sq-edu serve` (the class table needs a class server).
PAGES = ["index", *dashboards(), "teacher", "grownups"]


@pytest.mark.parametrize("name", PAGES)
def test_the_served_page_is_whole_and_clean(voila_server: VoilaServer, name: str) -> None:
    status, html = fetch(f"{voila_server.url}voila/render/{name}.ipynb?lang=ru")
    assert status == 200, html[-2000:]
    assert served_page_problems(html, name) == []
