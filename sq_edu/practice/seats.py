"""Who sits at the table: each seat a person or a bot, with a name and, for a person, the
coach's level. No widgets here, so the hot-seat screen and a table across devices share it.

A game at one screen ("hot seat") needs to know when the screen must be handed over: when a
person must decide and the screen last showed another person's cards (`needs_pass`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sq_edu.i18n import Msg

from .coach.coach import LEVELS
from .progress import ProgressError, clean_nickname

PERSON, BOT = "person", "bot"
MIN_SEATS, MAX_SEATS = 2, 5
BOT_KINDS: tuple[str, ...] = ("random", "greedy", "counting")


class SeatError(ValueError):
    """A table that cannot start, with the friendly reason (`msg`, rendered per language)."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.key)
        self.msg = msg


@dataclass(frozen=True)
class Seat:
    """One seat: `kind` person or bot; `coach` (persons) one of the coach's levels; `bot`
    (bots) how strong it plays."""

    kind: str = PERSON
    name: str = ""
    coach: str = "quiz"
    bot: str = "greedy"

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON


def solo(bots: int, bot: str = "greedy", coach: str = "quiz", name: str = "") -> list[Seat]:
    """The classic table: one person at seat 0 against `bots` bots."""
    return [Seat(PERSON, name, coach), *(Seat(BOT, "", bot=bot) for _ in range(bots))]


def check_seats(seats: Sequence[Seat]) -> list[Seat]:
    """The seats made ready to play (names cleaned, bots named by seat), or SeatError saying
    what to change: 2-5 seats, at least one person, every person a different nickname."""
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise SeatError(Msg("seats.error_count", {"low": MIN_SEATS, "high": MAX_SEATS}))
    if not any(s.is_person for s in seats):
        raise SeatError(Msg("seats.error_no_person"))
    ready: list[Seat] = []
    seen: set[str] = set()
    for number, seat in enumerate(seats, start=1):
        if seat.kind not in (PERSON, BOT):
            raise SeatError(Msg("seats.error_kind", {"n": number}))
        if not seat.is_person:
            bot = seat.bot if seat.bot in BOT_KINDS else "greedy"
            ready.append(Seat(BOT, seat.name.strip(), "off", bot))
            continue
        try:
            name = clean_nickname(seat.name)
        except ProgressError as exc:
            raise SeatError(Msg("seats.error_name", {"n": number,
                                                     "why": exc.msg})) from exc
        if name.casefold() in seen:
            raise SeatError(Msg("seats.error_same_name", {"name": name}))
        seen.add(name.casefold())
        ready.append(Seat(PERSON, name, seat.coach if seat.coach in LEVELS else "quiz"))
    return ready


def persons(seats: Sequence[Seat]) -> list[int]:
    """The seats where people sit."""
    return [i for i, s in enumerate(seats) if s.is_person]


def needs_pass(seats: Sequence[Seat], shown: int | None, deciding: int) -> bool:
    """True when person `deciding` must decide and the screen shows someone else's cards (or
    nobody's yet) at a table of two or more people; one person against bots never passes."""
    if len(persons(seats)) < 2 or not 0 <= deciding < len(seats):
        return False
    return seats[deciding].is_person and shown != deciding
