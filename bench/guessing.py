"""Guesses a minute at the class password of a running `sq-edu serve`, from one client.

    python bench/guessing.py http://127.0.0.1:8878/ [seconds]

Posts wrong passwords through the login form for `seconds` (20 by default) and counts the
answers: 401 is a guess the server checked, 429 one it refused to check (the wait). Loopback
only; for the before/after figures of the guess limit (docs/deploy.md).
"""

from __future__ import annotations

import collections
import http.cookiejar
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request


def main(url: str, seconds: float = 20.0) -> dict[int, int]:
    if not url.startswith("http://127.0.0.1:"):
        raise SystemExit("loopback servers only")
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(url + "login", timeout=60) as answer:
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', answer.read().decode())
    assert xsrf is not None
    counts: collections.Counter[int] = collections.Counter()
    end, n = time.monotonic() + seconds, 0
    while time.monotonic() < end:
        n += 1
        body = urllib.parse.urlencode({"_xsrf": xsrf.group(1), "password": f"wrong-{n}"})
        try:
            with opener.open(url + "login", data=body.encode(), timeout=60) as answer:
                counts[answer.status] += 1
        except urllib.error.HTTPError as error:
            counts[error.code] += 1
    checked = counts[401] + counts[403]
    print(f"{seconds:.0f} s: {dict(counts)}; checked guesses a minute: "
          f"{checked * 60 / seconds:.0f}")
    return dict(counts)


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 20.0)
