"""Run inside Pyodide by snapshot.mjs: import what every page imports, so it is in the snapshot.

The Pyodide kernel itself (`pyodide_kernel`, its IPython shell, micropip, piplite) is started
here too; the few Pyodide functions it holds are named in the snapshot and handed over by the
page's loader (snapshot.mjs, sq-pyodide.mjs). Server-side modules (`sq_edu.server`,
the `sq_edu.voila` shims, `sq_edu.cli`) are not in the browser.
"""

import gc
import importlib
import importlib.util
import pkgutil
import sys
import types
import zipimport

SITE_ZIP = "/lib/sq-site.zip"
sys.path.append(SITE_ZIP)

# The kernel's own mocks first, exactly as it applies them, so IPython imports as in the kernel
# (its mocks.py on its own, without the package, which would start the kernel).
spec = zipimport.zipimporter(f"{SITE_ZIP}/pyodide_kernel/").find_spec("mocks")
mocks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mocks)
mocks.apply_mocks()

# A widget page needs neither IPython's terminal (prompt_toolkit, which IPython imports only for
# its `embed`) nor jedi's completion: left out, they are neither in the snapshot's memory nor in
# the site's zip (lite/slim.py). IPython's completer checks for jedi itself; `embed` is a
# terminal feature no page calls.
sys.modules["jedi"] = None   # type: ignore[assignment]
_embed = types.ModuleType("IPython.terminal.embed")
_embed.embed = lambda *args, **kwargs: None   # type: ignore[attr-defined]
sys.modules["IPython.terminal.embed"] = _embed

KERNEL = [
    "IPython", "IPython.core.interactiveshell", "IPython.core.application",
    "IPython.core.history", "IPython.core.shellapp", "IPython.core.displayhook",
    "IPython.core.displaypub", "IPython.core.inputtransformer2", "IPython.core.completerlib",
    "IPython.display", "IPython.utils.tokenutil", "traitlets.config", "traitlets.log", "comm",
    "getpass", "_strptime", "calendar", "html.parser", "unittest.mock",
    "ipywidgets", "anywidget",
]
SERVER_SIDE = ("sq_edu.server", "sq_edu.voila", "sq_edu.cli")

for name in KERNEL:
    importlib.import_module(name)
import sq_edu  # noqa: E402

for module in pkgutil.walk_packages(sq_edu.__path__, "sq_edu."):
    if not module.name.startswith(SERVER_SIDE):
        importlib.import_module(module.name)
for name in ("micropip", "piplite", "pyodide_kernel"):   # the kernel last: it takes sys.stdout
    importlib.import_module(name)
sys._sq_edu_snapshot = True   # pages and tests can tell they were restored
gc.collect()   # no garbage of the imports in the memory every page downloads
