"""Which engine runs: the compiled modules (`make engine`, tools/compile_engine.py) or plain
Python, chosen before the engine's modules are imported.

Python imports a compiled module before the `.py` of the same name, so a build older than its
sources would run the old rules. Then, or when `SQ_EDU_PLAIN_ENGINE` is set, the engine's
folder is searched for `.py` files only: plain Python, the same games, slower.
"""

from __future__ import annotations

import os
import sys
import warnings
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from pathlib import Path

HERE = Path(__file__).parent
STAMP = HERE / ".build"   # written by tools/compile_engine.py; absent in a wheel or the site


def stale() -> bool:
    """Whether a compiled build is older than one of the engine's sources."""
    try:
        built = STAMP.stat().st_mtime
    except OSError:
        return False   # never built here: nothing compiled to be stale
    return any(path.stat().st_mtime > built for path in HERE.glob("*.py"))


def choose_plain_if_needed() -> None:
    """Plain Python for the engine's modules when asked for or when the build is stale."""
    asked = bool(os.environ.get("SQ_EDU_PLAIN_ENGINE"))
    if not asked and not stale():
        return
    if not asked:
        warnings.warn("sq_edu.engine: the compiled modules are older than their sources, so "
                      "the engine runs as plain Python: `make engine` compiles it again",
                      RuntimeWarning, stacklevel=2)
    sys.path_importer_cache[str(HERE)] = FileFinder(
        str(HERE), (SourceFileLoader, SOURCE_SUFFIXES),
        (SourcelessFileLoader, BYTECODE_SUFFIXES))


choose_plain_if_needed()   # on import: sq_edu/engine/__init__.py imports this module first
