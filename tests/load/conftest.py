"""Load tests drive a real Voila with the light page client of `bench/load.py`.

`bench/_kernel_client.py` (the light page client shared with the load benchmark) is imported
from the repository root, which `python -m pytest` already puts on `sys.path`; this makes plain
`pytest` work too.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
