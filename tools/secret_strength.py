"""How long a classmate needs to find a learner's secret through the server's guess limit.

    python tools/secret_strength.py

Why: the learner's secret must hold a school year against guessing at the server, and the
answer follows from the code (the guess limit in `sq_edu/practice/guess_limit.py`, the count
of secrets in `sq_edu/practice/secret_pictures.py`), so it is computed from it rather than
written down once and left to drift. An earlier table assumed one device's 5 free tries and
its doubling waits; the real counter is per device, per device and target, and per address
and target, and forgets a count after an hour without a wrong try, so the only sure way to
read its limits is to run it. Here the real `GuessLimit` runs on a simulated clock against the
strongest attacker one address has: a fresh device (a new cookie) for every try, so only the
address's count on the target holds it back, each try made as soon as the wait allows, day
and night, in bursts of B tries followed by a rest long enough for the count to be forgotten
(or no rest at all). The best B is taken. Prints, for the old 4-digit secret and for the
picture-and-number one: the secrets, the tries a day from one address, the average try that
finds one (half of them plus a half) and when it comes, and the chance within a year. An
attacker with k addresses (a phone on mobile data, a home line) goes k times as fast.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sq_edu.practice import guess_limit  # noqa: E402
from sq_edu.practice.guess_limit import FORGET_AFTER, Device, GuessLimit  # noqa: E402
from sq_edu.practice.secret_pictures import PICTURE_IDS  # noqa: E402

DAY = 86_400.0
YEAR = 365 * DAY
TARGET = "anna"
ADDRESS = "10.0.0.7"
WARM_UP = 60        # tries before the rate is read (past every count's free tries)
MEASURED = 120      # tries the rate is read over


class Clock:
    """The simulated wall clock the counter reads."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def rate_of(burst: int | None, rest: float) -> tuple[float, int, float]:
    """Tries a second from one address in the long run when each burst of `burst` tries
    (None: never stop) is followed by `rest` seconds: (rate, tries, seconds), read after the
    first WARM_UP tries (the free ones come once, not every day)."""
    guess_limit._memory.clear()
    clock = Clock()
    limit = GuessLimit(None, clock=clock)
    made, started, counted = 0, 0.0, 0
    while made < WARM_UP + MEASURED:
        for _ in range(burst or 1):
            device = Device(ADDRESS, f"fresh{made}")
            clock.now += limit.wait_left(TARGET, device)
            if made == WARM_UP:
                started, counted = clock.now, made
            limit.failed(TARGET, device)
            made += 1
        clock.now += rest if burst else 0.0
    return (made - counted) / (clock.now - started), made - counted, clock.now - started


def best_rate() -> tuple[float, str]:
    """The fastest of the attacker's plans, and what it is."""
    rate, tries, seconds = rate_of(None, 0.0)
    plans = [(rate, f"every try as soon as the wait allows ({tries} tries in {seconds:,.0f} s)")]
    for rest in (3600.0, FORGET_AFTER + 1):   # an hour's rest: the old forgetting
        for burst in range(1, 40):
            rate, tries, seconds = rate_of(burst, rest)
            plans.append((rate, f"bursts of {burst} tries, then a rest of {rest:,.0f} s "
                                f"({tries} tries in {seconds:,.0f} s)"))
    return max(plans)


def main() -> int:
    logging.disable(logging.WARNING)   # the counter says each lock it makes
    rate, plan = best_rate()
    per_day = rate * DAY
    print(f"one address, a fresh device for every try: {per_day:,.0f} tries a day at best "
          f"({plan})")
    for name, count in (("4 digits", 10_000), (f"picture of {len(PICTURE_IDS)} + 4 digits",
                                               len(PICTURE_IDS) * 10_000)):
        average = (count + 1) / 2
        seconds = average / rate
        print(f"{name}: {count:,} secrets; the average try {average:,.1f} comes after "
              f"{seconds / DAY:,.1f} days = {seconds / YEAR:.2f} years; all of them after "
              f"{count / per_day:,.0f} days; {per_day * 365:,.0f} tries in a year: "
              f"{min(1.0, per_day * 365 / count):.1%} chance")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
