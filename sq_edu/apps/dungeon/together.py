"""Dungeon of Queens at one screen: its four seats, each a person or a bot, chosen before the
game, and the screen handed over between two people's turns (the hand hidden meanwhile).
The seat model is `sq_edu.practice.seats`; the panels are shared with the game app
(`sq_edu.apps.shared.seats`).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from sq_edu.apps.shared.seats import PassScreen, SeatSetup, seat_name
from sq_edu.i18n import t
from sq_edu.practice.seats import BOT, PERSON, Seat, needs_pass
from sq_edu.widgets.controls import button
from sq_edu.widgets.feedback import Feedback

SEATS = 4
START: tuple[Seat, ...] = (Seat(PERSON, coach="off"), Seat(PERSON, coach="off"),
                           Seat(BOT), Seat(BOT))


class DungeonSeats(widgets.VBox):
    """"Play together" for the Dungeon: `start(seats)` begins a game of those four seats;
    `shown` is the seat whose hand the screen shows (0 while one child plays bots)."""

    def __init__(self, lang: str, feedback: Feedback, guard: Callable,
                 start: Callable[[list[Seat]], None], ready: Callable[[], None]) -> None:
        self.lang = lang
        self.seats: list[Seat] | None = None
        self.shown: int | None = 0
        self.deciding = 0           # the seat asked about by the last `must_pass`
        self.open_button = button("sq-seat-setup-open", icon="users")
        self.setup = SeatSetup(lang, feedback, guard(self._chosen(start)),
                               guard(lambda: self._show_setup(False)), seats=START,
                               resizable=False, coached=False, bot_kinds=())
        self.pass_screen = PassScreen(lang, guard(self._ready(ready)), guard)
        self.open_button.on_click(guard(lambda _b: self._show_setup(True)))
        # `open_button` is placed by the app, behind its grown-ups' fold: who plays is a
        # grown-up's choice, and the hand must stay on a phone's first screen.
        super().__init__([self.setup, self.pass_screen])
        self._show_setup(False)
        self.set_lang(lang)

    def _chosen(self, start: Callable[[list[Seat]], None]) -> Callable[[list[Seat]], None]:
        def chosen(seats: list[Seat]) -> None:
            self.seats = seats
            self.shown = None
            self._show_setup(False)
            start(seats)
        return chosen

    def _ready(self, ready: Callable[[], None]) -> Callable[[], None]:
        def tapped() -> None:
            self.shown = self.deciding
            ready()
        return tapped

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name at a table of people ("Bot 3" for bots); () for one child."""
        if self.seats is None:
            return ()
        return tuple(seat_name(self.seats, i, self.lang) for i in range(len(self.seats)))

    @property
    def viewer(self) -> int:
        """The seat whose hand and tricks the screen shows."""
        return self.shown if self.shown is not None else 0

    def must_pass(self, deciding: int) -> bool:
        """Another person decides now: the pass screen shows (and says who)."""
        self.deciding = deciding
        passing = self.seats is not None and needs_pass(self.seats, self.shown, deciding)
        self.pass_screen.show(self.names[deciding] if passing else None)
        return passing

    def _show_setup(self, on: bool) -> None:
        self.setup.layout.display = "flex" if on else "none"

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.open_button.description = t("seats.setup_open", lang)
        self.setup.set_lang(lang)
        self.pass_screen.set_lang(lang)
        if self.pass_screen.layout.display != "none" and self.seats is not None:
            self.pass_screen.show(self.names[self.deciding])
