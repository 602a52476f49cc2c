"""The Sleeping Queens game: the public face over an explicit `State` (see `state.py`).

Built for speed (thousands of simulated games while a child waits): cards are small int codes
(see `moves.py`), legal moves are interned and cached per state, and the event log is kept as
tuples and turned into `Event` objects only when someone reads it (`log.py`). What the moves
do is in `actions.py`; the end of actions, turns and the game in `ending.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import act, answer
from .cards import PLAY_DECK, QUEEN_POINTS
from .chance import seeded, shuffle
from .ending import opponents, points, start, team_of
from .legal import generate
from .log import Played, events_so_far
from .moves import CODE, TOKEN, IllegalMove, Move
from .observation import Event, Observation, PendingKind
from .rules import Rules
from .setup import check_players
from .state import EndReason, State
from .view import observe


class Game:
    """One game of Sleeping Queens. Build with `Game.new`, `Game.from_setup` or `from_dict`."""

    # ---- construction ----------------------------------------------------------------------
    def __init__(self, state: State) -> None:
        """Wraps a built position; the builders (`new`, `from_setup`, `from_dict`) make it."""
        self.rules = state.rules
        self.players = state.players
        self.state = state

    @classmethod
    def new(cls, players: int = 3, seed: int | None = None,
            rules: str | Rules = "official") -> Game:
        """A freshly shuffled and dealt game; seat 0 starts. `seed=None`: a fresh random deal
        (give a seed to replay the same game)."""
        rules = Rules.coerce(rules)
        check_players(players, rules)
        st = State(rules, players, seeded(seed))
        queens = list(QUEEN_POINTS)
        shuffle(st.rng, queens)
        st.slots = queens  # type: ignore[assignment]  # every slot starts with a queen; later an empty slot is None
        deck = _DECK[:]
        shuffle(st.rng, deck)
        for seat in range(players):
            st.hands[seat] = [deck.pop() for _ in range(rules.hand_size)]
        st.draw = deck
        start(st, 0)
        return cls(st)

    @classmethod
    def from_setup(cls, setup: dict[str, Any], rules: str | Rules = "official") -> Game:
        """A scenario position (see `setup.state_from_setup` for the keys); ValueError if the
        79 cards are not all there exactly once or a hand is empty or too big."""
        from .setup import state_from_setup
        return cls(state_from_setup(setup, Rules.coerce(rules)))

    @classmethod
    def from_dict(cls, data: object) -> Game:
        """Inverse of `to_dict`; a clear ValueError for a corrupted or hand-edited dict (or
        anything that is not one: `object`, so a compiled engine refuses it the same way)."""
        from .save import load
        return cls(load(data))

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe snapshot, RNG state and event log included."""
        from .save import dump
        return dump(self.state)

    # ---- public state ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Seat whose decision is pending (a defender during a block)."""
        st = self.state   # `State.current`, inlined: asked before every move
        pending = st.pending
        return pending.seat if pending is not None else st.active

    @property
    def active_player(self) -> int:
        """Seat whose turn it is."""
        return self.state.active

    @property
    def pending(self) -> PendingKind | None:
        """The kind of decision the game waits for, or None for a turn action."""
        pending = self.state.pending
        return pending.kind if pending is not None else None

    @property
    def in_transit(self) -> str | None:
        """The queen on her way to an empty slot (potion, cat/dog rule), in no slot and in
        nobody's hand until `current_player` chooses the slot."""
        pending = self.state.pending
        return pending.in_transit if pending is not None else None

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.state.winners

    @property
    def end_reason(self) -> EndReason | None:
        """"threshold" or "centre_empty" once the game is over."""
        return self.state.end_reason

    def hand(self, seat: int) -> tuple[Any, ...]:
        return tuple(TOKEN[c] for c in sorted(self.state.hands[seat]))

    def awake(self, seat: int) -> tuple[str, ...]:
        return tuple(self.state.awake[seat])

    def points(self, seat: int) -> int:
        return points(self.state, seat)

    @property
    def slots(self) -> tuple[str | None, ...]:
        return tuple(self.state.slots)

    @property
    def draw_pile(self) -> tuple[Any, ...]:
        """Top card first."""
        return tuple(TOKEN[c] for c in reversed(self.state.draw))

    @property
    def discard_pile(self) -> tuple[Any, ...]:
        """Oldest first."""
        return tuple(TOKEN[c] for c in self.state.discard)

    @property
    def events(self) -> tuple[Event, ...]:
        """The full log (private draws included): for the referee, not for a seat."""
        return tuple(events_so_far(self.state))

    def team_of(self, seat: int) -> tuple[int, ...]:
        return team_of(self.state, seat)

    def opponents(self, seat: int) -> tuple[int, ...]:
        return opponents(self.state, seat)

    # ---- legal moves and playing -----------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every move `current_player` may make now (empty only when the game is over)."""
        st = self.state
        if st.legal is None:
            st.legal = generate(st)
        return list(st.legal)

    def play(self, move: Move, seat: object = None) -> Played:
        """Make `move` for `current_player`; the events it caused (a list-like sequence, built
        when read). With `seat` (an int), refuse the move unless that seat is to decide now (a
        UI or a server says who sent it). IllegalMove, with a readable reason, otherwise.
        `seat` is typed `object` because it is checked here: compiled with mypyc, an `int`
        parameter would turn `True` into 1 before the check could refuse it."""
        st = self.state
        pending = st.pending
        if seat is not None and not st.over:
            current = pending.seat if pending is not None else st.active
            if type(seat) is not int or seat != current:
                raise IllegalMove("not_your_decision", seat=repr(seat)[:20], current=current)
        legal = st.legal
        if legal is None:
            legal = st.legal = generate(st)
        for m in legal:  # a move handed out by `legal_moves` is found by identity, at once
            if m is move:
                break
        else:
            move = self._legal_copy(move, legal)
        start = len(st.log)
        st.legal = None
        if pending is None:
            act(st, move)
        else:
            answer(st, move)
        return Played(st, start, len(st.log))

    def _legal_copy(self, move: Move, legal: Sequence[Move]) -> Move:
        """The engine's own copy of a legal `move` built elsewhere (equal, not the same
        object); IllegalMove with the reason why if there is none."""
        from .explain import normalize, why_illegal
        found = normalize(move)
        if found is None or found not in legal:
            raise why_illegal(self, move)
        return found

    # ---- what a seat may know --------------------------------------------------------------
    def observe(self, seat: object) -> Observation:
        """Everything `seat` may know now (docs/rules.md section 5), and nothing more; a
        ValueError for anything but a seat's int (`object`: checked in `view.observe`)."""
        return observe(self.state, seat)

    def __repr__(self) -> str:
        st = self.state
        where = f"over, winners {st.winners}" if st.over else \
            f"turn {st.turn}, seat {st.current} to move"
        return f"<Game {self.rules.name} {self.players} players, {where}>"


_DECK: list[int] = [CODE[tok] for tok, k in PLAY_DECK.items() for _ in range(k)]
