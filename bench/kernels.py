"""Kernel memory: resident memory (RSS) of the kernel behind one open dashboard page.

A school sizes a server (or a JupyterHub memory limit) by it; the target is <= 90 MB per
kernel. Each figure is the median over several pages, each opened over HTTP and its kernel
websocket (the page's notebook has run and its widgets are there) and measured with psutil,
preheated (the kernel ran the notebook before the request, then waited for the page's query
string) and cold (Voila starts the kernel for the request), next to a one-button ipywidgets
notebook served in the same run (what any Voila page costs).

    python -m bench kernels                 # this checkout
    SQ_EDU_BENCH_PAGES=equations,play python -m bench kernels
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import nbformat

from bench._kernel_client import DashboardSession, run_sync
from bench._load_metrics import MB, kernels_of, voila_process
from sq_edu.server.server import VoilaServer, notebooks_dir

BASELINE_CODE = (
    "import ipywidgets as widgets\n"
    "button = widgets.Button(description='0')\n"
    "button"
)
TARGET_MB = 90


def _folder(pages: list[str]) -> Path:
    """The dashboards asked for plus a one-button baseline notebook, in a fresh folder."""
    folder = Path(tempfile.mkdtemp(prefix="sq-bench-kernels-"))
    for name in pages:
        shutil.copy(notebooks_dir() / f"{name}.ipynb", folder / f"{name}.ipynb")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(BASELINE_CODE)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}
    nbformat.write(notebook, folder / "baseline.ipynb")
    return folder


def _kernel_rss(server: VoilaServer, kernel_id: str) -> float:
    """MB of the kernel whose connection file names `kernel_id`."""
    for kernel in kernels_of(voila_process(server.port)):
        if kernel_id in " ".join(kernel.cmdline()):
            return kernel.memory_info().rss / MB
    raise LookupError(f"no kernel process for {kernel_id}")


async def _page_rss(server: VoilaServer, name: str) -> float:
    session = await DashboardSession(server.url, name).open()
    try:
        await session.load_widgets()
        await asyncio.sleep(1.0)          # let the kernel settle after the page's first replies
        return _kernel_rss(server, session.kernel_id)
    finally:
        await session.close()


def measure(pages: list[str], runs: int) -> dict[tuple[str, str], list[float]]:
    """{(page, "preheated" | "cold"): [MB per opened page]}."""
    folder = _folder(pages)
    found: dict[tuple[str, str], list[float]] = {}
    try:
        for mode in ("preheated", "cold"):
            with VoilaServer(folder, preheat=mode == "preheated", pool_size=1) as server:
                for _ in range(runs):
                    for name in ["baseline", *pages]:
                        if mode == "preheated":
                            time.sleep(8.0)       # the pool refills after every page
                        found.setdefault((name, mode), []).append(
                            run_sync(_page_rss(server, name)))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return found


def run(quick: bool = False) -> list[dict]:
    pages = os.environ.get("SQ_EDU_BENCH_PAGES", "equations").split(",")
    found = measure(pages, runs=1 if quick else 3)
    return [{"benchmark": f"kernel RSS, {name} page, {mode}",
             "value": statistics.median(values), "unit": "MB",
             "target": "" if name == "baseline" else f"<= {TARGET_MB}"}
            for (name, mode), values in found.items()]
