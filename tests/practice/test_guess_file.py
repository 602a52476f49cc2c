"""The guess counter's file is parsed once per change: every look at the counts (each page
request, login and secret) used to parse up to 2,000 entries in the server's event loop."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from sq_edu.practice.guess_file import read_counts
from sq_edu.practice.guess_limit import GUESS_FILE, Device, GuessLimit


def test_a_write_by_another_process_is_seen_and_an_unchanged_file_is_not_parsed_again(
        tmp_path: Path) -> None:
    limit = GuessLimit(tmp_path)
    limit.failed("learner:anna", Device("10.0.0.9", "guesser"))
    first = read_counts(tmp_path / GUESS_FILE)
    assert read_counts(tmp_path / GUESS_FILE) is first   # the same parse, shared
    subprocess.run([sys.executable, "-c", (
        "import sys; from pathlib import Path; "
        "from sq_edu.practice.guess_limit import Device, GuessLimit; "
        "GuessLimit(Path(sys.argv[1])).failed('learner:anna', Device('10.0.0.9', 'other'))"),
        str(tmp_path)], check=True)
    assert limit.tries_on("learner:anna") == 2
    counts = json.loads((tmp_path / GUESS_FILE).read_text(encoding="utf-8"))
    counts.pop("stamp")
    counts["counters"].clear()   # edited by hand, without a stamp
    (tmp_path / GUESS_FILE).write_text(json.dumps(counts), encoding="utf-8")
    assert limit.tries_on("learner:anna") == 0
    (tmp_path / GUESS_FILE).write_text("{broken", encoding="utf-8")
    assert limit.tries_on("learner:anna") == 0
