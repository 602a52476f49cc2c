"""`PlayApp`: a whole game of Sleeping Queens against 1 to 4 bots, for a child at seat 0.

The app owns the `Game` in the kernel but shows only seat 0's `Observation` (hidden cards never
reach the browser). The child acts with the hand, the action buttons and the slot / queen
buttons of the `QueenGrid`; bots move one at a time on "Next move" (or all at once with the
"auto" box), each move told in a sentence. A coach panel shows the maths that helps now.

Stable hooks for browser tests (CSS classes on the widgets; every control is a real button,
checkbox or select, so it is keyboard operable and has a text name):

    sq-play-app       the whole app            sq-language      English / Русский toggle
    sq-opponents      number of bots (select)  sq-bot-strength  bot strength (select)
    sq-rules          rule preset (select)     sq-new-game      start a new game
    sq-auto           bots move at once        sq-status        the status line (role=status)
    sq-hand / .sq-card  the hand, aria-pressed card buttons
    sq-act-wake  sq-act-steal  sq-act-sleep  sq-act-jester  sq-act-discard  sq-act-cancel
    sq-slot-button, sq-slot-<1..12>            slot choice buttons of the queen grid
    sq-queen-button, sq-queen-<name>           awake-queen choice buttons
    sq-answer-block  sq-answer-allow           answer an attack on your queen
    sq-keep-card                               royal court: keep one revealed card
    sq-next  sq-skip                           advance the bots
    sq-story          what happened (role=log) sq-coach         the coach panel
    sq-coach-level    coach level (select)     sq-coach-question the question (live region)
    sq-coach-answer / sq-coach-check           typed answer    sq-coach-option  a choice
    sq-coach-check-cards                       check the cards picked in the hand
    sq-coach-show-me  show the tracker and the worked answer   sq-coach-result  the verdict
    sq-nickname / sq-save-nickname             who plays (progress)  sq-coach-summary after
    sq-game-over      the game-over panel      sq-play-again    new game from that panel
    sq-celebrate      the child's win          sq-over-player / sq-over-queen  queens as pictures
    sq-best-moment    the child's best moment  sq-sound         sounds on / off
    sq-settings       "For grown-ups": opponents, bots, rules, coach, auto, who plays
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

import ipywidgets as widgets

from sq_edu.apps.play.board import HUMAN, PlayBoard
from sq_edu.apps.play.coaching import PlayCoaching
from sq_edu.apps.play.words import narrate
from sq_edu.bots import CountingBot, GreedyBot, RandomBot
from sq_edu.engine import Game, IllegalMove, Move, Observation, Rules, advance_bots
from sq_edu.engine.cards import sort_key
from sq_edu.engine.observation import Event
from sq_edu.i18n import normalize_lang
from sq_edu.links import default_lang
from sq_edu.widgets.controls import button as _button
from sq_edu.widgets.discard import DiscardPileView
from sq_edu.widgets.feedback import Feedback
from sq_edu.widgets.guard import guarded
from sq_edu.widgets.hand import HandView
from sq_edu.widgets.joy import Cheer, header_tools, relabel_folds, settings_fold
from sq_edu.widgets.language import LanguageToggle
from sq_edu.widgets.queens import QueenGrid
from sq_edu.widgets.style import AppStyle

MAX_BOT_STEPS = 2000  # a safety cap for "skip": no real game needs that many decisions


def available_bots() -> dict[str, Callable[[random.Random], object]]:
    """Bot strengths offered, easiest first; each is built with its own seeded RNG."""
    return {"random": RandomBot, "greedy": GreedyBot, "counting": CountingBot}


class PlayApp(PlayCoaching, PlayBoard, widgets.VBox):
    """The game app. `PlayApp(lang="ru", seed=7)` is reproducible game after game."""

    def __init__(self, lang: str | None = "en", seed: int | None = None, opponents: int = 2,
                 bots: str = "greedy", rules: str = "official", auto: bool = False,
                 coach: str | None = None, progress_dir: str | Path | None = None) -> None:
        """`lang=None` takes the server's default language (`sq-edu serve --lang`). `coach`: off,
        helper, quiz or detective; None follows the learner's mastery (a quiz for a new one).
        `progress_dir`: where learners' files go (default: the progress folder)."""
        self.lang = default_lang() if lang is None else normalize_lang(lang)
        self._seeds = random.Random(seed)
        self._kinds = available_bots()
        self.feedback = Feedback(self.lang)
        self.feedback.add_class("sq-status")
        guard = guarded(lambda: self.feedback)
        self._guard = guard

        self.title = widgets.HTML()
        self.language = LanguageToggle(self.lang, feedback=self.feedback)
        self.language.on_change(self.set_lang)
        self.opponents = widgets.Dropdown(options=[1, 2, 3, 4], value=opponents)
        self.opponents.add_class("sq-opponents")
        self.bot_choice = widgets.Dropdown(value=None, options=[])
        self.bot_choice.add_class("sq-bot-strength")
        self.rules_choice = widgets.Dropdown(value=None, options=[])
        self.rules_choice.add_class("sq-rules")
        self._label_choices(bots if bots in self._kinds else "greedy", rules)
        self.new_game_button = _button("sq-new-game", icon="refresh")
        self.auto = widgets.Checkbox(value=auto, indent=False)
        self.auto.add_class("sq-auto")

        self.game = Game.new(players=opponents + 1, seed=0, rules="official")  # replaced below
        obs = self.game.observe(HUMAN)
        self.grid = QueenGrid(obs, self.lang, feedback=self.feedback)
        self.discard_view = DiscardPileView(obs, self.lang)
        self.hand = HandView(obs.hand, self.lang)
        self.act = {kind: _button(f"sq-act-{kind}") for kind in
                    ("wake", "steal", "sleep", "jester", "discard", "cancel")}
        self.act["discard"].button_style = "primary"
        self.answer_block = _button("sq-answer-block", button_style="warning")
        self.answer_allow = _button("sq-answer-allow")
        self.keep_box = widgets.HBox()
        self.next_button = _button("sq-next", icon="play", button_style="primary")
        self.skip_button = _button("sq-skip", icon="fast-forward")
        self.story = widgets.HTML()
        self.story.add_class("sq-story")
        self._build_coach(coach, progress_dir)
        self.over_text = widgets.HTML()
        self.play_again = _button("sq-play-again", icon="refresh", button_style="success")
        self.over_box = widgets.VBox([self.over_text, self.coach.summary, self.play_again],
                                     layout=widgets.Layout(align_items="flex-start"))
        self.over_box.add_class("sq-game-over")

        self.new_game_button.on_click(guard(lambda _b: self.new_game()))
        self.play_again.on_click(guard(lambda _b: self.new_game()))
        self.act["wake"].on_click(guard(lambda _b: self._enter("wake")))
        self.act["steal"].on_click(guard(lambda _b: self._enter("steal")))
        self.act["sleep"].on_click(guard(lambda _b: self._enter("sleep")))
        self.act["cancel"].on_click(guard(lambda _b: self._enter(None)))
        self.act["jester"].on_click(guard(lambda _b: self._play_kind("jester")))
        self.act["discard"].on_click(guard(lambda _b: self.discard_selected()))
        self.answer_block.on_click(guard(lambda _b: self._play_kind("block")))
        self.answer_allow.on_click(guard(lambda _b: self._play_kind("allow")))
        self.next_button.on_click(guard(lambda _b: self.next_move()))
        self.skip_button.on_click(guard(lambda _b: self.run_bots()))
        self.grid.on_slot(guard(self._slot_picked))
        self.grid.on_queen(guard(self._queen_picked))
        self._label_coach(self.coach.coach.level)
        self.coach_level.observe(guard(lambda _c: self._coach_level_set()), "value")

        self.actions = widgets.HBox([*self.act.values(), self.answer_block, self.answer_allow,
                                     self.keep_box], layout=widgets.Layout(flex_flow="row wrap"))
        self.bot_bar = widgets.HBox([self.next_button, self.skip_button])
        setup = widgets.HBox([self.opponents, self.bot_choice, self.rules_choice,
                              self.coach_level, self.new_game_button, self.auto],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        # On a wide screen the child's side (hand, buttons, what the bots did) sits beside the
        # queens, so nothing needs scrolling; on a narrow one the queens wrap below.
        left = widgets.VBox([self.feedback, self.over_box, self.coach, self.hand,
                             self.actions, self.bot_bar, self.story, self.discard_view])
        left.add_class("sq-play-left")
        right = widgets.VBox([self.grid])
        right.add_class("sq-play-right")
        board = widgets.HBox([left, right], layout=widgets.Layout(flex_flow="row wrap"))
        board.add_class("sq-play-main")
        # Child first: the grown-ups' choices (bots, rules, coach, who plays) behind one button.
        self.cheer = Cheer(self.lang)
        self.settings_toggle, settings = settings_fold([setup, self.learner], self.lang)
        header = widgets.HBox([self.title, header_tools(self.language, self.cheer,
                                                        self.settings_toggle)])
        header.add_class("sq-app-header")
        super().__init__([AppStyle(), header, settings, board])
        self.add_class("sq-app")
        self.add_class("sq-play-app")
        self._mode: str | None = None
        self._story: list[Event] = []
        self._last_action = 0
        self._bots: dict[int, object] = {}
        self._relabel()
        self.new_game()

    # --- game flow --------------------------------------------------------------------------
    @property
    def obs(self) -> Observation:
        return self.game.observe(HUMAN)

    def new_game(self) -> None:
        """Start a game with the chosen opponents, bots and rules."""
        rules = Rules.preset(self.rules_choice.value)
        if rules.teams and self.opponents.value != 3:
            self.opponents.value = 3
        seed = self._seeds.randrange(2**31)
        players = int(self.opponents.value) + 1
        self.game = Game.new(players=players, seed=seed, rules=rules)
        make = self._kinds[self.bot_choice.value]
        self._bots = {s: make(random.Random(seed + s)) for s in range(1, players)}
        self._story = [e.seen_by(HUMAN) for e in self.game.events]
        self._last_action = 0
        self._mode = None
        self.coach.new_game()
        self.feedback.clear()
        self._after_move()
        if rules.teams:
            self.feedback.say("play.teams_need_four", "info")

    def legal(self) -> list[Move]:
        """The child's legal moves now ([] while a bot decides or after the game)."""
        if self.game.is_over or self.game.current_player != HUMAN:
            return []
        return self.game.legal_moves()

    def play(self, move: Move) -> None:
        """Play the child's move, tell it, and let the bots go if 'auto' is ticked."""
        self._record(self._child_plays(move))
        self.hand.clear()  # picked cards are gone; a new hand may hold the same cards
        self._mode = None
        self._after_move()

    def next_move(self) -> None:
        """One bot decision (the "Next move" button)."""
        if advance_bots(self.game, self._bots, limit=1, each=self._bot_moved):
            self._refresh()

    def run_bots(self) -> None:
        """Bots move until it is the child's decision or the game ends ("Skip")."""
        advance_bots(self.game, self._bots, limit=MAX_BOT_STEPS,
                     each=lambda events: self._bot_moved(events, refresh=False))
        self._refresh()

    def discard_selected(self) -> None:
        """Discard the picked cards, or say kindly why not (the engine's own reason)."""
        cards = tuple(sorted(self.hand.selected_cards, key=sort_key))
        if not cards:
            self.feedback.say("play.prompt_pick_cards", "info")
            return
        try:
            events = self._child_plays(Move("discard", cards))
        except IllegalMove as why:
            self.feedback.show(why.text(self.lang), "bad")
            return
        self._record(events)
        self.hand.clear()  # the drawn cards may equal the thrown ones: start unpicked
        self._mode = None
        self._after_move()

    def story_lines(self) -> list[str]:
        """Everything told so far, in the current language."""
        lines = (narrate(e, HUMAN, self.lang) for e in self._story)
        return [line for line in lines if line]

    def set_lang(self, lang: str) -> None:
        self.lang = normalize_lang(lang)
        if self.language.value != self.lang:
            self.language.value = self.lang
        for view in (self.feedback, self.grid, self.discard_view, self.hand, self.coach,
                     self.learner, self.cheer):
            view.set_lang(self.lang)
        relabel_folds(self.lang, self.settings_toggle)
        self._relabel()
        self._refresh()

    # --- reacting ---------------------------------------------------------------------------
    def _record(self, events: Sequence[Event], refresh: bool = True) -> None:
        self._last_action = len(self._story)
        self._story.extend(e.seen_by(HUMAN) for e in events)
        self._cheer(events)
        if refresh:
            self._render_story()

    def _cheer(self, events: Sequence[Event]) -> None:
        """A soft tune when the child wakes or takes a queen, a bigger one at a win."""
        if any(e.kind == "game_over" and HUMAN in e.seats for e in events):
            self.cheer.cheer("win")
        elif any(e.kind in ("wake", "steal") and e.seat == HUMAN for e in events):
            self.cheer.cheer("wake")

    def _after_move(self) -> None:
        if self.auto.value:
            self.run_bots()
        else:
            self._refresh()
