"""Where the suite's time goes, from the JUnit XML every `make test` writes.

    python tools/durations.py                       # test-artifacts/junit.xml
    python tools/durations.py other.xml --top 40    # another run, more rows

Prints the time by folder, by file and the slowest tests. With pytest-xdist the times add up
over the workers, so the total is more than the run's wall-clock time; compare runs by it.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "test-artifacts" / "junit.xml"


def test_times(report: Path) -> list[tuple[str, str, float]]:
    """(file, test name, seconds) for every test case in a JUnit report."""
    root = ET.parse(report).getroot()  # noqa: S314
    found = []
    for case in root.iter("testcase"):
        file = case.get("file") or case.get("classname", "?").replace(".", "/") + ".py"
        found.append((file, case.get("name", "?"), float(case.get("time", 0))))
    return found


def folder_of(file: str) -> str:
    parts = Path(file).parts
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


def summary(times: list[tuple[str, str, float]], top: int) -> str:
    by_folder: Counter[str] = Counter()
    by_file: Counter[str] = Counter()
    for file, _name, seconds in times:
        by_folder[folder_of(file)] += seconds
        by_file[file] += seconds
    total = sum(seconds for *_rest, seconds in times)
    lines = [f"{len(times)} tests, {total:.0f} s of test time (summed over workers)", "",
             "by folder:"]
    lines += [f"  {seconds:8.1f} s  {folder}" for folder, seconds in by_folder.most_common()]
    lines += ["", f"slowest {top} files:"]
    lines += [f"  {seconds:8.1f} s  {file}" for file, seconds in by_file.most_common(top)]
    slowest = sorted(times, key=lambda row: row[2], reverse=True)[:top]
    lines += ["", f"slowest {top} tests:"]
    lines += [f"  {seconds:8.1f} s  {file}::{name}" for file, name, seconds in slowest]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", nargs="?", type=Path, default=DEFAULT)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args(argv)
    if not args.report.is_file():
        print(f"no JUnit report at {args.report}: run `make test` first", file=sys.stderr)
        return 1
    print(summary(test_times(args.report), args.top))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
