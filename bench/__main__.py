"""`python -m bench [--quick] [--peer DIR] [area ...]`: run every bench/<area>.py, print a table.

Each area module exposes `run(quick: bool = False) -> list[dict]` with rows
`{"benchmark", "value", "unit", "target"}` (CONTRIBUTING.md). Modules starting with `_` are
helpers. An area that fails is reported in the table and the others still run.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import logging
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent


def areas() -> list[str]:
    """Benchmark areas present on disk, in name order."""
    return sorted(p.stem for p in HERE.glob("*.py") if not p.stem.startswith("_"))


def _value(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return str(value)


def table(rows: list[dict[str, object]]) -> str:
    """Rows as an aligned plain-text table."""
    header = ["area", "benchmark", "value", "unit", "target"]
    cells = [header] + [[str(r.get("area", "")), str(r.get("benchmark", "")),
                         _value(r.get("value", "")), str(r.get("unit", "")),
                         str(r.get("target", ""))] for r in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True))
             for row in cells]
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(line.rstrip() for line in lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--peer", metavar="DIR",
                        help="engine: also time the peer engine checked out in DIR (issue #44)")
    parser.add_argument("only", nargs="*", help="areas to run (default: all)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    sys.path.insert(0, str(HERE.parent))
    rows: list[dict[str, object]] = []
    failed = 0
    for area in args.only or areas():
        start = time.perf_counter()
        try:
            module = importlib.import_module(f"bench.{area}")
            options = {"peer": args.peer} if args.peer and "peer" in inspect.signature(
                module.run).parameters else {}
            results = module.run(quick=args.quick, **options)
        except Exception as error:  # one broken area must not hide the others
            traceback.print_exc()
            rows.append({"area": area, "benchmark": "FAILED", "value": type(error).__name__,
                         "unit": "", "target": str(error)[:60]})
            failed += 1
            continue
        rows += [{"area": area, **row} for row in results]
        print(f"{area}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    print(table(rows))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
