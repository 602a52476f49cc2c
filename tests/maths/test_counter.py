"""CardCounter against unseen(obs) on real seeded games, and the lesson questions it answers."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sq_edu.engine import Game
from sq_edu.engine.cards import PLAY_DECK, QUEENS
from sq_edu.maths import unseen
from sq_edu.maths.counter import CardCounter

PRESETS = ("official", "royal_court", "kids", "teams")


def _setup(seed: int) -> tuple[Game, str, int]:
    rules = PRESETS[seed % 4]
    players = 4 if rules == "teams" else 2 + seed % 4
    return Game.new(players, seed=seed, rules=rules), rules, players


def _agree(counter: CardCounter, game: Game, seat: int) -> None:
    obs = game.observe(seat)
    assert counter.unseen() == unseen(obs)
    assert +counter.hand == Counter(obs.hand)
    assert +counter.discard == Counter(obs.discard_pile)
    assert counter.draw_size == obs.draw_size
    assert tuple(counter.known_bottom) == obs.known_bottom


def test_counter_fed_observations_agrees_at_every_step() -> None:
    for seed in range(40):
        game, rules, players = _setup(seed)
        rng = random.Random(seed)
        counters = [CardCounter(s, players, game.hand(s), rules) for s in range(players)]
        for _ in range(300):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
            for seat, counter in enumerate(counters):
                obs = game.observe(seat)
                counter.observe(obs)
                assert counter.unseen() == unseen(obs), (seed, seat, obs.events[-3:])


@pytest.mark.slow
def test_counter_fed_events_agrees_over_thousands_of_games() -> None:
    """Fed only the events each `play` returns (as that seat sees them); checked against a
    fresh observation at three points of every game."""
    checks = 0
    for seed in range(1000, 3000):
        game, rules, players = _setup(seed)
        rng = random.Random(seed)
        counters = [CardCounter(s, players, game.hand(s), rules) for s in range(players)]
        checkpoints = {rng.randrange(1, 60), rng.randrange(60, 200)}
        for step in range(1, 400):
            if game.is_over:
                break
            events = game.play(rng.choice(game.legal_moves()))
            for seat, counter in enumerate(counters):
                for event in events:  # seen_by, without copying public events
                    counter.update(event.seen_by(seat) if event.private else event)
            if step in checkpoints:
                for seat, counter in enumerate(counters):
                    _agree(counter, game, seat)
                    checks += 1
        for seat, counter in enumerate(counters):
            _agree(counter, game, seat)
            checks += 1
    assert checks > 6000


def test_from_observation_replays_a_game() -> None:
    game, _, players = _setup(1)  # royal_court, 3 players
    rng = random.Random(5)
    for _ in range(120):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    for seat in range(players):
        obs = game.observe(seat)
        counter = CardCounter.from_observation(obs)
        assert +counter.hand == Counter(obs.hand)
        assert counter.unseen() == unseen(obs)


@pytest.mark.parametrize("seed", range(40))
def test_from_observation_replays_every_kind_of_game(seed: int) -> None:
    """Events alone are enough: a defender who lets an attack through is in the log too."""
    game, _, players = _setup(seed)
    rng = random.Random(seed)
    while not game.is_over and game.turn < 80:
        game.play(rng.choice(game.legal_moves()))
    for seat in range(players):
        obs = game.observe(seat)
        assert CardCounter.from_observation(obs).unseen() == unseen(obs), (seed, seat)


def _steal_through(defender_hand: list) -> tuple[list, CardCounter, Game]:
    """Seat 0 steals seat 1's heart; seat 1 lets it through (asked only with a dragon). The
    events as seat 2 saw them, and seat 2's counter fed only those."""
    hands = [["knight", 1, 2, 3, 4], defender_hand, [9, 9, 10, 10, 1]]
    draw = Counter(PLAY_DECK)
    draw.subtract(card for hand in hands for card in hand)
    slots = [q for q in QUEENS if q != "heart"] + [None]
    game = Game.from_setup({"players": 3, "hands": hands, "awake": [[], ["heart"], []],
                            "slots": slots, "draw": sorted(draw.elements(), key=str),
                            "discard": [], "current": 0, "seed": 1})
    counter = CardCounter.start(game.observe(2))
    events = list(game.play(next(m for m in game.legal_moves() if m.kind == "steal")))
    if game.pending == "block":
        events += game.play(next(m for m in game.legal_moves() if m.kind == "allow"))
    seen = [event.seen_by(2) for event in events]
    for event in seen:
        counter.update(event)
    return seen, counter, game


def test_a_declined_block_teaches_the_other_seats_nothing() -> None:
    """docs/rules.md 5: "chose not to block" and "had nothing to block with" look the same."""
    asked, counter_asked, game = _steal_through(["dragon", 5, 6, 7, 8])
    not_asked, counter_not_asked, _ = _steal_through([3, 5, 6, 7, 8])
    assert [e.kind for e in asked] == ["play", "allow", "steal", "draw", "turn"]
    assert asked == not_asked
    assert counter_asked.unseen() == counter_not_asked.unseen()
    assert counter_asked.unseen()["dragon"] == 3
    obs = game.observe(2)
    assert obs.known_in_hands[1] == () and counter_asked.unseen() == unseen(obs)
    mine = [e for e in game.observe(1).events if e.kind == "allow"]
    assert mine[-1].cards == ("dragon",)  # only the defender's own view knows


def test_start_mid_game_then_follow() -> None:
    game, _, players = _setup(2)  # kids, 4 players
    rng = random.Random(2)
    for _ in range(30):
        game.play(rng.choice(game.legal_moves()))
    counters = [CardCounter.start(game.observe(s)) for s in range(players)]
    for _ in range(150):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
        for seat, counter in enumerate(counters):
            counter.observe(game.observe(seat))
            _agree(counter, game, seat)


def test_lesson_questions() -> None:
    counter = CardCounter(0, 3, ["dragon", "knight", 3, 4, 7])
    assert counter.unseen_count("dragon") == 2
    assert counter.can_be_blocked() and counter.can_be_blocked(1)
    assert not counter.all_played("potion")
    for seat in (1, 2):
        counter.update(_event("play", seat, ("potion",)))
        counter.update(_event("discard", seat, ("dragon",)))
    counter.update(_event("play", 1, ("potion",)))
    counter.update(_event("discard", 2, ("potion",)))
    assert counter.all_played("potion") and counter.unseen_count("potion") == 0
    assert counter.unseen_count("dragon") == 0
    assert not counter.can_be_blocked()          # my own dragon cannot block my knight
    assert counter.played["potion"] == 4
    counter.update(_event("reshuffle", None, (), count=sum(counter.discard.values())))
    assert counter.unseen_count("potion") == 4 and counter.reshuffled["potion"] == 4
    assert counter.reshuffles == 1 and not counter.all_played("potion")
    assert sum(counter.unseen().values()) == sum(PLAY_DECK.values()) - 5
    assert counter.seen() + counter.unseen() == Counter(PLAY_DECK)


def _event(kind: str, seat: int | None, cards: tuple, count: int | None = None):
    from sq_edu.engine import Event
    return Event(kind=kind, seat=seat, cards=cards, count=count)
