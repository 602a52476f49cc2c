"""PlayApp: whole games played only through the app's own controls, in both languages."""

from __future__ import annotations

import random

import pytest

from sq_edu.apps.play import PlayApp
from sq_edu.engine import Rules


def _shown(widget) -> bool:
    return widget.layout.display != "none"


def _offered_slots(app: PlayApp) -> list:
    return [b for b in app.board.grid.slot_buttons if not b.disabled]


def child_turn(app: PlayApp, rng: random.Random) -> str:
    """Do what a child could do with the visible controls; returns what was pressed."""
    if app.board.keep_box.children:
        app.board.keep_box.children[0].click()
        return "keep"
    if _shown(app.board.answer_block) and rng.random() < 0.7:
        app.board.answer_block.click()
        return "block"
    if _shown(app.board.answer_allow):
        app.board.answer_allow.click()
        return "allow"
    if _offered_slots(app):
        rng.choice(_offered_slots(app)).click()
        return "slot"
    choices = [k for k in ("wake", "steal", "sleep", "jester") if _shown(app.board.act[k])]
    if choices and rng.random() < 0.8:
        kind = rng.choice(choices)
        app.board.act[kind].click()
        if kind == "wake":
            rng.choice(_offered_slots(app)).click()
        elif kind in ("steal", "sleep"):
            rng.choice(list(app.board.grid.queen_buttons.values())).click()
        return kind
    hand = app.board.hand.hand
    pairs = [i for i, c in enumerate(hand) for j in range(i) if hand[j] == c and isinstance(c, int)]
    app.board.hand.toggle(pairs[0] if pairs else rng.randrange(len(hand)))
    if pairs:
        app.board.hand.toggle(hand.index(hand[pairs[0]]))
    app.board.act["discard"].click()
    return "discard"


