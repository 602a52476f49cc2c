"""Saving a game's position as a JSON-safe dict and loading it back, checked before any `Game`
wraps it.

`Game.to_dict()` / `Game.from_dict()` call `dump` and `load` with the `State` a game wraps;
the checks of cards, queens and seats are the scenario setup's (`setup.py`), so a save and a
setup are held to the same rules.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

from .cards import SLOTS
from .ending import opponents, recount
from .log import events_so_far
from .moves import CODE, TOKEN
from .observation import EVENT_KINDS, PENDING_KINDS, Event
from .rules import Rules
from .setup import (
    FORMAT,
    VERSION,
    _cards,
    _per_seat,
    _queen,
    _seat,
    _slots,
    check_cards,
    check_feud,
    check_players,
    check_queens,
)
from .state import Pending, State


def dump(st: State) -> dict[str, Any]:
    pending = st.pending
    state = st.rng.getstate()
    return {
        "format": FORMAT, "version": VERSION,
        "rules": dataclasses.asdict(st.rules),
        "players": st.players,
        "hands": [[TOKEN[c] for c in h] for h in st.hands],
        "awake": [list(a) for a in st.awake],
        "slots": list(st.slots),
        "known_slots": list(st.known),
        "draw": [TOKEN[c] for c in reversed(st.draw)],
        "discard": [TOKEN[c] for c in st.discard],
        "known_in_hands": [[TOKEN[c] for c in k] for k in st.known_hands],
        "known_bottom": st.known_bottom,
        "revealed": [TOKEN[c] for c in st.revealed],
        "active": st.active, "turn": st.turn,
        "pending": None if pending is None else pending.to_list(),
        "over": st.over, "winners": list(st.winners), "end_reason": st.end_reason,
        "rng": [state[0], list(state[1]), state[2]],
        "events": [e.to_dict() for e in events_so_far(st)],
    }


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise ValueError(f"saved game has no '{key}'")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise ValueError(f"saved game's '{key}' has the wrong type ({type(value).__name__})")
    return value


def _rules(value: object) -> Rules:
    if not isinstance(value, dict):
        raise ValueError("saved game's 'rules' must be a table of rule settings")
    fields = {f.name: f for f in dataclasses.fields(Rules)}
    unknown = sorted(set(value) - set(fields))
    if unknown:
        raise ValueError(f"saved game's rules have unknown settings {unknown}")
    default = Rules()
    for key, item in value.items():
        want = type(getattr(default, key))
        if type(item) is not want:
            raise ValueError(f"rule setting '{key}' must be {want.__name__}, not {item!r}")
    rules = Rules(**value)
    small = {"hand_size": (1, 10), "min_players": (2, 5), "max_players": (2, 5),
             "jester_peek": (1, 5), "cake_with_rose_bonus": (0, 125)}
    for key, (low, high) in small.items():
        if not low <= getattr(rules, key) <= high:
            raise ValueError(f"rule setting '{key}' must be from {low} to {high}")
    if rules.min_players > rules.max_players or min(
            rules.win_queens_small, rules.win_queens_large, rules.team_win_queens,
            rules.win_points_small, rules.win_points_large, rules.team_win_points) < 1:
        raise ValueError("saved game's rules have impossible player counts or thresholds")
    return rules


def _pending(value: object, st: State) -> Pending | None:
    """Check the pending decision against the rebuilt position."""
    if value is None:
        return None
    if not isinstance(value, list) or not value or value[0] not in PENDING_KINDS:
        raise ValueError(f"saved game's 'pending' is not a known decision: {value!r}")
    kind, n = value[0], st.players
    sizes = {"block": 5, "rose": 2, "jester_wake": 2, "jester_pick": 2, "potion_slot": 4,
             "catdog_slot": 3}
    if len(value) != sizes[kind]:
        raise ValueError(f"saved game's pending '{kind}' has the wrong number of details")
    seat = _seat(value[1], n, f"pending '{kind}' seat")
    occupied = any(q is not None for q in st.slots)
    empty = any(q is None for q in st.slots)
    if kind == "block":
        attacker = _seat(value[2], n, "pending block's attacker")
        queen, attack = _queen(value[3], "pending block"), value[4]
        defence = {"steal": CODE["dragon"], "sleep": CODE["wand"]}.get(attack)
        if defence is None or attacker != st.active or seat not in opponents(st, attacker):
            raise ValueError("saved game's pending block does not match whose turn it is")
        if queen not in st.awake[seat] or defence not in st.hands[seat]:
            raise ValueError("saved game's pending block: the defender lacks that queen or card")
        return Pending("block", seat, attacker, queen, attack)
    if kind in ("rose", "jester_wake"):
        if not occupied:
            raise ValueError(f"saved game's pending '{kind}' has no sleeping queen to wake")
        return Pending(kind, seat)
    if kind == "jester_pick":
        if seat != st.active or not st.revealed:
            raise ValueError("saved game's pending jester pick has no revealed cards")
        return Pending(kind, seat)
    queen = _queen(value[2], f"pending '{kind}'")
    if seat != st.active or not empty:
        raise ValueError(f"saved game's pending '{kind}' does not fit the position")
    if kind == "catdog_slot":
        return Pending(kind, seat, queen=queen)
    return Pending(kind, seat, queen=queen, victim=_seat(value[3], n, "pending potion's victim"))


def _event_entry(d: object, i: int) -> tuple[Any, ...]:
    if not isinstance(d, dict):
        raise ValueError(f"saved event {i} is not a table")
    try:
        e = Event.from_dict(d)
    except TypeError as err:
        raise ValueError(f"saved event {i} has unknown fields: {err}") from None
    if e.kind not in EVENT_KINDS:
        raise ValueError(f"saved event {i} has unknown kind {e.kind!r}")
    return (e.kind, e.seat, e.cards, e.target, e.queen, e.slot, e.count, e.seats, e.private)


def load(data: object) -> State:
    try:
        return _load(data)
    except (KeyError, IndexError, TypeError, AttributeError) as err:  # shape nobody expected
        raise ValueError(f"saved game is damaged ({type(err).__name__}: {err})") from None


def _load(data: object) -> State:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("this is not a saved Sleeping Queens game")
    if data.get("version") != VERSION:
        raise ValueError(f"saved game version {data.get('version')!r} is not supported "
                         f"(this version reads {VERSION})")
    rules = _rules(_need(data, "rules", dict))
    players = check_players(_need(data, "players", int), rules)
    rng_state = _need(data, "rng", list)
    rng = random.Random()
    try:
        version, internal, gauss = rng_state
        if not (isinstance(internal, list) and len(internal) == 625
                and all(isinstance(x, int) and 0 <= x < 2**32 for x in internal[:624])):
            raise ValueError
        rng.setstate((version, tuple(internal), gauss))
    except (ValueError, TypeError):
        raise ValueError("saved game's random-number state is damaged") from None
    st = State(rules, players, rng)
    st.hands = [_cards(h, f"hand of seat {i}")
                for i, h in enumerate(_per_seat(_need(data, "hands", list), players, "hands"))]
    if any(len(hand) > rules.hand_size for hand in st.hands):
        raise ValueError(f"saved game has a hand of more than {rules.hand_size} cards")
    st.awake = [[_queen(q, f"awake queens of seat {i}") for q in a] for i, a in
                enumerate(_per_seat(_need(data, "awake", list), players, "awake"))]
    st.slots = _slots(_need(data, "slots", list))
    known = _need(data, "known_slots", list)
    if len(known) != SLOTS or not all(isinstance(k, bool) for k in known):
        raise ValueError(f"saved game's 'known_slots' must be {SLOTS} true/false values")
    st.known = [k and q is not None for k, q in zip(known, st.slots, strict=True)]
    st.draw = _cards(_need(data, "draw", list), "draw pile")[::-1]
    st.discard = _cards(_need(data, "discard", list), "discard pile")
    st.revealed = _cards(_need(data, "revealed", list), "revealed cards")
    check_cards([c for h in st.hands for c in h] + st.draw + st.discard + st.revealed)
    st.known_hands = [_cards(k, f"known cards of seat {i}") for i, k in
                      enumerate(_per_seat(_need(data, "known_in_hands", list), players,
                                          "known_in_hands"))]
    for seat, known_cards in enumerate(st.known_hands):
        if Counter(known_cards) - Counter(st.hands[seat]):
            raise ValueError(f"saved game says seat {seat} is known to hold cards it does not")
    kb = _need(data, "known_bottom", int)
    if not 0 <= kb <= len(st.draw):
        raise ValueError("saved game's 'known_bottom' is larger than the draw pile")
    st.known_bottom = kb
    st.active = _seat(_need(data, "active", int), players, "active")
    st.turn = _need(data, "turn", int)
    if st.turn < 1:
        raise ValueError("saved game's 'turn' must be 1 or more")
    st.pending = _pending(data.get("pending"), st)
    limbo = [st.pending.in_transit] if st.pending and st.pending.in_transit else []
    check_queens([q for a in st.awake for q in a] + [q for q in st.slots if q] + limbo)
    check_feud(st.awake, rules)
    if st.revealed and (st.pending is None or st.pending.kind != "jester_pick"):
        raise ValueError("saved game has revealed jester cards but no jester pick pending")
    over = _need(data, "over", bool)
    winners = _need(data, "winners", list)
    if over:
        if st.pending is not None or not winners:
            raise ValueError("saved game is over but has a pending decision or no winner")
        st.winners = tuple(_seat(s, players, "winner") for s in winners)
        st.end_reason = data.get("end_reason")
        if st.end_reason not in ("threshold", "centre_empty"):
            raise ValueError("saved game is over but its 'end_reason' is unknown")
    elif winners:
        raise ValueError("saved game is not over but names winners")
    st.over = over
    recount(st)
    st.log = [_event_entry(d, i) for i, d in enumerate(_need(data, "events", list))]
    if not over and not st.hands[st.current] and st.pending is None:
        raise ValueError("saved game's current seat holds no cards")
    return st
