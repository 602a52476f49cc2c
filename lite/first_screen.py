"""A lesson's first screen drawn before Python starts: ipywidgets' saved widget state.

    python lite/first_screen.py OUT_DIR      (lite/build.py runs it; the site's own Python)

A phone on a 4G line waits seconds for Pyodide (megabytes, then the snapshot's restore) before
the child sees a card. So at build time the page's own Python builds the app exactly as the
page's cells do (`dashboard(LessonApp(...), params)` for a default link with a fixed seed) and
saves its widgets' state in the embed format of nbconvert and Voila's static export
(`ipywidgets.embed.embed_data`). The site's app page (lite/app/app.html) draws that state at
once with the same html-manager that draws Python's widgets, keeps the child's picks in the
front end, and starts Python only after that; Python builds the same deal (the seed goes into
its link) and the page hands it the picks when it arrives (lite/app/src/page.mjs `takeOver`).

Only the answer cards take a tap before Python is there: every other control is saved
disabled (a tap on "Check" that did nothing would teach the child that it is broken).
Output: `first/<page>.<lang>.<seed>.json` and the index `first/index.json`
(page -> lang -> the files), which lite/pages.py puts into each dashboard page.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

# The lessons whose first screen is built (the class server draws the same ones plain), and
# the deals (a page takes one of them at random, so that not every first visit starts with the
# same hand).
from sq_edu.pages.first_plain import LESSONS as PAGES

SEEDS = (101, 202, 303)
# Controls saved disabled until Python has taken the page over (only the cards are live).
WAIT_FOR_PYTHON = {"ButtonModel", "ToggleButtonsModel", "TextModel", "PasswordModel",
                   "DropdownModel", "BoundedIntTextModel", "FileUploadModel", "CheckboxModel",
                   "IntSliderModel", "ToggleButtonModel"}
FOLDER = "first"


def saved_state(page: str, lang: str, seed: int) -> dict:
    """The app of `page` as the page's cells build it for `?lang=..&seed=..`, as embed data
    (`manager_state` and the `view_specs` of the app), every value kept: anywidget's script
    and style are trait defaults, which `drop_defaults` would leave out."""
    os.environ["QUERY_STRING"] = f"lang={lang}&seed={seed}"
    from ipywidgets.embed import embed_data

    from sq_edu.apps.lesson import LessonApp
    from sq_edu.pages import page_params
    from sq_edu.pages.page import dashboard

    params = page_params()
    app = LessonApp(page, params.lang, params.level, params.seed)
    dashboard(app, params)   # what the page's cells do to it (tickets, class, nickname)
    data = embed_data(views=[app], drop_defaults=False)
    for model in data["manager_state"]["state"].values():
        if model["model_name"] in WAIT_FOR_PYTHON:
            model["state"]["disabled"] = True
    return data


def write_first_screens(out: Path) -> dict[str, dict[str, list[str]]]:
    """Every first screen into `out/first/`, each deal in a Python of its own (an app's page
    allows one app per process); returns the index the pages carry."""
    folder = out / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    from sq_edu.i18n import LANGS

    index: dict[str, dict[str, list[str]]] = {}
    for page in PAGES:
        for lang in LANGS:
            for seed in SEEDS:
                name = f"{FOLDER}/{page}.{lang}.{seed}.json"
                subprocess.run([sys.executable, __file__, page, lang, str(seed),
                                str(out / name)], check=True)
                index.setdefault(page, {}).setdefault(lang, []).append(name)
    from first_plain import write_plain  # beside this file

    from sq_edu.i18n import t
    for page in PAGES:   # the same deals as plain HTML, drawn once by the same front end
        write_plain(out, index[page], {lang: t("first_screen.waking", lang) for lang in LANGS})
    (folder / "index.json").write_text(json.dumps(index), encoding="utf-8")
    return index


def seed_of(name: str) -> int:
    """The seed of a first screen's file name (`first/equations.en.101.json`)."""
    return int(name.rsplit(".", 2)[-2])


if __name__ == "__main__":
    page, lang, seed, path = sys.argv[1:5]
    data = saved_state(page, lang, int(seed))
    Path(path).write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
