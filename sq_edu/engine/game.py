"""The Sleeping Queens game state: legal moves, playing them, and what each seat may see.

Built for speed (thousands of simulated games while a child waits): cards are small int codes
(see `moves.py`), piles are plain lists (the draw pile's top is its *last* element inside),
legal moves are interned and cached per state, and the event log is stored as tuples and
turned into `Event` objects only when someone reads it.
"""

from __future__ import annotations

import random
from functools import cache

from .cards import PLAY_DECK, QUEEN_POINTS, SLOTS
from .discards import shuffle
from .legal import generate
from .moves import (
    DISCARD_CODES,
    DRAGON_C,
    JESTER_C,
    KING_C,
    KNIGHT_C,
    POTION_C,
    TOKEN,
    WAND_C,
    Move,
)
from .observation import Event, Observation
from .rules import Rules
from .setup import check_players
from .view import events_so_far, observe

ROSE, CAKE, CAT, DOG = "rose", "cake", "cat", "dog"
FEUD = {CAT: DOG, DOG: CAT}


class Game:
    """One game of Sleeping Queens. Build with `Game.new`, `Game.from_setup` or `from_dict`."""

    # ---- construction ----------------------------------------------------------------------
    def __init__(self, rules: Rules, players: int, rng: random.Random) -> None:
        """Empty shell; the builders fill it and call `_start`. Not for direct use."""
        self.rules = rules
        self.players = players
        self._rng = rng
        self._hands: list[list[int]] = [[] for _ in range(players)]
        self._awake: list[list[str]] = [[] for _ in range(players)]
        self._slots: list[str | None] = [None] * SLOTS
        self._known: list[bool] = [False] * SLOTS   # slot's queen publicly known
        self._draw: list[int] = []                   # top of the pile is the LAST element
        self._discard: list[int] = []
        self._known_hands: list[list[int]] = [[] for _ in range(players)]
        self._known_bottom = 0                       # bottom cards of the draw pile known to all
        self._revealed: list[int] = []               # royal_court jester cards on the table
        self._active = 0                             # seat whose turn it is
        self._pending: tuple | None = None           # (kind, decider, *details)
        self._turn = 0
        self._winners: tuple[int, ...] = ()
        self._over = False
        self.end_reason: str | None = None           # "threshold" | "centre_empty"
        self._log: list[tuple] = []
        self._events: list[Event] = []
        self._seen: dict[int, list[Event]] = {}
        self._public: list[Event] = []
        self._legal: list[Move] | None = None
        self._wakes: list[Move] | None = None        # king moves for the occupied slots
        self._pts: list[int] = [0] * players          # points per seat, kept up to date
        self._asleep = 0                             # occupied slots
        (self._hand_size, self._win_q, self._win_p, self._feud, self._eqs,
         self._opponents) = _table(rules, players)

    @classmethod
    def new(cls, players: int = 3, seed: int | None = 7, rules: str | Rules = "official") -> Game:
        """A freshly shuffled and dealt game; seat 0 starts."""
        rules = Rules.coerce(rules)
        check_players(players, rules)
        game = cls(rules, players, random.Random(seed))
        queens = list(QUEEN_POINTS)
        shuffle(game._rng, queens)
        game._slots = queens
        deck = _DECK[:]
        shuffle(game._rng, deck)
        for seat in range(players):
            game._hands[seat] = [deck.pop() for _ in range(rules.hand_size)]
        game._draw = deck
        game._start(0)
        return game

    @classmethod
    def from_setup(cls, setup: dict, rules: str | Rules = "official") -> Game:
        """A scenario position (see `setup.build_from_setup` for the keys); ValueError if the
        79 cards are not all there exactly once."""
        from .setup import build_from_setup
        return build_from_setup(cls, setup, Rules.coerce(rules))

    @classmethod
    def from_dict(cls, data: dict) -> Game:
        """Inverse of `to_dict`; a clear ValueError for a corrupted or hand-edited dict."""
        from .setup import load
        return load(cls, data)

    def to_dict(self) -> dict:
        """JSON-safe snapshot, RNG state and event log included."""
        from .setup import dump
        return dump(self)

    def _start(self, seat: int) -> None:
        self._active = seat
        self._turn = 1
        self._log.append(("turn", seat))
        self._recount()
        for s in range(self.players):
            if self._threshold(s):
                self._end(self.team_of(s), "threshold")
                return
        self._check_end(None)

    def _recount(self) -> None:
        """Derived counters from the lists (after building or loading a position)."""
        self._pts = [self.points(s) for s in range(self.players)]
        self._asleep = sum(1 for q in self._slots if q is not None)

    # ---- public state ----------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Seat whose decision is pending (a defender during a block)."""
        return self._pending[1] if self._pending else self._active

    @property
    def active_player(self) -> int:
        """Seat whose turn it is."""
        return self._active

    @property
    def pending(self) -> str | None:
        return self._pending[0] if self._pending else None

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def winners(self) -> tuple[int, ...]:
        return self._winners

    def hand(self, seat: int) -> tuple:
        return tuple(TOKEN[c] for c in sorted(self._hands[seat]))

    def awake(self, seat: int) -> tuple[str, ...]:
        return tuple(self._awake[seat])

    def points(self, seat: int) -> int:
        queens = self._awake[seat]
        total = sum(QUEEN_POINTS[q] for q in queens)
        if self.rules.cake_with_rose_bonus and CAKE in queens and ROSE in queens:
            total += self.rules.cake_with_rose_bonus
        return total

    @property
    def slots(self) -> tuple[str | None, ...]:
        return tuple(self._slots)

    @property
    def draw_pile(self) -> tuple:
        """Top card first."""
        return tuple(TOKEN[c] for c in reversed(self._draw))

    @property
    def discard_pile(self) -> tuple:
        """Oldest first."""
        return tuple(TOKEN[c] for c in self._discard)

    @property
    def events(self) -> tuple[Event, ...]:
        """The full log (private draws included): for the referee, not for a seat."""
        return tuple(events_so_far(self))

    def _events_so_far(self) -> list[Event]:
        return events_so_far(self)

    def team_of(self, seat: int) -> tuple[int, ...]:
        partner = self.rules.partner(seat, self.players)
        return (seat,) if partner is None else tuple(sorted((seat, partner)))

    def opponents(self, seat: int) -> tuple[int, ...]:
        partner = self.rules.partner(seat, self.players)
        return tuple(s for s in range(self.players) if s != seat and s != partner)

    # ---- legal moves -----------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every move `current_player` may make now (empty only when the game is over)."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Move]:
        return generate(self)

    # ---- playing ---------------------------------------------------------------------------
    def play(self, move: Move) -> list[Event]:
        """Make `move` for `current_player`; the events it caused. IllegalMove otherwise."""
        start = len(self._log)
        self._apply(move)
        return [Event(*e) for e in self._log[start:]]

    def _apply(self, move: Move) -> None:
        """`play` without building the returned events (simulations use this)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        for m in legal:
            if m is move:
                break
        else:
            from .explain import normalize, why_illegal
            found = normalize(move)
            if found is None or found not in legal:
                raise why_illegal(self, move)
            move = found
        self._legal = None
        if self._pending is None:
            self._act(move)
        else:
            self._answer(move)

    def _act(self, move: Move) -> None:
        seat = self._active
        hand = self._hands[seat]
        kind = move.kind
        log = self._log
        if kind == "discard":
            codes = DISCARD_CODES[id(move)]
            known = self._known_hands[seat]
            for c in codes:
                hand.remove(c)
                if known and c in known:
                    known.remove(c)
            self._discard += codes
            log.append(("discard", seat, move.cards))
            self._finish_action()
        elif kind == "wake":
            self._spend(seat, KING_C)
            log.append(("play", seat, move.cards, None, None, move.slot))
            self._wake(seat, move.slot)
        elif kind == "jester":
            self._spend(seat, JESTER_C)
            log.append(("play", seat, move.cards))
            self._jester(seat)
        else:  # steal / sleep
            steal = kind == "steal"
            self._spend(seat, KNIGHT_C if steal else POTION_C)
            target, queen = move.target, move.queen
            log.append(("play", seat, move.cards, target, queen))
            defence = DRAGON_C if steal else WAND_C
            if defence in self._hands[target]:
                if defence not in self._known_hands[target]:
                    self._known_hands[target].append(defence)  # being asked shows it
                self._pending = ("block", target, seat, queen, kind)
            elif steal:
                self._steal(seat, target, queen)
            else:
                self._put_to_sleep(seat, target, queen)

    def _answer(self, move: Move) -> None:
        pending = self._pending
        kind = pending[0]
        self._pending = None
        if kind == "block":
            _, defender, attacker, queen, attack = pending
            if move.kind == "block":
                card = DRAGON_C if attack == "steal" else WAND_C
                self._spend(defender, card)
                self._log.append(("block", defender, move.cards, attacker, queen))
                self._refill(defender)
                self._finish_action()
            else:
                # Being asked showed the defending card to everyone; say so in the log too, so
                # that a card counter fed only events knows it is still in that hand.
                card = TOKEN[DRAGON_C] if attack == "steal" else TOKEN[WAND_C]
                self._log.append(("allow", defender, (card,), attacker, queen))
                if attack == "steal":
                    self._steal(attacker, defender, queen)
                else:
                    self._put_to_sleep(attacker, defender, queen)
        elif kind == "rose" or kind == "jester_wake":
            self._wake(pending[1], move.slot)
        elif kind == "jester_pick":
            self._jester_keep(pending[1], _CODE[move.cards[0]])
        else:  # potion_slot / catdog_slot: a queen goes face down into an empty slot
            seat, queen = pending[1], pending[2]
            self._slots[move.slot] = queen
            self._asleep += 1
            self._wakes = None
            self._known[move.slot] = True
            if kind == "potion_slot":
                self._log.append(("sleep", seat, (), pending[3], queen, move.slot))
            else:
                self._log.append(("return", seat, (), None, queen, move.slot))
            self._finish_action()

    def _spend(self, seat: int, code: int) -> None:
        self._hands[seat].remove(code)
        self._forget(seat, code)
        self._discard.append(code)

    def _forget(self, seat: int, code: int) -> None:
        """`seat` played or discarded a `code` card: one fewer is publicly known in its hand."""
        known = self._known_hands[seat]
        if known and code in known:
            known.remove(code)

    # ---- the actions' effects --------------------------------------------------------------
    def _wake(self, seat: int, slot: int) -> None:
        """`seat` wakes the queen in `slot` from the centre (king, jester count, rose bonus)."""
        queen = self._slots[slot]
        self._slots[slot] = None
        self._known[slot] = False
        self._wakes = None
        self._log.append(("wake", seat, (), None, queen, slot))
        if self._feud and queen in FEUD and FEUD[queen] in self._awake[seat]:
            self._slots[slot] = queen
            self._known[slot] = True
            self._log.append(("return", seat, (), None, queen, slot))
            self._finish_action(None)
            return
        self._asleep -= 1
        self._gain(seat, queen)
        if queen == ROSE and self.rules.rose_bonus and self._asleep \
                and not self._threshold(seat):
            self._pending = ("rose", seat)
            return
        self._finish_action(seat)

    def _gain(self, seat: int, queen: str) -> None:
        self._awake[seat].append(queen)
        self._pts[seat] = self.points(seat)

    def _lose(self, seat: int, queen: str) -> None:
        self._awake[seat].remove(queen)
        self._pts[seat] = self.points(seat)

    def _steal(self, thief: int, victim: int, queen: str) -> None:
        self._lose(victim, queen)
        self._log.append(("steal", thief, (), victim, queen))
        if self._feud and queen in FEUD and FEUD[queen] in self._awake[thief]:
            self._pending = ("catdog_slot", thief, queen)
            return
        self._gain(thief, queen)
        self._finish_action(thief)

    def _put_to_sleep(self, seat: int, victim: int, queen: str) -> None:
        self._lose(victim, queen)
        self._pending = ("potion_slot", seat, queen, victim)

    def _jester(self, seat: int) -> None:
        peek = self.rules.jester_peek
        shown = []
        for _ in range(peek):
            card = self._draw_one()
            if card is None:
                break
            shown.append(card)
        self._log.append(("jester_reveal", seat, tuple(TOKEN[c] for c in shown)))
        if not shown:  # no card left anywhere (only in odd scenario positions)
            self._finish_action()
            return
        if peek > 1:
            self._revealed = shown
            self._pending = ("jester_pick", seat)
            return
        self._jester_result(seat, shown[0])

    def _jester_keep(self, seat: int, card: int) -> None:
        others = self._revealed
        others.remove(card)
        self._revealed = []
        self._log.append(("jester_keep", seat, (TOKEN[card],)))
        if others:
            self._draw[0:0] = others[::-1]
            self._known_bottom += len(others)
            self._log.append(("to_bottom", seat, tuple(TOKEN[c] for c in others)))
        self._jester_result(seat, card)

    def _jester_result(self, seat: int, card: int) -> None:
        if card > 10:  # a power card: into the hand, and another turn
            self._hands[seat].append(card)
            self._known_hands[seat].append(card)
            self._turn += 1
            self._log.append(("turn", seat))
            return
        self._discard.append(card)
        counted = (seat + card - 1) % self.players
        self._log.append(("jester_count", seat, (card,), counted))
        self._pending = ("jester_wake", counted)

    # ---- drawing ---------------------------------------------------------------------------
    def _draw_one(self) -> int | None:
        draw = self._draw
        if not draw:
            if not self._discard:
                return None
            self._reshuffle()
            draw = self._draw
        card = draw.pop()
        if self._known_bottom > len(draw):
            self._known_bottom = len(draw)
        return card

    def _reshuffle(self) -> None:
        draw = self._discard
        self._discard = []
        shuffle(self._rng, draw)
        self._draw = draw
        self._known_bottom = 0
        self._log.append(("reshuffle", None, (), None, None, None, len(draw)))

    def _refill(self, seat: int) -> None:
        hand = self._hands[seat]
        need = self._hand_size - len(hand)
        draw = self._draw
        if 0 < need <= len(draw):  # the common case: no reshuffle
            got = draw[-need:]
            del draw[-need:]
            got.reverse()
            if self._known_bottom > len(draw):
                self._known_bottom = len(draw)
            hand += got
            self._log.append(("draw", seat, tuple([TOKEN[c] for c in got]), None, None, None,
                              need, (), True))
            return
        got = []
        while need > 0:
            draw = self._draw
            if not draw:
                if not self._discard:
                    break
                if got:
                    self._log_draw(seat, got)
                    got = []
                self._reshuffle()
                draw = self._draw
            take = min(need, len(draw))
            cards = draw[-take:]
            del draw[-take:]
            cards.reverse()
            got += cards
            need -= take
        if self._known_bottom > len(self._draw):
            self._known_bottom = len(self._draw)
        if got:
            self._log_draw(seat, got)

    def _log_draw(self, seat: int, cards: list[int]) -> None:
        self._hands[seat] += cards
        self._log.append(("draw", seat, tuple([TOKEN[c] for c in cards]), None, None, None,
                          len(cards), (), True))

    # ---- ends of actions, turns and the game -----------------------------------------------
    def _finish_action(self, gainer: int | None = None) -> None:
        """The action is fully resolved (`gainer` woke or stole a queen): maybe the game ends,
        else the active player refills and play passes on."""
        if gainer is not None and self._threshold(gainer):
            self._end(self.team_of(gainer), "threshold")
            return
        if not self._asleep:
            self._check_end(None)
            return
        seat = self._active
        hand = self._hands[seat]
        need = self._hand_size - len(hand)
        if need == 1 and self._draw:  # the most common case, inlined: one card, no reshuffle
            draw = self._draw
            card = draw.pop()
            hand.append(card)
            if self._known_bottom > len(draw):
                self._known_bottom = len(draw)
            self._log.append(("draw", seat, (TOKEN[card],), None, None, None, 1, (), True))
        elif need > 0:
            self._refill(seat)
        seat = self._active = (seat + 1) % self.players
        self._turn += 1
        self._log.append(("turn", seat))

    def _threshold(self, seat: int) -> bool:
        """Has `seat` (its team, in `teams`) reached the winning queens or points?"""
        if self.rules.teams:
            partner = (seat + 2) % self.players
            return (len(self._awake[seat]) + len(self._awake[partner]) >= self._win_q
                    or self._pts[seat] + self._pts[partner] >= self._win_p)
        return len(self._awake[seat]) >= self._win_q or self._pts[seat] >= self._win_p

    def _check_end(self, gainer: int | None) -> bool:
        """End the game if `gainer` reached the threshold or the centre is empty."""
        if gainer is not None and self._threshold(gainer):
            self._end(self.team_of(gainer), "threshold")
            return True
        if self._asleep:
            return False
        teams = sorted({self.team_of(s) for s in range(self.players)})
        def score(team: tuple[int, ...]) -> tuple[int, int]:
            queens = sum(len(self._awake[s]) for s in team)
            if not self.rules.win_by_points:
                return (queens, 0)
            return (sum(self.points(s) for s in team), queens)
        best = max(score(team) for team in teams)
        winners = tuple(s for team in teams if score(team) == best for s in team)
        self._end(tuple(sorted(winners)), "centre_empty")
        return True

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self._over = True
        self._pending = None
        self._winners = winners
        self.end_reason = reason
        self._legal = None
        self._log.append(("game_over", None, (), None, None, None, None, winners))

    # ---- what a seat may know --------------------------------------------------------------
    def observe(self, seat: int) -> Observation:
        """Everything `seat` may know now (RULES.md section 5), and nothing more."""
        return observe(self, seat)

    def __repr__(self) -> str:
        state = f"over, winners {self._winners}" if self._over else \
            f"turn {self._turn}, seat {self.current_player} to move"
        return f"<Game {self.rules.name} {self.players} players, {state}>"


_CODE = {TOKEN[c]: c for c in range(1, 17)}
_DECK: list[int] = [_CODE[tok] for tok, k in PLAY_DECK.items() for _ in range(k)]


@cache
def _table(rules: Rules, players: int) -> tuple:
    """What the hot paths read for these rules and this many players, worked out once:
    (hand size, winning queens, winning points, cat/dog rule, equations, opponents per seat)."""
    win_p = rules.win_points(players)
    partner = [rules.partner(s, players) for s in range(players)]
    opponents = tuple([tuple(o for o in range(players) if o != s and o != partner[s])
                       for s in range(players)])
    return (rules.hand_size, rules.win_queens(players), 1 << 30 if win_p is None else win_p,
            rules.cat_dog_feud, rules.equations, opponents)
