"""What the HTML of a served dashboard page must and must not carry, checked in one place.

Every test that fetches a page from a real Voila (the served-pages test over every dashboard,
`sq-edu serve` in tests/test_cli.py, the installed wheel in tests/test_wheel.py, the failing
notebooks of tests/security/test_security_page.py) asks `served_page_problems`, so a check
added here holds for all of them.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request

from sq_edu.pages.titles import page_titles
from tests.support.browser import ERROR_TEXTS

# What a traceback or a notebook's source would leave in the page.
LEAK_TEXTS: tuple[str, ...] = ("Traceback", "most recent call last", '.py", line',
                               "show_tracebacks", "from sq_edu")
WIDGET_OUTPUT = "application/vnd.jupyter.widget-view+json"


def fetch(url: str, timeout: float = 180) -> tuple[int, str]:
    """The status and text of a page (an HTTP error's own page too)."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, answer.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


def served_page_problems(html: str, name: str | None = None, *, widgets: bool = True) -> list[str]:
    """Everything wrong with a served page, one line each (empty when it is healthy).

    A healthy page rendered its widget output (unless `widgets=False`: a page whose app is
    not expected to show, such as a failing notebook), shows no error text of Voila's or ours,
    no traceback and no notebook source, links nothing off the machine, and (given the
    dashboard's `name`) carries its tab title in both languages for `<html lang>` to pick.
    """
    problems = []
    if "jupyter-config-data" not in html:
        problems.append("not a Voila page")
    if widgets and WIDGET_OUTPUT not in html:
        problems.append("no widget was rendered")
    problems += [f"shows {text!r}" for text in dict.fromkeys((*ERROR_TEXTS, *LEAK_TEXTS))
                 if text in html]
    if "://cdn." in html:
        problems.append("links a CDN (the page must work offline)")
    for lang, title in (page_titles(name) if name else {}).items():
        if json.dumps(title) not in html:   # the template writes the titles as JSON
            problems.append(f"no {lang} tab title {title!r}")
    return problems
