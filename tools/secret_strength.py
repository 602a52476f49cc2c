"""How long a classmate needs to find a learner's secret through the server's guess limit.

    python tools/secret_strength.py

Why: the learner's secret must hold a school year against guessing at the server, and the
answer follows from two numbers the code holds (the guess limit's waits in
`sq_edu/practice/guess_limit.py`, the count of secrets in `sq_edu/practice/secret_pictures.py`),
so it is computed from them rather than written down once and left to drift. Prints, for the
old 4-digit secret and for the picture-and-number one: the secrets, the average try that
finds one (half of them plus a half), the time before that try when every try is made as
soon as the wait allows, day and night, and the chance of finding it within a year of that.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sq_edu.practice.guess_limit import MAX_WAIT, TARGET_FREE, wait_for  # noqa: E402
from sq_edu.practice.secret_pictures import PICTURE_IDS  # noqa: E402

DAY = 86_400.0
YEAR = 365 * DAY


def seconds_before_try(n: float) -> float:
    """Waiting time before try `n` (1-based): the waits after tries 1 .. n-1; after the
    waits reach MAX_WAIT every further try adds MAX_WAIT (so `n` may be fractional)."""
    total, k = 0.0, 1
    while k < n and wait_for(k, TARGET_FREE) < MAX_WAIT:
        total += wait_for(k, TARGET_FREE)
        k += 1
    return total + max(0.0, n - k) * MAX_WAIT


def tries_within(seconds: float) -> int:
    """Tries possible within `seconds` (the largest n whose waits before it fit)."""
    low, high = 1, 10**9
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if seconds_before_try(middle) <= seconds else (low,
                                                                                   middle - 1)
    return low


def main() -> int:
    waits = [int(wait_for(k, TARGET_FREE)) for k in range(1, TARGET_FREE + 7)]
    print(f"waits after tries 1..{len(waits)} (s): {waits}, then {int(MAX_WAIT)} each")
    year_tries = tries_within(YEAR)
    for name, count in (("4 digits", 10_000), (f"picture of {len(PICTURE_IDS)} + 4 digits",
                                               len(PICTURE_IDS) * 10_000)):
        average = (count + 1) / 2
        seconds = seconds_before_try(average)
        print(f"{name}: {count:,} secrets; the average try {average:,.1f} comes after "
              f"{seconds:,.0f} s = {seconds / DAY:,.1f} days = {seconds / YEAR:.2f} years; "
              f"all of them after {seconds_before_try(count) / DAY:,.0f} days; "
              f"{year_tries:,} tries in a year: {min(1.0, year_tries / count):.1%} chance")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
