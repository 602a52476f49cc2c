"""Run inside Pyodide by lite/snapshot.mjs for the lean page's snapshot: import what the lesson
page imports (no IPython, no kernel: the stand-in and the bridge instead), so it is in memory.

The lists of sq_edu's modules are lite/warm.py's (a lesson page's imports); kept in step by hand
in this prototype.
"""

import gc
import importlib
import pkgutil
import sys

sys.path.append("/lib/sq-site.zip")

PAGE = ["IPython", "IPython.display", "IPython.core.interactiveshell", "comm", "traitlets",
        "ipywidgets", "anywidget", "sq_lean_bridge", "json", "urllib.parse", "random",
        "html.parser", "calendar", "_strptime"]
LESSON_PAGES = [
    "sq_edu.pages", "sq_edu.pages.params", "sq_edu.pages.page", "sq_edu.apps.lesson",
    "sq_edu.apps.lesson.app", "sq_edu.apps.lesson.exit_ticket",
    "sq_edu.pages.connection", "sq_edu.pages.link_seal", "sq_edu.pages.lockdown",
    "sq_edu.pages.tab_lock", "sq_edu.practice.classroom.exit_ticket",
]
GENERATORS = "sq_edu.practice.generators"
NOT_LESSONS = ("sq_edu.practice.generators.dungeon",)

for name in PAGE + LESSON_PAGES:
    importlib.import_module(name)
generators = importlib.import_module(GENERATORS)
for module in pkgutil.walk_packages(generators.__path__, f"{GENERATORS}."):
    if module.name not in NOT_LESSONS:
        importlib.import_module(module.name)
sys._sq_edu_snapshot = True
gc.collect()
