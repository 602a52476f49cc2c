"""The usage example in the engine's package docstring stays true."""

from __future__ import annotations

import doctest

import sq_edu.engine


def test_package_docstring_example() -> None:
    result = doctest.testmod(sq_edu.engine, verbose=False)
    assert result.attempted >= 8 and result.failed == 0
