"""Several players at one screen: the panel that seats them before the game
(`sq-seat-setup`) and the panel that hides the hand while the screen is handed over
(`sq-pass-screen`, with its button `sq-pass-ready`). Who sits where is
`sq_edu.practice.seats`; this module only draws it.

Stable hooks for browser tests: sq-seat-row (one per seat), sq-seat-kind (person / bot),
sq-seat-name, sq-seat-coach, sq-seat-bot, sq-seat-add, sq-seat-remove, sq-seat-start,
sq-seat-back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as widgets

from sq_edu.i18n import t
from sq_edu.i18n.words import Word, bot_name
from sq_edu.practice.coach.coach import LEVELS
from sq_edu.practice.seats import (
    BOT,
    BOT_KINDS,
    MAX_SEATS,
    MIN_SEATS,
    PERSON,
    Seat,
    SeatError,
    check_seats,
)
from sq_edu.widgets.controls import button, text_box
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.names import named_player

START_SEATS: tuple[Seat, ...] = (Seat(PERSON), Seat(PERSON), Seat(BOT))


def seat_name(seats: Sequence[Seat], seat: int, lang: str) -> Word:
    """A person's own name; a bot is "Bot 3" (seats counted from 1, as the board does).

    A `Word`, so a sentence may ask for its forms ("Ходит {who:low}" -> "Ходит бот 3",
    "Ходит Мама": a name keeps its capital)."""
    name = seats[seat].name
    if seats[seat].is_person and name:
        return named_player(name, lang)
    return bot_name(seat, lang)


class SeatRow(widgets.HBox):
    """One seat's choices: person or bot, and a name and coach level, or the bot's strength."""

    def __init__(self, number: int, seat: Seat, lang: str, coached: bool = True,
                 bot_kinds: Sequence[str] = BOT_KINDS) -> None:
        """`coached`: a person may have the coach; `bot_kinds`: the bot strengths offered
        (none: one kind of bot, no choice shown)."""
        self.number = number
        self.coached = coached
        self.bot_kinds = tuple(bot_kinds)
        self.label = widgets.HTML()
        self.kind = widgets.Dropdown(options=[], value=None, layout=widgets.Layout(width="auto"))
        self.kind.add_class("sq-seat-kind")
        self.name = text_box(value=seat.name, layout=widgets.Layout(width="10em"))
        self.name.add_class("sq-seat-name")
        self.coach = widgets.Dropdown(options=[], value=None, layout=widgets.Layout(width="auto"))
        self.coach.add_class("sq-seat-coach")
        self.bot = widgets.Dropdown(options=[], value=None, layout=widgets.Layout(width="auto"))
        self.bot.add_class("sq-seat-bot")
        super().__init__([self.label, self.kind, self.name, self.coach, self.bot],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.add_class("sq-seat-row")
        self.set_lang(lang, seat)
        self.kind.observe(lambda _c: self._show_kind(), "value")

    def seat(self) -> Seat:
        return Seat(str(self.kind.value), self.name.value, str(self.coach.value),
                    str(self.bot.value))

    def set_lang(self, lang: str, seat: Seat | None = None) -> None:
        now = seat if seat is not None else self.seat()
        self.label.value = f"<b>{escape(t('common.player_n', lang, n=self.number))}</b>"
        self.kind.options = [(t(f"seats.kind_{k}", lang), k) for k in (PERSON, BOT)]
        self.kind.value = now.kind if now.kind in (PERSON, BOT) else PERSON
        self.kind.description = ""
        self.name.placeholder = t("seats.name", lang)
        self.name.description = ""
        self.coach.options = [(t(f"play.coach_level_{k}", lang), k) for k in LEVELS]
        self.coach.value = now.coach if now.coach in LEVELS else "quiz"
        self.coach.description = t("play.coach_level", lang)
        kinds = self.bot_kinds or ("greedy",)
        self.bot.options = [(t(f"play.bot_{k}", lang), k) for k in kinds]
        self.bot.value = now.bot if now.bot in kinds else kinds[0]
        self.bot.description = t("play.bot_strength", lang)
        for control in (self.coach, self.bot):
            control.style.description_width = "initial"
        self._show_kind()

    def _show_kind(self) -> None:
        person = self.kind.value == PERSON
        self.name.layout.display = "flex" if person else "none"
        self.coach.layout.display = "flex" if person and self.coached else "none"
        self.bot.layout.display = "none" if person or not self.bot_kinds else "flex"


class SeatSetup(widgets.VBox):
    """Choose 2-5 seats; `start(seats)` gets them checked (a mistake is said in `feedback`)."""

    def __init__(self, lang: str, feedback: Feedback, start: Callable[[list[Seat]], None],
                 back: Callable[[], None], seats: Sequence[Seat] = START_SEATS,
                 resizable: bool = True, coached: bool = True,
                 bot_kinds: Sequence[str] = BOT_KINDS) -> None:
        """`seats` to begin with; `resizable`: seats may be added or removed (a game of a
        fixed number of players says no); `coached` and `bot_kinds` as in `SeatRow`."""
        self.lang = lang
        self._row = lambda number, seat: SeatRow(number, seat, self.lang, coached, bot_kinds)
        self.feedback = feedback
        self._start = start
        guard = guarded(lambda: feedback)
        self.title = widgets.HTML()
        self.rows = widgets.VBox([self._row(i + 1, s) for i, s in enumerate(seats)])
        self.add = button("sq-seat-add", icon="plus")
        self.remove = button("sq-seat-remove", icon="minus")
        self.start = button("sq-seat-start", icon="play", button_style="success")
        self.back = button("sq-seat-back")
        self.add.on_click(guard(lambda _b: self._resize(+1)))
        self.remove.on_click(guard(lambda _b: self._resize(-1)))
        self.start.on_click(guard(lambda _b: self.try_start()))
        self.back.on_click(guard(lambda _b: back()))
        if not resizable:
            self.add.layout.display = self.remove.layout.display = "none"
        bar = widgets.HBox([self.add, self.remove, self.start, self.back],
                           layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([self.title, self.rows, bar])
        self.add_class("sq-seat-setup")
        self.set_lang(lang)

    def seats(self) -> list[Seat]:
        return [row.seat() for row in self.rows.children if isinstance(row, SeatRow)]

    def try_start(self) -> None:
        try:
            ready = check_seats(self.seats())
        except SeatError as why:
            self.feedback.show(why.msg.render(self.lang), "bad")
            return
        self._start(ready)

    def _resize(self, by: int) -> None:
        rows = list(self.rows.children)
        if by > 0 and len(rows) < MAX_SEATS:
            rows.append(self._row(len(rows) + 1, Seat(BOT)))
        elif by < 0 and len(rows) > MIN_SEATS:
            rows.pop().close()
        self.rows.children = rows
        self.add.disabled = len(rows) >= MAX_SEATS
        self.remove.disabled = len(rows) <= MIN_SEATS

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.title.value = (f"<h3 class='sq-h'>{escape(t('seats.setup_title', lang))}</h3>"
                            f"<p>{escape(t('seats.setup_help', lang))}</p>"
                            f"<p>{escape(t('seats.saved_for', lang))}</p>")
        for row in self.rows.children:
            if isinstance(row, SeatRow):
                row.set_lang(lang)
        self.add.description = t("seats.add", lang)
        self.remove.description = t("seats.remove", lang)
        self.start.description = t("seats.start", lang)
        self.back.description = t("seats.back", lang)


class PassScreen(widgets.VBox):
    """"Pass to Masha": covers the hand until the next person taps `sq-pass-ready`."""

    def __init__(self, lang: str, ready: Callable[[], None], guard: Callable) -> None:
        self.lang = lang
        self.name = ""
        self.text = widgets.HTML()
        self.ready = button("sq-pass-ready", icon="eye", button_style="success")
        self.ready.on_click(guard(lambda _b: ready()))
        super().__init__([self.text, self.ready],
                         layout=widgets.Layout(align_items="flex-start", display="none"))
        self.add_class("sq-pass-screen")

    def show(self, name: str | None) -> None:
        """Ask for `name` to take the screen (None: hide the panel)."""
        self.layout.display = "none" if name is None else "flex"
        if name is not None:
            self.name = name
            self._draw()
            self.ready.focus()

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._draw()

    def _draw(self) -> None:
        lang, name = self.lang, self.name
        if not name:   # nobody to pass to yet: no «Я : покажи мои карты»
            self.text.value = self.ready.description = ""
            return
        self.text.value = (f'<div role="status" aria-live="assertive">'
                           f"<h2 class='sq-h'>{escape(t('seats.pass_title', lang, name=name))}</h2>"
                           f"<p style='font-size:1.15em'>"
                           f"{escape(t('seats.pass_body', lang, name=name))}</p></div>")
        self.ready.description = t("seats.pass_ready", lang, name=name)
