"""Run inside Pyodide by snapshot.mjs: import what every page imports, so it is in the snapshot.

Every module imported here is in the memory every first visit downloads, so only what a lesson
page imports is: the widgets, the page's IPython stand-in and comm bridge (lite/app/py/: no
IPython and no kernel run in the site's pages), and of sq_edu only the lesson pages' modules
(`LESSON_PAGES`): the game, the Dungeon and the teacher's page import their own modules as they
open, from sq_edu's wheel.

Then each lesson page's app is built once and closed (`warm_lessons`): a page's own build then
finds the catalogue parsed and its code run once. Nothing of those apps stays: the build fails
if a widget, a comm, a page setting or the scratch folder is left.
"""

import gc
import importlib
import pkgutil
import sys

SITE_ZIP = "/lib/sq-site.zip"
sys.path.append(SITE_ZIP)

PAGE = [
    "IPython", "IPython.display", "IPython.core.interactiveshell", "sq_page_bridge",
    "traitlets", "traitlets.config", "traitlets.log", "comm", "ipywidgets", "anywidget",
    "json", "urllib.parse", "random", "getpass", "_strptime", "calendar", "html.parser",
]
# What a lesson page (equations, card_detective, chances, queen_points) imports: its notebook's
# imports, what `dashboard()` imports as it starts, the lessons' exercise generators and the exit
# ticket (tests/site/test_warm_list.py checks it against the pages in Python).
LESSON_PAGES = [
    "sq_edu.pages", "sq_edu.pages.params", "sq_edu.pages.page", "sq_edu.apps.lesson",
    "sq_edu.apps.lesson.app", "sq_edu.apps.lesson.exit_ticket",
    "sq_edu.pages.connection", "sq_edu.pages.link_seal", "sq_edu.pages.lockdown",
    "sq_edu.pages.tab_lock", "sq_edu.practice.classroom.exit_ticket", "sq_edu.pages.first_plain",
]
GENERATORS = "sq_edu.practice.generators"
NOT_LESSONS = ("sq_edu.practice.generators.dungeon", "sq_edu.practice.generators.dungeon_race")

for name in PAGE + LESSON_PAGES:
    importlib.import_module(name)
generators = importlib.import_module(GENERATORS)
for module in pkgutil.walk_packages(generators.__path__, f"{GENERATORS}."):
    if module.name not in NOT_LESSONS:
        importlib.import_module(module.name)

# Each lesson page's app built once, in each language, and closed again: a page then finds the
# catalogue parsed, the lazy imports done and the code run once (0.38 s of a first build in
# Node against 0.14 s for a second: mostly the catalogue's 25 TOML files). The widgets' comms
# are off (no kernel listens here), and nothing of these apps may stay in the snapshot.
LESSONS = ("equations", "card_detective", "chances", "queen_points")
WARM_DIR = "/tmp/sq-edu-warm"   # noqa: S108 (Pyodide's own memory file system, at build time)


def warm_lessons() -> None:
    import os
    import shutil

    import comm
    import ipywidgets
    from ipywidgets import comm as widget_comm
    from ipywidgets.widgets import widget as widget_module

    from sq_edu.apps.lesson import LessonApp
    from sq_edu.i18n import LANGS, catalog
    from sq_edu.pages.connection import ConnectionNotice

    catalog()
    real = widget_comm.create_comm
    widget_comm.create_comm = lambda **kwargs: comm.DummyComm(**kwargs)
    try:
        for lesson in LESSONS:
            for lang in LANGS:
                LessonApp(lesson, lang, None, 1, progress_dir=WARM_DIR)
                ConnectionNotice(lang)
                ipywidgets.Widget.close_all()   # one app at a time: Pyodide's memory never
                gc.collect()                    # shrinks, so its peak is in every snapshot
    finally:
        ipywidgets.Widget.close_all()
        widget_comm.create_comm = real
        shutil.rmtree(WARM_DIR, ignore_errors=True)
    left = {"widgets": len(widget_module._instances),
            "comms": len(comm.get_comm_manager().comms),
            "page settings": [name for name in ("QUERY_STRING", "SQ_EDU_PROGRESS_DIR")
                              if name in os.environ],
            "scratch folder": os.path.exists(WARM_DIR)}
    if any(left.values()):
        raise RuntimeError(f"lite/warm.py: the warm-up left page state in the snapshot: {left}")


def leave_out_imported(archive: str) -> None:
    """Rewrite the zip `archive` without the sources of the modules now in memory: they are in
    the snapshot, and a page only reads a zip's files for modules not imported yet (the
    standard library -1.0 MiB gzip, the packages' zip -0.2). Tracebacks in the log lose those
    modules' source lines. zipimport then reads the new zip's directory, so the snapshot holds
    the zip the page gets (lite/snapshot.mjs copies it out)."""
    import os
    import shutil
    import zipfile

    loaded = {module.__file__.removeprefix(archive + "/") for module in list(sys.modules.values())
              if (getattr(module, "__file__", None) or "").startswith(archive + "/")}
    rewritten = archive + ".new"
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(rewritten, "w") as target:
        for info in source.infolist():   # one file at a time: no peak in Pyodide's memory
            if info.filename not in loaded:
                kept = zipfile.ZipInfo(info.filename, info.date_time)
                kept.external_attr = info.external_attr
                with source.open(info) as data, target.open(kept, "w") as copy:
                    shutil.copyfileobj(data, copy)
    os.replace(rewritten, archive)
    importlib.invalidate_caches()   # every zipimporter of the archive reads it again


warm_lessons()
STDLIB_ZIP = next(path for path in sys.path if path.startswith("/lib/python") and
                  path.endswith(".zip"))
for archive in (STDLIB_ZIP, SITE_ZIP):
    leave_out_imported(archive)
sys._sq_edu_snapshot = True   # pages and tests can tell they were restored
gc.collect()   # no garbage of the imports in the memory every page downloads
