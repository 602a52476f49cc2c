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


def stored_zip(source: Path, target: Path) -> int:
    """`source`'s files, same names, order and dates, uncompressed into `target` (zipimport
    reads either); returns `target`'s size."""
    with zipfile.ZipFile(source) as zipped, zipfile.ZipFile(target, "w",
                                                            zipfile.ZIP_STORED) as stored:
        for item in zipped.infolist():
            info = zipfile.ZipInfo(item.filename, item.date_time)
            info.external_attr = item.external_attr
            stored.writestr(info, zipped.read(item), zipfile.ZIP_STORED)
    return target.stat().st_size