def play_to_the_end(app: PlayApp, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    pressed: dict[str, int] = {}
    for _ in range(3000):
        if app.game.is_over:
            break
        if _shown(app.bot_bar):
            assert app.game.current_player != 0
            app.next_button.click()
            what = "next"
        else:
            assert app.game.current_player == 0 and _shown(app.board.actions)
            what = child_turn(app, rng)
        pressed[what] = pressed.get(what, 0) + 1
    assert app.game.is_over, "the game did not finish"
    return pressed


@pytest.mark.parametrize(("rules", "opponents", "bots", "seed"), [
    ("official", 1, "greedy", 1), ("kids", 2, "random", 2), ("royal_court", 3, "greedy", 3),
    ("teams", 3, "random", 4), ("official", 4, "random", 5), ("official", 2, "greedy", 6),
    ("official", 2, "counting", 7), ("royal_court", 1, "counting", 8),
])
def test_full_game_through_the_controls(rules: str, opponents: int, bots: str,
                                        seed: int) -> None:
    app = PlayApp(seed=seed, opponents=opponents, bots=bots, rules=rules)
    assert app.game.players == (4 if rules == "teams" else opponents + 1)
    assert app.game.rules == Rules.preset(rules)
    pressed = play_to_the_end(app, seed)
    assert pressed.get("next", 0) > 0 and sum(pressed.values()) > 5
    assert _shown(app.over) and not _shown(app.board.actions) and not _shown(app.bot_bar)
    assert "Game over!" in app.over.text.value
    winners = app.game.winners
    expected = "You win! Well done!" if winners == (0,) else (
        f"Bot {winners[0] + 1} wins." if len(winners) == 1 else "A shared win")
    assert expected in app.over.text.value
    reasons = ("reached", "woke", "Every queen is awake")
    assert any(r in app.over.text.value for r in reasons)          # why the game ended
    over, obs = app.over.text.value, app.obs     # every player's queens drawn, a best moment
    assert over.count('class="sq-over-player"') == obs.players
    assert over.count('class="sq-over-queen"') == sum(len(q) for q in obs.awake)
    assert "Your best moment: " in over
    assert ('class="sq-celebrate"' in over) == (0 in winners)   # stars only for the child's win
    if rules == "teams":
        assert "Team 1 (You, Bot 3): " in app.over.text.value
        assert "Team 2 (Bot 2, Bot 4): " in app.over.text.value
    lines = app.story_lines()
    assert len(lines) > 10 and any("wake" in line for line in lines)
    app.over.play_again.click()
    assert not app.game.is_over and not _shown(app.over)


def test_auto_mode_returns_to_the_child_at_once() -> None:
    app = PlayApp(seed=11, opponents=3, auto=True)
    rng = random.Random(0)
    for _ in range(200):
        if app.game.is_over:
            break
        assert app.game.current_player == 0 and not _shown(app.bot_bar)
        child_turn(app, rng)
    assert app.game.is_over


def test_wrong_discard_is_explained_and_changes_nothing() -> None:
    app = PlayApp(seed=3)
    while app.game.current_player != 0 or app.game.pending:
        if _shown(app.bot_bar):
            app.next_button.click()
        else:
            child_turn(app, random.Random(1))
    hand = app.board.hand.hand
    numbers = [i for i, c in enumerate(hand) if isinstance(c, int)]
    distinct = [i for i in numbers if hand.count(hand[i]) == 1]
    before = app.game.to_dict()
    app.board.act["discard"].click()
    assert app.feedback.text == "Pick one or more cards in your hand first."
    if len(distinct) >= 2:
        a, b = distinct[:2]
        app.board.hand.toggle(a)
        app.board.hand.toggle(b)
        app.board.act["discard"].click()
        assert app.feedback.tone == "bad" and app.feedback.text
        assert app.game.to_dict() == before


def test_switching_language_mid_game() -> None:
    app = PlayApp(seed=5, opponents=2)
    app.run_bots()
    child_turn(app, random.Random(2))
    app.language.value = "ru"
    assert app.board.act["discard"].description == "Сбросить выбранные карты"
    assert app.next_button.description == "Следующий ход"
    assert app.board.hand.title == "Твои карты"
    ru_lines = app.story_lines()
    assert ru_lines and any("Ты" in line or "Бот" in line for line in ru_lines)
    assert app.setup.bot_choice.value == "greedy"
    assert app.setup.rules_choice.options[0][0] == "Обычные"
    app.set_lang("en")
    assert app.language.value == "en" and app.next_button.description == "Next move"


def test_wait_prompt_names_the_bot_and_next_moves_one_step() -> None:
    app = PlayApp(seed=9, opponents=2)
    rng = random.Random(3)
    while app.game.current_player == 0:
        child_turn(app, rng)
    seat = app.game.current_player
    assert app.feedback.text == (f"Bot {seat + 1} is playing. Press “Next move” to see "
                                 "what happens.")
    told = len(app.story_lines())
    app.next_button.click()
    assert len(app.story_lines()) > told


def test_helper_coach_shows_discards_king_chance_and_counter() -> None:
    app = PlayApp(seed=2, coach="off")
    assert not _shown(app.coach)
    app.setup.coach_level.value = "helper"
    assert _shown(app.coach) and app.coach.coach.current is None  # a helper never asks
    assert not app.coach.tracker.hidden
    lines = app.coach.lines()
    assert lines[0].startswith(("Cards you can discard together:", "No pairs or equations"))
    assert "Chance the next card is a king:" in lines[1]
    assert app.coach.tracker is not None and "<table" in app.coach.tracker.table.value
    if _shown(app.bot_bar):
        app.skip_button.click()
    app.set_lang("ru")
    assert "Шанс, что следующая карта — король" in app.coach.hints.value


def test_teams_rules_force_four_players() -> None:
    app = PlayApp(seed=1, opponents=1)
    app.setup.rules_choice.value = "teams"
    app.setup.new_game_button.click()
    assert app.setup.opponents.value == 3 and app.game.players == 4
    assert "partner" in app.feedback.text


def test_attack_choice_offers_only_legal_queens() -> None:
    for seed in range(30):
        app = PlayApp(seed=seed, opponents=1, bots="greedy")
        rng = random.Random(seed)
        for _ in range(300):
            if app.game.is_over:
                break
            if _shown(app.bot_bar):
                app.next_button.click()
                continue
            if _shown(app.board.act["steal"]):
                app.board.act["steal"].click()
                offered = set(app.board.grid.queen_buttons)
                legal = {(m.target, m.queen) for m in app.legal() if m.kind == "steal"}
                assert offered == legal and offered
                app.board.act["cancel"].click()
                assert not app.board.grid.queen_buttons
                return
            child_turn(app, rng)
    pytest.fail("no seed gave the child a knight with a target")


def test_no_language_given_is_the_servers_default(monkeypatch) -> None:
    """The page's `?lang=` comes through `sq_edu.pages.params` (preheated kernels too); an app
    given no language takes the server's default (`sq-edu serve --lang ru`)."""
    monkeypatch.setenv("SQ_EDU_LANG", "ru")
    app = PlayApp(lang=None, seed=1)
    assert app.language.value == "ru"
    assert app.board.act["discard"].description.startswith("Сбросить")


def test_bot_strengths_on_offer() -> None:
    app = PlayApp(seed=1, bots="counting")
    assert [value for _, value in app.setup.bot_choice.options] == ["random", "greedy", "counting"]
    assert type(app.table.bots[1]).__name__ == "CountingBot"
    assert app.setup.bot_choice.options[2][0] == "Card counter (hard)"


@pytest.mark.expect_callback_error
def test_a_crash_in_a_callback_shows_the_friendly_line(monkeypatch,
                                                       fail_on_swallowed_callback_errors) -> None:
    app = PlayApp(seed=2)
    app.run_bots()

    def broken(_game, _move, seat=None):
        raise RuntimeError("engine bug")

    # On the class: a compiled engine's Game (make engine) takes no attribute of its own.
    monkeypatch.setattr(type(app.game), "play", broken)
    app.board.hand.toggle(0)
    app.board.act["discard"].click()
    assert app.feedback.text == "Something went wrong \u2013 try again."
    assert "engine bug" not in app.feedback.value
    assert any("engine bug" in str(r.exc_info[1]) for r in fail_on_swallowed_callback_errors.records
               if r.exc_info)


def test_picked_cards_are_unpicked_after_the_discard() -> None:
    app = PlayApp(seed=3)
    app.board.hand.toggle(0)
    app.board.act["discard"].click()
    assert app.game.current_player != 0 or app.game.is_over  # the discard was played
    assert app.board.hand.selected == [] and app.board.hand.summary == ""


def test_wide_layout_puts_hand_and_story_beside_the_queens() -> None:
    from sq_edu.widgets.style import AppStyle

    app = PlayApp(seed=3)
    assert "sq-app" in app._dom_classes and isinstance(app.children[0], AppStyle)
    board = next(c for c in app.children if "sq-play-main" in c._dom_classes)
    left, right = board.children
    assert {app.board.hand, app.board.story, app.board.actions, app.bot_bar} <= set(left.children)
    assert right.children == (app.board.grid,)
    # role=log sits on a wrapper, so the story keeps its list semantics (axe: listitem)
    assert '<div role="log"' in app.board.story.value and '<ol role' not in app.board.story.value


def test_game_over_leaves_no_stale_turn_prompt() -> None:
    app = PlayApp(seed=4, auto=True)
    play_to_the_end(app, 4)
    assert app.game.is_over and _shown(app.over)
    assert app.feedback.text == ""
    assert app.over.layout.align_items == "flex-start"  # "New game" not stretched


def test_the_number_of_bots_is_on_the_first_screen() -> None:
    """Issue 40: against bots the game started with 2, and 1 needed the grown-ups' panel."""
    app = PlayApp(seed=5, pace="step")
    count = app.setup.bot_count
    assert count.layout.display != "none" and app.game.observe(0).players == 3
    assert not app.settings_toggle.expanded
    count.value = 1
    assert app.game.observe(0).players == 2 and app.setup.opponents.value == 1
    app.run_bots()
    while not app.table.played(app.table.story()):
        move = next(m for m in app.legal() if m.kind in ("wake", "discard"))
        app.play(move)
    assert count.layout.display == "none"   # mid-game a tap cannot throw the game away
