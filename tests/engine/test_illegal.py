"""`play` refuses anything not in `legal_moves()`, saying why in plain words."""

from __future__ import annotations

import pytest

from sq_edu.engine import IllegalMove, Move

from .helpers import find, position

FIVE = [5, 6, 7, 8, 9]


@pytest.mark.parametrize(("hand", "awake", "move", "message"), [
    ([2, 3, 6, 1, 1], None, Move("discard", (2, 3, 6)), "2 + 3 is 5, not 6"),
    ([2, 3, 4, 10, 1], None, Move("discard", (10, 2, 3, 4)), "2 + 3 + 4 is 9, not 10"),
    ([2, 3, 6, 1, 1], None, Move("discard", (2, 3)),
     "a pair is two equal numbers, and 2 and 3 are different"),
    ([1, 1, "king", 3, 4], None, Move("discard", (1, "king")),
     "only number cards make pairs and equations"),
    ([1, 2, 3, 4, 10], None, Move("wake", ("king",), slot=2), "you have no king in your hand"),
    (["king", 2, 3, 4, 10], [["moon"], []], Move("wake", ("king",), slot=4),
     "slot 11 is empty"),
    (["king", 2, 3, 4, 10], None, Move("wake", ("king",), slot=12),
     "there is no slot 12"),
    (["knight", 2, 3, 4, 10], None, Move("steal", ("knight",), target=1, queen="moon"),
     "a knight needs an opponent with an awake queen"),
    (["potion", 2, 3, 4, 10], [[], ["cake"]], Move("sleep", ("potion",), target=1, queen="moon"),
     "seat 1 has no awake Moon Queen"),
    (["potion", 2, 3, 4, 10], [["moon"], ["cake"]],
     Move("sleep", ("potion",), target=0, queen="moon"),
     "a sleeping potion is played on an opponent's queen, not on your own"),
    (["knight", 2, 3, 4, 10], [[], ["cake"]], Move("steal", ("king",), target=1, queen="cake"),
     "to steal a queen, you play a knight"),
    ([1, 2, 3, 4, 10], None, Move("block", ("dragon",), target=1, queen="moon"),
     "there is nothing to answer"),
    ([1, 2, 3, 4, 10], None, Move("dance"), "'dance' is not a kind of move"),
    ([1, 2, 3, 4, 10], None, Move("discard", ()), "choose at least one card"),
    (["knight", 2, 3, 4, 10], [[], ["cake"]],
     Move("steal", ("knight",), target=1, queen="cake", slot=3),
     "the move “steal” does not take: slot"),
    (["king", 2, 3, 4, 10], None, Move("wake", ("king",), target=1, slot=3),
     "the move “wake” does not take: target"),
    (["dragon", 2, 3, 4, 10], None, Move("discard", ("dragon",), target=1),
     "the move “discard” does not take: target"),
])
def test_illegal_moves_say_why(hand, awake, move, message) -> None:
    if "slot 11" in message:
        move = Move("wake", ("king",), slot=11)
    g = position([hand, FIVE], awake=awake)
    with pytest.raises(IllegalMove, match=message.replace("+", r"\+")):
        g.play(move)
    assert g.turn == 1 and g.current_player == 0  # nothing changed


def test_an_illegal_move_is_a_value_error_with_a_russian_text() -> None:
    g = position([[2, 3, 6, 1, 1], FIVE])
    with pytest.raises(ValueError) as info:
        g.play(Move("discard", (2, 3, 6)))
    err = info.value
    assert isinstance(err, IllegalMove) and err.key == "equation_wrong"
    assert err.text("ru") == "2 + 3 — это 5, а не 6"


def test_not_a_move_at_all() -> None:
    g = position([[2, 3, 6, 1, 1], FIVE])
    with pytest.raises(IllegalMove, match="is not a move"):
        g.play("king wakes slot 4")  # type: ignore[arg-type]


