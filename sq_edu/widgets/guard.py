"""The one guard every widget callback runs through.

Exceptions in ipywidgets callbacks are invisible in Voila and only logged by `Button.click()`
in tests. The guard shows a friendly "Something went wrong - try again" in the page, logs the
traceback for the teacher or developer (never on the child's screen) and keeps the app alive.
`tests/widgets/conftest.py` fails any test in which this logger records an error.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from sq_edu.widgets.feedback import Feedback

log = logging.getLogger(__name__)
F = TypeVar("F", bound=Callable[..., Any])


def _resolve(source: Any) -> Feedback | None:
    from sq_edu.widgets.feedback import Feedback

    if isinstance(source, Feedback) or source is None:
        return source
    return source()


def guarded(feedback: Any = None) -> Callable[[F], F]:
    """Decorator: run the callback, and on any exception log it and tell the child kindly.

    `feedback` is a `Feedback`, None, or a zero-argument callable returning one (so an app can
    swap its status line after wiring callbacks).
    """

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except Exception:
                log.exception("widget callback %s failed", getattr(fn, "__qualname__", fn))
                try:
                    target = _resolve(feedback)
                    if target is not None:
                        target.error()
                except Exception:  # the status line itself broke: the log must still have it
                    log.exception("could not show the error message")
                return None

        return wrapper  # type: ignore[return-value]  # the wrapper keeps the wrapped callback's signature

    return decorate
