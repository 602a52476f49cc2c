"""What Voila sends to the page: no notebook source, no traceback, even when a cell fails.

A notebook whose second cell raises is served exactly as `sq-edu serve` serves the dashboards
(`--strip_sources=True --show_tracebacks=False`). The page must carry a friendly "this lesson
could not be opened" at most, never the code, the exception text, a Python traceback or
Voila's notice for developers ("run Voilà with --show_tracebacks=True").
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from sq_edu.server.server import VoilaServer
from tests.support.served import served_page_problems

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

SOURCE_MARKER = "sq_source_marker_4711"
SECRET = "sq_secret_in_exception_0815"
# What this test's notebooks would leak, beyond what no served page may show (LEAK_TEXTS).
SECRETS = ("ZeroDivisionError", "ValueError", SECRET, SOURCE_MARKER)


def _notebook(*sources: str) -> str:
    cells = [{"cell_type": "code", "execution_count": None, "id": f"cell-{i}", "metadata": {},
              "outputs": [], "source": source} for i, source in enumerate(sources)]
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {
        "display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture(scope="module")
def failing_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    folder = tmp_path_factory.mktemp("notebooks")
    (folder / "index.ipynb").write_text(_notebook("print('hello')"))
    (folder / "broken.ipynb").write_text(_notebook(
        f"{SOURCE_MARKER} = 1\nprint('before the failure')",
        f"def lesson():\n    raise ValueError('{SECRET}')\nlesson()",
        "print('after the failure')",
    ))
    (folder / "divide.ipynb").write_text(_notebook(f"# {SOURCE_MARKER}\n1 / 0"))
    (folder / "no_lesson.ipynb").write_text(_notebook(   # a lesson whose file did not load
        "from sq_edu.apps.lesson import LessonApp\nLessonApp('lost_lesson')"))
    with VoilaServer(folder, log_path=ARTIFACTS / "voila-security-page.log") as server:
        yield server


@pytest.mark.parametrize("name", ["broken", "divide"])
def test_failing_cell_shows_no_source_and_no_traceback(
    failing_server: VoilaServer, name: str
) -> None:
    with urllib.request.urlopen(f"{failing_server.url}voila/render/{name}.ipynb",
                                timeout=120) as answer:
        html = answer.read().decode("utf-8", "replace")
    # A Voila page, with none of Voila's developer notices ("There was an error when executing
    # cell", "show_tracebacks"), no traceback and no source; no widget is expected.
    assert served_page_problems(html, widgets=False) == []
    leaked = [text for text in SECRETS if text in html]
    assert not leaked, f"the page shows {leaked}"
    assert "This lesson could not be opened" in html and "Tell your teacher" in html


def test_a_lesson_that_does_not_load_gets_a_friendly_page(failing_server: VoilaServer) -> None:
    """A broken or missing lesson file: a message and a way back."""
    with urllib.request.urlopen(f"{failing_server.url}voila/render/no_lesson.ipynb",
                                timeout=120) as answer:
        html = answer.read().decode("utf-8", "replace")
    assert "This lesson could not be opened" in html
    assert 'href=\\"index.ipynb\\"' in html   # the output travels JSON-escaped in the page
    assert "KeyError" not in html and "lost_lesson" not in html and "show_tracebacks" not in html
    log = failing_server.log_path.read_text("utf-8", "replace") if failing_server.log_path \
        else ""
    assert "lost_lesson" in log, "the reason belongs in the server log"


def test_outputs_before_the_failure_still_show(failing_server: VoilaServer) -> None:
    with urllib.request.urlopen(f"{failing_server.url}voila/render/broken.ipynb",
                                timeout=120) as answer:
        html = answer.read().decode("utf-8", "replace")
    assert "before the failure" in html
    assert "after the failure" not in html  # Voila stops at the failing cell


def test_the_real_dashboards_are_served_without_sources() -> None:
    """The project's own command line keeps these switches; the test above relies on them."""
    command = VoilaServer().command
    assert "--strip_sources=True" in command
    assert "--show_tracebacks=False" in command
