"""from_setup validation, and saving/loading (to_dict / from_dict)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from sq_edu.engine import Game
from sq_edu.engine.cards import PLAY_DECK, QUEENS

from .helpers import random_playout


def _full_setup() -> dict:
    deck = [c for c, k in PLAY_DECK.items() for _ in range(k)]
    return {"players": 2, "hands": [deck[:5], deck[5:10]], "awake": [[], []],
            "slots": list(QUEENS), "draw": deck[10:], "discard": [], "current": 0, "seed": 1}


def test_a_complete_setup_builds() -> None:
    g = Game.from_setup(_full_setup())
    assert g.hand(0) == ("king",) * 5 and len(g.draw_pile) == 57


@pytest.mark.parametrize(("change", "message"), [
    (lambda s: s["draw"].pop(), "missing 10 x1"),
    (lambda s: s["draw"].append("king"), "has too many: king x1"),
    (lambda s: s["hands"][0].__setitem__(0, "queen"), "'queen' is not a card"),
    (lambda s: s["hands"][0].__setitem__(0, 11), "number cards go from 1 to 10"),
    (lambda s: s["slots"].__setitem__(3, "mooon"), "'mooon' is not a queen"),
    (lambda s: s["slots"].__setitem__(3, "moon"), "the moon queen appears more than once"),
    (lambda s: s["slots"].__setitem__(3, None), "the starfish queen is missing"),
    (lambda s: s.__setitem__("players", 6), "needs 2 to 5 players, not 6"),
    (lambda s: s.__setitem__("current", 2), "current must be a seat from 0 to 1"),
    (lambda s: s.__setitem__("colour", "red"), "unknown setup keys"),
    (lambda s: s["slots"].pop(), "slots must list 12 entries"),
    (lambda s: s["hands"].pop(), "hands must list one entry per seat"),
])
def test_bad_setups_name_the_problem(change, message) -> None:
    setup = _full_setup()
    change(setup)
    with pytest.raises(ValueError, match=message):
        Game.from_setup(setup)


def test_cat_and_dog_together_only_where_the_rules_allow_it() -> None:
    setup = _full_setup()
    setup["slots"] = [q if q not in ("cat", "dog") else None for q in QUEENS]
    setup["awake"] = [["cat", "dog"], []]
    with pytest.raises(ValueError, match="seat 0 holds both the cat and the dog"):
        Game.from_setup(setup)
    assert Game.from_setup(setup, rules="kids").awake(0) == ("cat", "dog")


def test_setup_defaults_fill_the_draw_pile_and_slots() -> None:
    g = Game.from_setup({"players": 3, "hands": [[1, 2], ["king"], [3]], "current": 1,
                         "awake": [["moon"], [], []], "seed": 3})
    assert len(g.draw_pile) == 63 and g.discard_pile == ()
    assert sorted(q for q in g.slots if q) == sorted(q for q in QUEENS if q != "moon")


@pytest.mark.parametrize("hands", [[[1], [2], []], [[], [2], [3]], [[1] * 2, [2] * 4, [3] * 4],
                                   [[1, 1, 2, 2, 3, 4, 4], [5], [6]], [[1] * 4 + [2, 2], [5], [6]]])
def test_setup_refuses_empty_hands_and_hands_over_five(hands: list) -> None:
    """An empty hand leaves a game nobody can move in; a hand over five cannot happen."""
    if hands[0] == [1] * 2:  # a legal position, for contrast
        assert Game.from_setup({"players": 3, "hands": hands}).legal_moves()
        return
    with pytest.raises(ValueError, match=r"the hand of seat \d has (0|6|7) cards: a hand holds "
                                         r"1 to 5 cards"):
        Game.from_setup({"players": 3, "hands": hands})


def _roundtrip(g: Game) -> Game:
    return Game.from_dict(json.loads(json.dumps(g.to_dict())))


def test_saved_game_continues_exactly_like_the_original() -> None:
    g = Game.new(players=3, seed=11)
    rng = random.Random(5)
    for _ in range(40):
        g.play(rng.choice(g.legal_moves()))
    h = _roundtrip(g)
    assert h.to_dict() == g.to_dict() and h.events == g.events
    random_playout(g, random.Random(9))
    random_playout(h, random.Random(9))
    assert h.to_dict() == g.to_dict() and h.winners == g.winners


def test_pending_states_survive_saving() -> None:
    g = Game.new(players=2, seed=3, rules="royal_court")
    rng = random.Random(1)
    seen = set()
    while not g.is_over and len(seen) < 4:
        if g.pending:
            seen.add(g.pending)
            h = _roundtrip(g)
            assert h.pending == g.pending and h.legal_moves() == g.legal_moves()
            assert h.observe(h.current_player) == g.observe(g.current_player)
        g.play(rng.choice(g.legal_moves()))
    assert seen


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["hands"][0].pop(), "do not add up"),
    (lambda d: d["awake"][1].append("moon"), "moon queen appears more than once"),
    (lambda d: d.__setitem__("format", "chess"), "not a saved Sleeping Queens game"),
    (lambda d: d.__setitem__("version", 99), "version 99 is not supported"),
    (lambda d: d["rng"].__setitem__(1, [1, 2, 3]), "random-number state is damaged"),
    (lambda d: d["rules"].__setitem__("hand_size", "five"), "rule setting 'hand_size'"),
    (lambda d: d["rules"].__setitem__("colour", 1), "unknown settings"),
    (lambda d: d.__setitem__("active", 7), "active must be a seat"),
    (lambda d: d.__setitem__("pending", ["rose", 0, 1]), "wrong number of details"),
    (lambda d: d.__setitem__("pending", ["block", 1, 0, "moon", "steal"]), "pending block"),
    (lambda d: d.__setitem__("winners", [0]), "not over but names winners"),
    (lambda d: d["events"].append({"kind": "explode"}), "unknown kind"),
    (lambda d: d["events"].append({"kind": "turn", "colour": 1}), "unknown fields"),
    (lambda d: d.pop("slots"), "has no 'slots'"),
    (lambda d: d.__setitem__("hands", "lots"), "wrong type"),
    (lambda d: d.__setitem__("known_bottom", 500), "known_bottom"),
    (lambda d: d["known_in_hands"].__setitem__(0, ["king"] * 5), "known to hold cards"),
    (lambda d: (d["awake"][0].extend(["cat", "dog"]),
                d.__setitem__("slots", [q if q not in ("cat", "dog") else None
                                        for q in d["slots"]])), "both the cat and the dog"),
])
def test_damaged_saves_are_refused_with_a_clear_message(change, message) -> None:
    g = Game.new(players=2, seed=4)
    rng = random.Random(2)
    for _ in range(10):
        g.play(rng.choice(g.legal_moves()))
    data = json.loads(json.dumps(g.to_dict()))
    data["known_in_hands"][0] = []
    Game.from_dict(copy.deepcopy(data))  # the untouched save loads
    change(data)
    with pytest.raises(ValueError, match=message):
        Game.from_dict(data)


def test_garbage_is_refused_not_crashed_on() -> None:
    for junk in (None, [], "game", {"format": "sq_edu.game", "version": 1}):
        with pytest.raises(ValueError):
            Game.from_dict(junk)  # type: ignore[arg-type]


def test_a_finished_game_saves_and_loads() -> None:
    g = Game.new(players=2, seed=6)
    random_playout(g, random.Random(6))
    h = _roundtrip(g)
    assert h.is_over and h.winners == g.winners and h.end_reason == g.end_reason
    assert h.legal_moves() == [] and h.observe(0).is_over
