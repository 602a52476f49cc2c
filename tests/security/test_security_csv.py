"""The class report as CSV: no cell a spreadsheet would run as a formula.

Spreadsheets skip leading spaces, quotes and zero-width characters, and read full-width signs
(＝ ＋ － ＠) as formulas too. Nicknames from files are validated so none of these can start one
(`clean_nickname`), but a report also takes `Progress` objects built by other code, so the
CSV writer itself must neutralise every such cell.
"""

from __future__ import annotations

import csv
import io

import pytest

from sq_edu.practice import Progress
from sq_edu.practice.classroom.report import teacher_report

SNEAKY = [" =1+1", "  +cmd|' /C calc'!A0", '"=HYPERLINK("x")', "'@SUM(A1)", "\u200b=1+1",
          "\ufeff-2+3", "\uff1d1+1", "\uff0bcmd", "\uff20SUM(A1)", "\u3000=1", "\u00a0=1",
          "|calc", "\t=1", "=1"]


@pytest.mark.parametrize("nickname", SNEAKY)
def test_no_csv_cell_can_start_a_formula(nickname: str) -> None:
    hacked = Progress(nickname)
    hacked.mastery.record("chances", 1, "chance_count", True, 0, levels=7)
    rows = list(csv.reader(io.StringIO(teacher_report([hacked]).to_csv())))
    assert rows[1][0] == "'" + nickname


@pytest.mark.parametrize("nickname", ["masha", "Маша", "2b", "o'neil", "ёж-42"])
def test_ordinary_nicknames_are_left_as_they_are(nickname: str) -> None:
    plain = Progress(nickname)
    plain.mastery.record("chances", 1, "chance_count", True, 0, levels=7)
    rows = list(csv.reader(io.StringIO(teacher_report([plain]).to_csv())))
    assert rows[1][0] == nickname
