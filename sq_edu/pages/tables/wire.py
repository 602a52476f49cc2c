"""What travels between the table service and a child's kernel: JSON, strictly checked.

An `Observation` goes out whole (it is already only what one seat may know); a move comes
in as a small dict and is rebuilt only from the exact types a `Move` has, so a hostile
message (a string for a seat, a list of ten thousand cards, an unknown kind) is refused
before the engine sees it.
"""

from __future__ import annotations

from typing import Any

from sq_edu.engine import Move, Observation, Rules
from sq_edu.engine.cards import parse_card
from sq_edu.engine.observation import Event

MOVE_KINDS = ("wake", "steal", "sleep", "jester", "discard", "block", "allow", "choose")
MAX_MOVE_CARDS = 5       # an equation discard is at most five cards
MAX_NAME = 40            # a queen's name is short


class WireError(ValueError):
    """A message that is not a move; `key` is the catalogue message for the child."""

    def __init__(self, key: str, detail: str = "") -> None:
        super().__init__(detail or key)
        self.key = key


# Cyrillic capitals that look like the Latin ones of a code: a Russian keyboard types "Р", not "P".
_LOOK_ALIKE = str.maketrans("АВЕКМНОРСТУХ", "ABEKMHOPCTYX")


def table_code(text: object) -> str:
    """A table code as a child types it: the lobby shows "D P A E E X", so spaces (any kind,
    anywhere), dashes and dots between letters, either case and Cyrillic look-alikes ("Р")
    are all the same code. What is not a short string is no code ("")."""
    if not isinstance(text, str) or len(text) > 80:
        return ""
    return "".join(c for c in text if c.isalnum()).upper().translate(_LOOK_ALIKE)


def move_to_wire(move: Move) -> dict[str, Any]:
    return {"kind": move.kind, "cards": list(move.cards), "target": move.target,
            "queen": move.queen, "slot": move.slot}


def _int_or_none(value: object, low: int, high: int) -> int | None:
    if value is None:
        return None
    if type(value) is not int or not low <= value <= high:
        raise WireError("table.err_bad_move", f"not a small whole number: {value!r}")
    return value


def move_from_wire(data: object) -> Move:
    """A `Move` from a message, or WireError: only the exact types a move has are taken."""
    if not isinstance(data, dict) or set(data) - {"kind", "cards", "target", "queen", "slot"}:
        raise WireError("table.err_bad_move", "a move is kind, cards, target, queen, slot")
    kind = data.get("kind")
    if kind not in MOVE_KINDS:
        raise WireError("table.err_bad_move", f"unknown move kind {kind!r}")
    cards = data.get("cards", [])
    if not isinstance(cards, list) or len(cards) > MAX_MOVE_CARDS:
        raise WireError("table.err_bad_move", "cards is a short list")
    tokens = []
    for card in cards:
        if not isinstance(card, (str, int)) or isinstance(card, bool):
            raise WireError("table.err_bad_move", f"not a card: {card!r}")
        try:
            tokens.append(parse_card(card))
        except (ValueError, KeyError, TypeError):
            raise WireError("table.err_bad_move", f"not a card: {card!r}") from None
    queen = data.get("queen")
    if queen is not None and (not isinstance(queen, str) or len(queen) > MAX_NAME):
        raise WireError("table.err_bad_move", "queen is a name")
    return Move(kind, tuple(tokens), target=_int_or_none(data.get("target"), 0, 4),
                queen=queen, slot=_int_or_none(data.get("slot"), 0, 11))


def obs_to_wire(obs: Observation) -> dict[str, Any]:
    """An observation as JSON-safe data (the rules by preset name)."""
    out: dict[str, Any] = {}
    for name, value in obs.__dict__.items():
        if name == "rules":
            out[name] = value.name
        elif name == "events":
            out[name] = [e.to_dict() for e in value]
        elif name in ("awake", "known_in_hands"):
            out[name] = [list(v) for v in value]
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value
    return out


def obs_from_wire(data: dict[str, Any]) -> Observation:
    """The observation `obs_to_wire` sent (the kernel trusts its own server's answer)."""
    d = dict(data)
    d["rules"] = Rules.preset(d["rules"])
    d["events"] = tuple(Event.from_dict(e) for e in d.get("events", []))
    for name in ("awake", "known_in_hands"):
        d[name] = tuple(tuple(v) for v in d[name])
    for name in ("hand", "hand_sizes", "points", "slots", "discard_pile", "known_bottom",
                 "revealed", "winners"):
        if name in d:
            d[name] = tuple(d[name])
    return Observation(**d)
