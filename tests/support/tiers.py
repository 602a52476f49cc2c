"""How big an audit is in each tier (CONTRIBUTING.md, "The suite's time").

An audit over generated items runs whole in `make test` (marker `slow`) and as a small sample
in `make test-unit` (marker `sample`, which `make test` deselects: the whole run covers it).
"""

from __future__ import annotations

from typing import Any

import pytest


def audit_sizes(sample: int, whole: int) -> list[Any]:
    """Parameters for a test's item count: `sample` for the quick loop, `whole` for CI."""
    return [pytest.param(sample, marks=pytest.mark.sample, id=f"sample{sample}"),
            pytest.param(whole, marks=pytest.mark.slow, id=f"all{whole}")]
