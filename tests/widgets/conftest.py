"""Fail on any exception a callback swallowed; shared game fixtures.

Both live in tests/support/widget_checks.py, shared by the kit's and the apps' tests.
"""

from __future__ import annotations

from tests.support.widget_checks import (  # noqa: F401 - fixtures
    fail_on_swallowed_callback_errors,
    game,
    obs,
    played,
    progress_dir,
)
