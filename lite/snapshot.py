"""The site's fast start: the packages as one zip, and a Pyodide memory snapshot.

A page used to spend most of its load starting Python, unpacking the wheels and importing
ipywidgets and sq_edu. The build does that once, in Node, and saves
Pyodide's memory (`sq_edu.snapshot`); the page's loader (`sq-pyodide.mjs`) restores it and
puts the packages' zip (`sq-site.zip`) back on the path. sq_edu is unpacked into site-packages
from its own stored zip (`sq-edu.zip`, its wheel's files): it reads its lessons, catalogues and
scripts from its own folder.

The snapshot goes out as one brotli copy, `sq_edu.snapshot.br` (brotli 11), beside an empty
`sq_edu.snapshot`: a host that serves precompressed files sends the copy for the name with
`Content-Encoding: br` and the browser unpacks it; any other host sends 0 bytes for the name (not
a 404, and a file for hosts that look for one before its precompressed copies), and the loader
fetches the `.br` as a file and unpacks it itself (a WebAssembly brotli decoder). The packages'
zip and the standard library (`sq-stdlib.zip`, stored; Pyodide's deflated `python_stdlib.zip`
stays for the plain start) go out the same way (lite/slim.py, `stored_zip`; their copies by
lite/precompress.mjs), without the sources of the modules the snapshot has imported
(lite/warm.py): the snapshot's Python has their directories cached, so the page must get
exactly the bytes the build left.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

from slim import STDLIB_LEFT_OUT, stored_zip

HERE = Path(__file__).resolve().parent
SITE_ZIP = "sq-site.zip"
STDLIB_ZIP = "sq-stdlib.zip"
SQ_EDU_ZIP = "sq-edu.zip"   # sq_edu's wheel, stored: the loader unpacks it into site-packages
# Sent as `.br` copies, the file of the name itself left empty (lite/precompress.mjs).
STAND_INS = (SITE_ZIP, STDLIB_ZIP, SQ_EDU_ZIP)
SNAPSHOT_BR = "sq_edu.snapshot.br"
# brotli's best setting, its largest window a browser reads (2**24 bytes)
BROTLI_SNAPSHOT = """
const fs = require("fs"), zlib = require("zlib");
const [source, target] = process.argv.slice(1);
const data = fs.readFileSync(source);
fs.writeFileSync(target, zlib.brotliCompressSync(data, {params: {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length}}));
fs.unlinkSync(source);
"""
LOADER = "sq-pyodide.mjs"
STAMP = (1980, 1, 1, 0, 0, 0)   # the same bytes from every build


def site_zip(folder: Path) -> Path:
    """Every wheel in `folder` but sq_edu's, unpacked into one stored zip for zipimport (the
    packages' own test suites left out)."""
    out = folder / SITE_ZIP
    seen: set[str] = set()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for wheel in sorted(folder.glob("*.whl")):
            if wheel.name.startswith("sq_edu-"):
                continue
            with zipfile.ZipFile(wheel) as source:
                for item in sorted(source.infolist(), key=lambda i: i.filename):
                    if item.is_dir() or item.filename in seen or "/tests/" in item.filename:
                        continue
                    seen.add(item.filename)
                    info = zipfile.ZipInfo(item.filename, STAMP)
                    info.compress_type = zipfile.ZIP_STORED
                    archive.writestr(info, source.read(item))
    return out


def make_snapshot(folder: Path, pyodide_version: str,
                  scratch: Path) -> subprocess.Popen[bytes]:
    """Pyodide's memory after the imports of lite/warm.py, made by Node; returns its brotli
    compression, still running (a few minutes: the build goes on meanwhile), into `scratch`
    (brotli_done copies it into the site)."""
    if shutil.which("node") is None:
        raise SystemExit("lite/snapshot.py: the site build needs Node.js (node) for its snapshot")
    site_zip(folder)
    stored_zip(folder / "python_stdlib.zip", folder / STDLIB_ZIP, STDLIB_LEFT_OUT)
    wheel = next(folder.glob("sq_edu-*.whl"))
    stored_zip(wheel, folder / SQ_EDU_ZIP)
    with tempfile.TemporaryDirectory() as temporary:
        raw = Path(temporary) / "snapshot"
        subprocess.run(["node", str(HERE / "snapshot.mjs"), str(folder), str(HERE / "warm.py"),
                        str(raw)], check=True)
        size = raw.stat().st_size
        digest = hashlib.sha256(raw.read_bytes())
        static_data = raw.with_name(raw.name + ".json").read_text(encoding="utf-8")
        scratch.mkdir(parents=True, exist_ok=True)
        kept = scratch / "snapshot.raw"
        shutil.move(raw, kept)
    brotli = subprocess.Popen(["node", "-e", BROTLI_SNAPSHOT, str(kept),
                               str(scratch / SNAPSHOT_BR)])
    sizes = {"sq_edu.snapshot": size}
    for name in STAND_INS:
        digest.update((folder / name).read_bytes())
        sizes[name] = (folder / name).stat().st_size
    snapshot_id = digest.hexdigest()[:16]
    loader = (HERE / LOADER).read_text(encoding="utf-8")
    for mark, value in (("@SNAPSHOT_ID@", snapshot_id), ("@PACKED_SIZES@", json.dumps(sizes)),
                        ("@STATIC_DATA@", static_data),
                        ("@PYODIDE_VERSION@", pyodide_version)):
        loader = loader.replace(mark, value)
    (folder / LOADER).write_text(loader, encoding="utf-8")
    return brotli


def brotli_done(brotli: subprocess.Popen[bytes], site: Path) -> None:
    """Wait for the snapshot's brotli copy and put it beside the gzip one in the built site."""
    if brotli.wait() != 0:
        raise SystemExit("lite/snapshot.py: the snapshot's brotli compression failed")
    source = Path(brotli.args[-1])   # type: ignore[index]
    folder = site / "static" / "pyodide"
    shutil.copy2(source, folder / SNAPSHOT_BR)
    (folder / SNAPSHOT_BR.removesuffix(".br")).write_bytes(b"")   # stands for its copies
