"""QueenGrid, DiscardPileView and DeckTracker from real game observations."""

from __future__ import annotations

from sq_edu.engine import HIDDEN, Game, Observation
from sq_edu.widgets import DeckTracker, DiscardPileView, QueenGrid


def test_queen_grid_shows_twelve_face_down_slots_at_the_start(obs: Observation) -> None:
    grid = QueenGrid(obs)
    texts = grid.slot_texts()
    assert len(texts) == 12 and texts[0] == "Slot 1: a sleeping queen, face down"
    assert all("Z z z" in p.value for p in grid.slot_pictures)
    assert grid.totals()[0] == "You: no queens yet, 0 points of 50"
    assert all(b.disabled for b in grid.slot_buttons)


def test_queen_grid_after_wakes_shows_empty_slots_and_totals(played) -> None:
    g = played()
    o = g.observe(0)
    grid = QueenGrid(o, lang="ru")
    empty = [i for i, s in enumerate(o.slots) if s is None]
    assert empty, "the played game should have woken queens"
    assert grid.slot_texts()[empty[0]] == f"Место {empty[0] + 1}: пусто"
    owners = [s for s in range(o.players) if o.awake[s]]
    assert owners
    seat = owners[0]
    text = grid.totals()[seat]
    assert str(o.points[seat]) in text and "из 50" in text


def test_choosing_a_slot_calls_back_only_for_offered_slots(obs: Observation) -> None:
    grid = QueenGrid(obs)
    picked: list[int] = []
    grid.on_slot(picked.append)
    grid.choose_slots([2, 5])
    assert not grid.slot_buttons[2].disabled and grid.slot_buttons[0].disabled
    assert grid.slot_buttons[2].description == "Slot 3"
    grid.slot_buttons[2].click()
    grid.slot_buttons[0].click()
    assert picked == [2]
    grid.stop_choosing()
    assert all(b.disabled for b in grid.slot_buttons)


def test_choosing_an_awake_queen(played) -> None:
    g = played()
    o = g.observe(0)
    targets = [(s, q) for s in o.opponents for q in o.awake[s]]
    if not targets:
        targets = [(s, q) for s in range(o.players) for q in o.awake[s]]
    grid = QueenGrid(o)
    got: list[tuple[int, str]] = []
    grid.on_queen(lambda s, q: got.append((s, q)))
    grid.choose_queens(targets[:1])
    grid.queen_buttons[targets[0]].click()
    assert got == targets[:1]


def test_remembered_queen_is_drawn_face_up() -> None:
    g = Game.new(players=2, seed=1)
    o = g.observe(0)
    slots = list(o.slots)
    slots[4] = "cat"
    from dataclasses import replace
    grid = QueenGrid(replace(o, slots=tuple(slots)))
    assert grid.slot_texts()[4] == "Slot 5: the Cat Queen sleeps here"
    assert HIDDEN not in grid.slot_texts()[4]


def test_kids_rules_count_queens_not_points() -> None:
    o = Game.new(players=4, seed=2, rules="kids").observe(1)
    grid = QueenGrid(o)
    assert grid.totals()[1] == "You: no queens yet of 4"
    assert grid.totals()[0] == "Bot 1: no queens yet of 4"


def test_discard_pile_in_order_and_bilingual(played) -> None:
    g = played(turns=8)
    o = g.observe(0)
    view = DiscardPileView(o)
    assert view.pile == o.discard_pile and o.discard_pile
    assert f"{len(o.discard_pile)} cards, newest on the right" in view.value or (
        len(o.discard_pile) == 1)
    view.set_lang("ru")
    assert "Сброс" in view.value
    empty = DiscardPileView(Game.new(seed=1).observe(0))
    assert empty.summary() == "The discard pile is empty."


def test_deck_tracker_counts_own_hand_as_seen(obs: Observation) -> None:
    tracker = DeckTracker(obs)
    tally = tracker.tally()
    for card in set(obs.hand):
        total, seen, left = tally[card]
        assert seen == obs.hand.count(card) and left == total - seen
    assert sum(v[2] for v in tally.values()) == 67 - len(obs.hand)
    assert "62 cards not seen yet" in tracker.table.value


def test_deck_tracker_hides_and_reveals_by_its_button(obs: Observation) -> None:
    tracker = DeckTracker(obs, hidden=True, lang="ru")
    assert "Счётчик спрятан" in tracker.table.value and "<table" not in tracker.table.value
    assert tracker.toggle.description == "Показать счётчик"
    tracker.toggle.click()
    assert not tracker.hidden and "<table" in tracker.table.value
    assert tracker.toggle.description == "Спрятать счётчик"