def test_hand_built_moves_equal_to_a_legal_one_are_accepted() -> None:
    g = position([[2, 3, 5, 1, 1], FIVE])
    g.play(Move("discard", (5, "3", 2)))  # any order, tokens as text
    assert g.discard_pile[-3:] == (2, 3, 5)


def test_pending_decisions_must_be_answered_first() -> None:
    g = position([["knight", 1, 2, 3, 4], ["dragon", 5, 6, 7, 8]], awake=[[], ["moon"]])
    g.play(find(g, "steal", target=1, queen="moon"))
    with pytest.raises(IllegalMove, match="seat 1 must first answer the knight"):
        g.play(Move("discard", (5,)))
    h = position([["potion", 1, 2, 3, 4], FIVE], awake=[[], ["moon"]])
    h.play(find(h, "sleep", target=1, queen="moon"))
    with pytest.raises(IllegalMove, match="slot 0 is taken"):
        h.play(Move("choose", slot=0))
    k = position([["king", 1, 2, 3, 4], FIVE])
    k.play(find(k, "wake", slot=0))
    with pytest.raises(IllegalMove, match="slot 0 is empty: choose a slot with a sleeping"):
        k.play(Move("choose", slot=0))


def test_moves_after_the_game_is_over_are_refused() -> None:
    g = position([["king", 1, 2, 3, 4], FIVE],
                 awake=[["cake", "rainbow", "starfish", "moon"], []])
    g.play(find(g, "wake", slot=g.slots.index("heart")))
    with pytest.raises(IllegalMove, match="the game is over"):
        g.play(Move("discard", (1,)))


def test_move_strings_read_like_the_game() -> None:
    assert str(Move("wake", ("king",), slot=4)) == "king wakes slot 4"
    assert str(Move("discard", (2, 3, 5))) == "discard 2 + 3 = 5"
    assert str(Move("discard", (4, 4))) == "discard pair of 4s"
    assert str(Move("steal", ("knight",), target=1, queen="moon")) == \
        "knight steals the moon queen from seat 1"
    assert str(Move("choose", ("king",))) == "keep the king"


def test_any_made_up_move_is_played_or_refused_with_illegal_move() -> None:
    import random
    from dataclasses import replace

    from sq_edu.engine import Game
    rng = random.Random(3)
    kinds = ["wake", "steal", "sleep", "jester", "discard", "block", "allow", "choose", "x"]
    cards = [(), ("king",), ("knight",), ("potion",), ("dragon",), ("wand",), ("jester",),
             (1,), (2, 2), (2, 3, 5), (1, 1, 2), ("7",), (0,), ("queen",), (None,), (1, "king")]
    values = [None, 0, 1, 2, 3, 11, 12, -1, "1", 2.5]
    queens = [None, "moon", "rose", "cat", "heart", "nobody", 3]
    played = refused = 0
    for seed in range(30):
        g = Game.new(players=2 + seed % 4, seed=seed, rules=("official", "royal_court",
                                                             "kids")[seed % 3])
        while not g.is_over:
            for _ in range(5):
                legal = g.legal_moves()
                try:  # a made-up move, or a legal move with one field changed
                    move = Move(rng.choice(kinds), rng.choice(cards), rng.choice(values),
                                rng.choice(queens), rng.choice(values))
                    if rng.random() < 0.5:
                        field, pool = rng.choice([("kind", kinds), ("cards", cards),
                                                  ("target", values), ("queen", queens),
                                                  ("slot", values)])
                        move = replace(rng.choice(legal), **{field: rng.choice(pool)})
                    g.play(move)
                except IllegalMove as err:
                    refused += 1
                    assert str(err) and err.text("ru")
                    assert g.legal_moves() == legal  # nothing changed
                else:
                    played += 1
                    break
            else:
                g.play(rng.choice(g.legal_moves()))
    assert refused > 1000 and played > 10
