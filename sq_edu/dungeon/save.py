"""Saving and loading a Dungeon of Queens game as JSON-safe dicts.

Loading checks the save rather than trusting it: every card of the deck is in exactly one
place, every logged trick was taken by the right seat and scored by the rules, and the scores
add up. A damaged save gives one clear `CorruptSave` message, never a half-built game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from .cards import SUITS, Card, count_queens, deck_for
from .records import PLAY, HandRecord, TrickRecord
from .rules import contract_for, trick_taker
from .scoring import contract_points, race_winners, score_trick


class SavedGame(Protocol):
    """What a save holds of a game (a `DungeonGame` is one), so this module needs no import of
    the game's."""

    players: int
    seed: int
    first_dealer: int
    scores: list[int]
    dealer: int
    hand_number: int
    trump: str | None
    pending: str | None
    current_player: int
    hands: list[list[Card]]
    trick: list[tuple[int, Card]]
    tricks_taken: list[int]
    tricks: list[TrickRecord]
    hand_log: list[HandRecord]
    hand_start_scores: tuple[int, ...]
    winners: tuple[int, ...]
    start_scores: tuple[int, ...]
    prior_tricks: tuple[int, ...]
    out_of_play: tuple[Card, ...]

    @property
    def hand_tricks(self) -> list[TrickRecord]: ...


G = TypeVar("G", bound=SavedGame)

FORMAT, VERSION = "sq_edu.dungeon", 2  # 2: hands log the dealer's points
PENDING = ("name_trump", PLAY, "new_trump", None)


class CorruptSave(ValueError):
    """A saved game that cannot be loaded; the message says what is wrong."""


def game_to_dict(game: SavedGame) -> dict[str, Any]:
    return {
        "format": FORMAT, "version": VERSION, "players": game.players, "seed": game.seed,
        "first_dealer": game.first_dealer, "scores": list(game.scores), "dealer": game.dealer,
        "hand_number": game.hand_number, "trump": game.trump, "pending": game.pending,
        "current_player": game.current_player,
        "hands": [[c.code for c in hand] for hand in game.hands],
        "trick": [[seat, card.code] for seat, card in game.trick],
        "tricks_taken": list(game.tricks_taken),
        "tricks": [r.to_dict() for r in game.tricks],
        "hand_log": [h.to_dict() for h in game.hand_log],
        "hand_start_scores": list(game.hand_start_scores), "winners": list(game.winners),
        "start_scores": list(game.start_scores), "prior_tricks": list(game.prior_tricks),
        "out_of_play": [c.code for c in game.out_of_play],
    }


def game_from_dict(d: object, new: Callable[[int, int, int], G]) -> G:
    """Rebuild a game saved by `game_to_dict` with `new(players, seed, first_dealer)` (the
    game's class, passed in so this module needs no import of it); CorruptSave explains any
    damage."""
    if not isinstance(d, dict):
        raise CorruptSave("a saved dungeon game must be a dict")
    if d.get("format") != FORMAT or d.get("version") not in (1, VERSION):
        raise CorruptSave(f"not a saved dungeon game (format {FORMAT!r} version {VERSION})")
    try:
        game = new(_int(d, "players"), _int(d, "seed"), _int(d, "first_dealer"))
        n = game.players
        game.scores = _ints(d, "scores", n)
        game.dealer = _seat(_int(d, "dealer"), n, "dealer")
        game.hand_number = _int(d, "hand_number")
        game.trump = d["trump"]
        game.pending = d["pending"]
        game.current_player = _seat(_int(d, "current_player"), n, "current_player")
        game.hands = [[Card.parse(c) for c in hand] for hand in _list(d, "hands", n)]
        game.trick = [(_seat(int(s), n, "trick"), Card.parse(c)) for s, c in _list(d, "trick")]
        game.tricks_taken = _ints(d, "tricks_taken", n)
        game.tricks = [TrickRecord.from_dict(r) for r in _list(d, "tricks")]
        game.hand_log = [HandRecord.from_dict(h) for h in _list(d, "hand_log")]
        game.hand_start_scores = tuple(_ints(d, "hand_start_scores", n))
        game.winners = tuple(_seat(int(s), n, "winners") for s in _list(d, "winners"))
        game.start_scores = tuple(_ints(d, "start_scores", n))
        game.prior_tricks = tuple(_ints(d, "prior_tricks", n))
        game.out_of_play = tuple(Card.parse(c) for c in _list(d, "out_of_play"))
        if d["version"] == 1:  # before hands logged the dealer's points: work them out
            game.hand_log = [replace(h, dealer_points=sum(
                r.score.change for r in game.tricks if r.hand == h.number and r.taker == h.dealer))
                for h in game.hand_log]
    except CorruptSave:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise CorruptSave(f"saved dungeon game is damaged: {exc}") from exc
    check_game(game)
    return game


