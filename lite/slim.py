"""Only what the pages import goes to the browser: wheels and the packages' zip made smaller.

The widget wheels lose their JupyterLab extension (the site's pages draw the widgets with their
own bundle, lite/app/; the Python side never reads it). Wheels stay valid zips with the same
names, so Pyodide's lock only needs their new sha256.

The zips a page's loader reads whole (the standard library, the packages' zip) are stored
uncompressed inside (`stored_zip`) and sent as one brotli or gzip stream: compressed per file,
as they come, no host could compress them further, and one stream with a large window is
smaller (the standard library: 2.36 MiB deflated, 1.52 brotli, 2.11 gzip).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

STAMP = (1980, 1, 1, 0, 0, 0)   # the same bytes from every build
# Of the standard library, what no page can use: the interactive prompt, the debugger, help and
# test tools, processes, servers and mail, terminals, databases and the desktop GUI. Left out of
# the snapshot start's stored zip (-0.3 MiB brotli); the plain start keeps Pyodide's whole zip.
# tests/site/test_stdlib_left_out.py checks that no module of sq_edu or of a page's package
# imports one of them.
STDLIB_LEFT_OUT = (
    "_pyrepl/", "pdb.py", "pydoc.py", "pydoc_data/", "doctest.py", "unittest/",
    "multiprocessing/", "xmlrpc/", "wsgiref/", "imaplib.py", "mailbox.py", "smtplib.py",
    "poplib.py", "ftplib.py", "pickletools.py", "turtle.py", "turtledemo/", "idlelib/",
    "ensurepip/", "venv/", "curses/", "dbm/", "tkinter/", "tabnanny.py", "trace.py",
    "profile.py", "cProfile.py", "pstats.py", "zipapp.py", "compileall.py",
)
def kept(name: str) -> bool:
    """Whether a file of a wheel goes to the browser."""
    return ".data/data/share/jupyter/" not in name   # a JupyterLab extension's JS


def slim_wheel(path: Path) -> int:
    """Rewrite `path` without the files the browser does not need; returns bytes saved."""
    with zipfile.ZipFile(path) as source:
        items = [item for item in source.infolist() if not item.is_dir()]
        if all(kept(item.filename) for item in items):
            return 0
        before = path.stat().st_size
        files = [(item.filename, source.read(item)) for item in items if kept(item.filename)]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for name, data in files:
            target.writestr(zipfile.ZipInfo(name, STAMP), data, zipfile.ZIP_DEFLATED)
    return before - path.stat().st_size


def stored_zip(source: Path, target: Path, left_out: tuple[str, ...] = ()) -> int:
    """`source`'s files, same names, order and dates, uncompressed into `target` (zipimport
    reads either), but those whose names start with one of `left_out`; returns `target`'s
    size."""
    with zipfile.ZipFile(source) as zipped, zipfile.ZipFile(target, "w",
                                                            zipfile.ZIP_STORED) as stored:
        for item in zipped.infolist():
            if item.filename.startswith(left_out):
                continue
            info = zipfile.ZipInfo(item.filename, item.date_time)
            info.external_attr = item.external_attr
            stored.writestr(info, zipped.read(item), zipfile.ZIP_STORED)
    return target.stat().st_size
