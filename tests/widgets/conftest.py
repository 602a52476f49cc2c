"""The kit's tests share the widget checks and game fixtures of tests/support/widget_checks.py."""

from tests.support.widget_checks import *  # noqa: F403 - its __all__: the shared fixtures
