"""How the bots' moves come: one by one by themselves, with a pause the child can follow
(slowly, normally, quickly), or only when "Next move" is pressed.

The pause runs on the kernel's event loop (ipykernel under Voila, the browser's loop under
Pyodide on the static site), so a page needs no timer of its own and the kernel is free
between two moves. Where no loop runs (plain Python, a unit test) the bots wait for
"Next move", as before.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

import ipywidgets as widgets

from sq_edu.i18n import t

PAUSES: dict[str, float] = {"slow": 1.6, "normal": 0.9, "fast": 0.35}
PACES: tuple[str, ...] = (*PAUSES, "step")


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The loop that will run a later call: the running one, or Pyodide's browser loop."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":   # Pyodide: callbacks run outside the loop's own task
        return asyncio.get_event_loop()
    return None


class BotPace:
    """The pace setting (`sq-pace`) and the timer for the next bot move: `step()` is called
    after the pause; a newer `wait()` or `stop()` cancels an older timer."""

    def __init__(self, lang: str, step: Callable[[], None], pace: str = "normal") -> None:
        self._step = step
        self._timer: asyncio.TimerHandle | None = None
        self.choice = widgets.Dropdown(options=[], value=None,
                                       layout=widgets.Layout(width="auto"),
                                       style={"description_width": "initial"})
        self.choice.add_class("sq-pace")
        self.set_lang(lang, pace if pace in PACES else "normal")

    @property
    def value(self) -> str:
        return str(self.choice.value)

    def wait(self) -> bool:
        """Start the pause before the next bot move; False when the child steps by hand
        (pace "step", or no event loop here)."""
        self.stop()
        loop = running_loop() if self.value in PAUSES else None
        if loop is None:
            return False
        self._timer = loop.call_later(PAUSES[self.value], self._fire)
        return True

    @property
    def waiting(self) -> bool:
        return self._timer is not None

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _fire(self) -> None:
        self._timer = None
        self._step()

    def set_lang(self, lang: str, value: str | None = None) -> None:
        keep = value if value is not None else self.choice.value
        self.choice.options = [(t(f"smooth.pace_{p}", lang), p) for p in PACES]
        self.choice.value = keep if keep in PACES else "normal"
        self.choice.description = t("smooth.pace", lang)