def check_game(game: SavedGame) -> None:
    """Raise CorruptSave unless `game` is a state the rules could have reached."""
    n = game.players
    if game.pending not in PENDING:
        raise CorruptSave(f"unknown pending decision {game.pending!r}")
    if game.trump not in (*SUITS, None) or (game.trump is None and game.pending in (PLAY,
                                                                                  "new_trump")):
        raise CorruptSave(f"bad trump {game.trump!r}")
    _check_cards(game)
    hand_tricks = game.hand_tricks
    taken = Counter(r.taker for r in hand_tricks) if game.pending != "name_trump" else Counter()
    prior = game.prior_tricks if game.hand_number == 1 else (0,) * n
    if game.tricks_taken != [taken[s] + prior[s] for s in range(n)]:
        raise CorruptSave("tricks taken do not match the trick log")
    if replay_scores(game.tricks, game.hand_log, n, game.start_scores,
                     game.prior_tricks) != game.scores:
        raise CorruptSave("scores do not add up from the trick log")
    if game.pending is None and game.winners != race_winners(game.scores):
        raise CorruptSave("the winners do not match the scores")
    if [h.number for h in game.hand_log] != list(range(1, len(game.hand_log) + 1)):
        raise CorruptSave("hands in the log are out of order")
    if game.pending is not None and game.hand_number != len(game.hand_log) + 1:
        raise CorruptSave("the hand number does not follow the hand log")
    if game.dealer != (game.first_dealer + game.hand_number - 1) % n:
        raise CorruptSave("the dealer does not follow the clockwise order")


def _check_cards(game: SavedGame) -> None:
    """Every card of the deck is in exactly one hand, the trick, or a trick taken this hand."""
    if game.pending == "name_trump":
        if any(game.hands) or game.trick:
            raise CorruptSave("cards are out before trump is named")
        return
    if game.pending is None:
        return
    where = [c for hand in game.hands for c in hand] + [c for _, c in game.trick]
    where += [c for r in game.hand_tricks for c in r.cards] + list(game.out_of_play)
    if Counter(where) != Counter(deck_for(game.players)):
        raise CorruptSave("the cards do not add up to one deck")
    sizes = {len(h) for h in game.hands}
    if max(sizes) - min(sizes) > 1:
        raise CorruptSave("hand sizes are uneven")


def replay_scores(tricks: list[TrickRecord], hands: list[HandRecord], players: int,
                  start: tuple[int, ...] | None = None,
                  prior: tuple[int, ...] | None = None) -> list[int]:
    """Scores re-derived from the logs alone; CorruptSave on any record the rules contradict.

    `start` and `prior` are the scores and dealer-side tricks of a game set up mid-hand.
    """
    scores = list(start) if start is not None else [0] * players
    by_hand: dict[int, list[TrickRecord]] = {}
    for record in tricks:
        by_hand.setdefault(record.hand, []).append(record)
    for number in sorted(by_hand):
        if hands[number - 1:number] and scores != list(hands[number - 1].scores_before):
            raise CorruptSave(f"hand {number} does not start from the previous scores")
        for record in by_hand[number]:
            if len(record.plays) != players or trick_taker(record.plays, record.trump) != \
                    record.taker:
                raise CorruptSave(f"trick {record.number} of hand {number} is wrong")
            others = tuple(s for i, s in enumerate(scores) if i != record.taker)
            expected = score_trick(scores[record.taker], others, count_queens(record.cards))
            if expected != record.score or others != record.others:
                raise CorruptSave(f"trick {record.number} of hand {number} is scored wrongly")
            scores[record.taker] = expected.after
        if number <= len(hands):
            hand = hands[number - 1]
            by_dealer = [r for r in by_hand[number] if r.taker == hand.dealer]
            tricks_by_dealer = len(by_dealer)
            if number == 1 and prior is not None:
                tricks_by_dealer += prior[hand.dealer]
            points = sum(r.score.change for r in by_dealer)
            if hand.contract != contract_for(players) or hand.dealer_tricks != tricks_by_dealer \
                    or hand.dealer_points != points or hand.contract_points != contract_points(
                        tricks_by_dealer, hand.contract, points):
                raise CorruptSave(f"the contract of hand {number} is wrong")
            scores[hand.dealer] += hand.contract_points
            if scores != list(hand.scores_after):
                raise CorruptSave(f"hand {number} does not end with its logged scores")
    return scores


def _int(d: dict[str, Any], key: str) -> int:
    value = d[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise CorruptSave(f"{key} must be a whole number, not {value!r}")
    return value


def _ints(d: dict[str, Any], key: str, length: int) -> list[int]:
    values = _list(d, key, length)
    if any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise CorruptSave(f"{key} must hold whole numbers")
    return list(values)


def _list(d: dict[str, Any], key: str, length: int | None = None) -> list[Any]:
    value = d[key]
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = f" of {length}" if length is not None else ""
        raise CorruptSave(f"{key} must be a list{size}")
    return value


def _seat(seat: int, players: int, what: str) -> int:
    if not 0 <= seat < players:
        raise CorruptSave(f"{what}: seat {seat} is not at this table")
    return seat
