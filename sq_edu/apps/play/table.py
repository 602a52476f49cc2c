"""The game at one screen, without widgets: the seats, the `Game`, the bots, whose cards the
screen shows, and everything that happened (for the story).

`shown` is the person whose cards the screen shows. With one person at the table it is always
that person (the classic game against bots). With two or more, the screen must be handed over
whenever another person decides (`must_pass`), and the hand stays hidden while bots play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sq_edu.bots import CountingBot, GreedyBot, RandomBot
from sq_edu.engine import Game, Move, Observation, Rules, advance_bots
from sq_edu.engine.observation import Event
from sq_edu.gamekit.autoplay import Chooser
from sq_edu.practice.seats import Seat, needs_pass, persons

MAX_BOT_STEPS = 2000  # a safety cap for "skip": no real game needs that many decisions
PLAYED = ("wake", "steal", "sleep", "jester", "discard")   # moves a person makes
EachMove = Callable[[Sequence[Event]], None]


def available_bots() -> dict[str, Callable[[random.Random], Chooser]]:
    """Bot strengths offered, easiest first; each is built with its own seeded RNG."""
    return {"random": RandomBot, "greedy": GreedyBot, "counting": CountingBot}


class PlayTable:
    """One game of `seats` (checked with `practice.seats.check_seats`) under `rules`."""

    def __init__(self, seats: Sequence[Seat], rules: Rules, seed: int) -> None:
        self.seats = list(seats)
        self.people = persons(self.seats)
        self.game = Game.new(players=len(self.seats), seed=seed, rules=rules)
        kinds = available_bots()
        self.bots: dict[int, Chooser] = {
            i: kinds.get(s.bot, GreedyBot)(random.Random(seed + i))
            for i, s in enumerate(self.seats) if not s.is_person}
        self.shown: int | None = self.people[0] if len(self.people) == 1 else None
        self.events: list[Event] = list(self.game.events)
        self.last_action = 0

    # --- whose screen --------------------------------------------------------------------
    @property
    def together(self) -> bool:
        """Two or more people share the screen."""
        return len(self.people) > 1

    @property
    def deciding(self) -> int:
        return self.game.current_player

    @property
    def must_pass(self) -> bool:
        """A person other than the one shown decides now: hide the hand, pass the screen."""
        return not self.game.is_over and needs_pass(self.seats, self.shown, self.deciding)

    @property
    def persons_turn(self) -> bool:
        """The person shown decides now (their hand and buttons are live)."""
        return not self.game.is_over and self.shown == self.deciding

    @property
    def bots_turn(self) -> bool:
        return not self.game.is_over and self.deciding in self.bots

    @property
    def hand_hidden(self) -> bool:
        """At a shared screen the hand shows only on its owner's turn (and at the end)."""
        return self.together and not self.game.is_over and not self.persons_turn

    def ready(self) -> None:
        """The person who must decide has the screen now."""
        if self.seats[self.deciding].is_person:
            self.shown = self.deciding

    @property
    def viewer(self) -> int:
        """The seat whose view the board draws (the first person before anyone is shown)."""
        return self.shown if self.shown is not None else self.people[0]

    def observe(self) -> Observation:
        return self.game.observe(self.viewer)

    def legal(self) -> list[Move]:
        """The shown person's legal moves now ([] while others decide or after the game)."""
        return self.game.legal_moves() if self.persons_turn else []

    # --- moves ----------------------------------------------------------------------------
    def play(self, move: Move) -> list[Event]:
        """The shown person's move (IllegalMove when it is not allowed)."""
        events = list(self.game.play(move, seat=self.viewer))
        self.told(events)
        return events

    def told(self, events: Sequence[Event]) -> None:
        """Add one move's events to the story (the newest move is marked)."""
        self.last_action = len(self.events)
        self.events.extend(events)

    def bot_steps(self, limit: int, each: EachMove) -> int:
        """Up to `limit` bot decisions; `each` hears every move's events. Returns how many."""
        def told(events: Sequence[Event]) -> None:
            self.told(events)
            each(events)
        return advance_bots(self.game, self.bots, limit=limit, each=told)

    def story(self) -> list[tuple[bool, Event]]:
        """(newest?, event as the screen may tell it): the viewer's own private draws only
        while the hand is on show; a spectator's view otherwise."""
        seat = None if self.hand_hidden else self.viewer
        return [(i >= self.last_action, e.seen_by(seat)) for i, e in enumerate(self.events)]

    def played(self, story: Sequence[tuple[bool, Event]]) -> bool:
        """The shown person made a move this game (not only was dealt a turn): from then on
        a tap on the number of bots would throw the game away, so it is not offered."""
        return any(e.seat == self.viewer and e.kind in PLAYED for _new, e in story)
